/**
 * The live-updates state of a tab as a pure reducer, so every transition is unit-tested. `off` is the person's
 * switch, `hidden` a background tab; both show as paused. After MAX_FAILURES failed attempts in a row, or a backend
 * without /events, the tab falls back to the screens' own polling and tries the stream again later.
 */

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'polling' | 'hidden' | 'off';

export interface LiveState {
  status: LiveStatus;
  /** Failed attempts since the stream was last open. */
  failures: number;
  /** Polling because the backend has no stream at all (404), not because it failed: retried rarely. */
  noStream?: boolean;
}

export type LiveInput =
  | { type: 'open' }
  | { type: 'error' }
  /** The backend has no /events (404): polling at once. */
  | { type: 'unavailable' }
  | { type: 'hidden' }
  | { type: 'visible' }
  | { type: 'enable' }
  | { type: 'disable' }
  /** Polling's timer: try the stream again. */
  | { type: 'retry' };

export const MAX_FAILURES = 3;

export const INITIAL_STATE: LiveState = { status: 'connecting', failures: 0 };

export function reduceLive(state: LiveState, input: LiveInput): LiveState {
  if (input.type === 'disable') return { status: 'off', failures: 0 };
  if (state.status === 'off') return input.type === 'enable' ? { status: 'connecting', failures: 0 } : state;
  switch (input.type) {
    case 'enable':
      return state;
    case 'hidden':
      return { ...state, status: 'hidden' };
    case 'visible':
      return state.status === 'hidden'
        ? { ...state, status: state.failures >= MAX_FAILURES ? 'polling' : 'connecting' }
        : state;
    case 'open':
      return state.status === 'hidden' ? state : { status: 'live', failures: 0 };
    case 'error': {
      if (state.status === 'hidden' || state.status === 'polling') return state;
      const failures = state.failures + 1;
      return { status: failures >= MAX_FAILURES ? 'polling' : 'reconnecting', failures };
    }
    case 'unavailable':
      return state.status === 'hidden'
        ? state
        : { status: 'polling', failures: MAX_FAILURES, noStream: true };
    case 'retry':
      return state.status === 'polling' ? { status: 'connecting', failures: 0 } : state;
  }
}

/** Whether the tab should hold a stream open in this state. */
export function wantsStream(status: LiveStatus): boolean {
  return status === 'connecting' || status === 'live' || status === 'reconnecting';
}
