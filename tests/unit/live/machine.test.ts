import { liveLabel } from '@/lib/live/label';
import {
  INITIAL_STATE,
  MAX_FAILURES,
  reduceLive,
  wantsStream,
  type LiveInput,
  type LiveState,
} from '@/lib/live/machine';

const run = (inputs: LiveInput['type'][], from: LiveState = INITIAL_STATE) =>
  inputs.reduce((state, type) => reduceLive(state, { type } as LiveInput), from);

describe('live-updates state machine', () => {
  it('goes live on open and back to reconnecting on an error, counting failures', () => {
    expect(run(['open'])).toEqual({ status: 'live', failures: 0 });
    expect(run(['open', 'error'])).toEqual({ status: 'reconnecting', failures: 1 });
    expect(run(['open', 'error', 'open'])).toEqual({ status: 'live', failures: 0 });
  });

  it('falls back to polling after repeated failures, and at once when the backend has no stream', () => {
    const failing = run(Array.from({ length: MAX_FAILURES }, () => 'error' as const));
    expect(failing.status).toBe('polling');
    expect(run(['error', 'error']).status).toBe('reconnecting');
    expect(run(['unavailable']).status).toBe('polling');
    // Further errors while polling change nothing; the retry timer tries the stream again from scratch.
    expect(run(['unavailable', 'error']).status).toBe('polling');
    expect(run(['unavailable', 'retry'])).toEqual({ status: 'connecting', failures: 0 });
    expect(run(['open', 'retry']).status).toBe('live');
  });

  it('pauses while hidden and reconnects when shown, unless it had fallen back to polling', () => {
    expect(run(['open', 'hidden']).status).toBe('hidden');
    expect(run(['open', 'hidden', 'error']).status).toBe('hidden');
    expect(run(['open', 'hidden', 'open']).status).toBe('hidden');
    expect(run(['open', 'hidden', 'visible']).status).toBe('connecting');
    expect(run(['unavailable', 'hidden', 'visible'])).toEqual({
      status: 'polling',
      failures: MAX_FAILURES,
      noStream: true,
    });
  });

  it('obeys the switch: off ignores everything but enable, which starts over', () => {
    const off = run(['open', 'disable']);
    expect(off).toEqual({ status: 'off', failures: 0 });
    for (const type of ['open', 'error', 'unavailable', 'hidden', 'visible', 'retry'] as const)
      expect(reduceLive(off, { type })).toBe(off);
    expect(reduceLive(off, { type: 'enable' })).toEqual({ status: 'connecting', failures: 0 });
    expect(run(['unavailable', 'disable', 'enable']).status).toBe('connecting');
    // Enabling what is already on is no change (the connection does nothing).
    const live = run(['open']);
    expect(reduceLive(live, { type: 'enable' })).toBe(live);
  });

  it('holds a stream only while connecting, live or reconnecting, and shows four words', () => {
    expect(
      ['connecting', 'live', 'reconnecting', 'polling', 'hidden', 'off'].map((s) => wantsStream(s as never)),
    ).toEqual([true, true, true, false, false, false]);
    expect(
      (['connecting', 'live', 'reconnecting', 'polling', 'hidden', 'off'] as const).map(liveLabel),
    ).toEqual(['Reconnecting', 'Live', 'Reconnecting', 'Polling', 'Paused', 'Paused']);
  });
});
