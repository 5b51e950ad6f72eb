import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The seam between the code that is observed and the telemetry that observes it. Instrumented code (the backend
 * client, the /api proxy, sign-in, the embedded backend) calls these probes; instrumentation.ts installs the real
 * ones (pino, prom-client, OpenTelemetry) on the Node runtime. Without them every probe just runs its work, so
 * middleware, the browser bundles and tests pay nothing and never load those libraries. Kept on globalThis
 * because Next bundles instrumentation.ts and the route handlers separately.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Extra fields of a log line; `err` takes an Error. Never put tokens, cookies or passwords here. */
export type LogFields = Record<string, unknown>;

export interface BackendCall {
  /** `client`: a server page or route calls the typed client; `proxy`: the /api proxy forwards a browser call. */
  kind: 'client' | 'proxy';
  method: string;
  /** Backend path as called; probes keep only its template (no ids, no query). */
  path: string;
  /** Request headers, for the trace context (traceparent) the backend receives. */
  headers: Headers;
}

/** What a server render's prefetch ended with: answered and failed queries (the rest were left to the browser). */
export interface PrefetchOutcome {
  answered: number;
  failed: number;
}

export type SignInOutcome = 'success' | 'invalid' | 'throttled' | 'unavailable' | 'error';

export interface TelemetryProbes {
  log(level: LogLevel, message: string, fields?: LogFields): void;
  backendCall(call: BackendCall, run: () => Promise<Response>): Promise<Response>;
  proxyBytes(direction: 'request' | 'response', bytes: number): void;
  /** A live event stream the /api proxy carries to a browser opened, or ended (finished, failed or cancelled). */
  liveStream(event: 'open' | 'close'): void;
  signIn<T>(
    run: () => Promise<T>,
    outcomeOf: (result: T | undefined, error: unknown) => SignInOutcome,
  ): Promise<T>;
  /** A server render prefetching its `queries` queries (ARCHITECTURE §3): a span and a duration by outcome. */
  prefetch<T>(queries: number, run: () => Promise<T>, outcomeOf: (result: T) => PrefetchOutcome): Promise<T>;
  /** The embedded backend serving one request (its trace joins the caller's through traceparent). */
  backendRequest(request: Request, run: () => Promise<Response>): Promise<Response>;
  /** One SQL statement of the embedded backend's engine. */
  statement<T>(engine: string, sql: string, run: () => Promise<T>): Promise<T>;
  /**
   * The embedded backend's per-identity limiter (identity-limiter.ts): a request starts waiting in its identity's
   * queue, leaves it for a slot, or is refused because the queue is full.
   */
  identityQueue(event: 'wait' | 'leave' | 'refuse'): void;
  /** A request to the console's own HTTP server (the front door), from its start: logs and counts it when answered. */
  exchange(req: IncomingMessage, res: ServerResponse, requestId: string): void;
}

/** What runs when no telemetry is installed: the work itself, and log lines on the console as before. */
const PASS_THROUGH: TelemetryProbes = {
  log: (level, message, fields) => {
    if (level === 'debug') return;
    const write = level === 'error' ? console.error : level === 'warn' ? console.warn : console.info;
    const err = fields?.err;
    const detail = err instanceof Error ? err.message : err;
    if (detail === undefined) write(message);
    else write(message, detail);
  },
  backendCall: (_call, run) => run(),
  proxyBytes: () => undefined,
  liveStream: () => undefined,
  signIn: (run) => run(),
  prefetch: (_queries, run) => run(),
  backendRequest: (_request, run) => run(),
  statement: (_engine, _sql, run) => run(),
  identityQueue: () => undefined,
  exchange: () => undefined,
};

const SLOT = Symbol.for('ops-console.telemetry.probes');
type WithProbes = typeof globalThis & { [SLOT]?: TelemetryProbes };

export function probes(): TelemetryProbes {
  return (globalThis as WithProbes)[SLOT] ?? PASS_THROUGH;
}

/** instrumentation.ts (and `npm run backend`, tests): puts the real probes in place for the whole process. */
export function installProbes(installed: TelemetryProbes | undefined): void {
  (globalThis as WithProbes)[SLOT] = installed;
}

/** The server log, structured when telemetry is installed: `log.info('[area] what happened', { field })`. */
export const log = {
  debug: (message: string, fields?: LogFields) => probes().log('debug', message, fields),
  info: (message: string, fields?: LogFields) => probes().log('info', message, fields),
  warn: (message: string, fields?: LogFields) => probes().log('warn', message, fields),
  error: (message: string, fields?: LogFields) => probes().log('error', message, fields),
};
