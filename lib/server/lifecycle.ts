import { subscribe } from 'node:diagnostics_channel';
import { log as serverLog } from '@/lib/telemetry/probes';

/**
 * Start-up and graceful shutdown of a console server process (`next start` or the standalone server.js).
 *
 * Next's own SIGTERM/SIGINT handler (next/dist/server/lib/start-server.js) closes the HTTP server, which stops
 * accepting connections and waits for the requests in flight, then calls process.exit(143) at once: nothing of
 * ours would get to close the database. So the handler is wrapped: on the signal, readiness turns 503 (draining),
 * Next's handler runs after SHUTDOWN_DRAIN_MS, and its final process.exit is held until our resources are closed
 * (the demo ticker's pass and leadership, then the database). SHUTDOWN_TIMEOUT_MS bounds the whole sequence.
 *
 * A closing Node server also waits for keep-alive connections that become idle after the signal (a proxy's or a
 * browser's, up to the 5 s keep-alive timeout), so once draining, idle connections are closed as they appear.
 */

type Signal = 'SIGTERM' | 'SIGINT';
type Listener = (signal: Signal) => void;

/** The part of `process` the shutdown uses (tests pass a fake). */
export interface ProcessLike {
  listeners(event: Signal): ((...args: never[]) => unknown)[];
  removeListener(event: Signal, listener: Listener): unknown;
  on(event: Signal, listener: Listener): unknown;
  exit: (code?: number) => never;
}

export interface GracefulShutdownOptions {
  /** Upper bound from the signal to exit (requests in flight included). */
  timeoutMs: number;
  /** Pause between readiness turning 503 and the listener closing. */
  drainMs: number;
  /** Closes what the process owns once no request runs any more (or the bound is reached). */
  close: () => Promise<void>;
  proc?: ProcessLike;
  /** The HTTP servers of this process (default: those seen serving a request, see trackHttpServers). */
  servers?: () => Iterable<IdleCloser>;
  log?: (message: string) => void;
}

/** The part of node:http's Server the shutdown uses. */
export interface IdleCloser {
  closeIdleConnections(): void;
}

/** Milliseconds between closing idle connections while draining. */
const IDLE_SWEEP_MS = 100;

let trackedServers: Set<IdleCloser> | undefined;

/**
 * The HTTP servers of this process, learnt from Node's http.server.request.start diagnostics channel (published
 * before a request reaches the server's listener): Next creates its server without giving the app a handle on it.
 */
export function trackHttpServers(): () => Iterable<IdleCloser> {
  if (!trackedServers) {
    const servers = new Set<IdleCloser>();
    trackedServers = servers;
    subscribe('http.server.request.start', (message) => {
      const server = (message as { server?: IdleCloser }).server;
      if (server && !servers.has(server)) servers.add(server);
    });
  }
  const servers = trackedServers;
  return () => servers;
}

interface LifecycleState {
  draining: boolean;
  installed: boolean;
}

// On globalThis: instrumentation and route handlers are separate bundles with separate module instances.
const STATE_KEY = Symbol.for('ops-console.server-lifecycle');
function state(): LifecycleState {
  const g = globalThis as typeof globalThis & { [STATE_KEY]?: LifecycleState };
  g[STATE_KEY] ??= { draining: false, installed: false };
  return g[STATE_KEY];
}

/** True from the shutdown signal on: readiness answers 503 so load balancers stop sending requests here. */
export function isDraining(): boolean {
  return state().draining;
}

const EXIT_CODES: Record<Signal, number> = { SIGINT: 130, SIGTERM: 143 };

/** Installs the shutdown sequence once per process; returns false when it was already installed. */
export function installGracefulShutdown(options: GracefulShutdownOptions): boolean {
  const s = state();
  if (s.installed) return false;
  s.installed = true;
  const proc = options.proc ?? (process as unknown as ProcessLike);
  const log = options.log ?? ((message: string) => console.info(message));
  const logError = serverLog.error;
  const realExit = proc.exit.bind(proc) as (code?: number) => never;
  const servers = options.servers ?? trackHttpServers();
  let finishing: Promise<void> | undefined;
  let hardStop: NodeJS.Timeout | undefined;
  let started = 0;

  const finish = (code: number, why: string): Promise<void> => {
    finishing ??= (async () => {
      if (hardStop) clearTimeout(hardStop);
      log(`[server] ${why}: closing the database`);
      // Closing gets what is left of the bound, but at least a second: a ticker pass commits or rolls back in that time.
      const left = Math.max(1000, options.timeoutMs - (Date.now() - started));
      let timer: NodeJS.Timeout | undefined;
      const closed = await Promise.race([
        options.close().then(
          () => true,
          (error: unknown) => {
            logError('[server] closing failed', { err: error });
            return true;
          },
        ),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), left);
        }),
      ]);
      if (timer) clearTimeout(timer);
      if (!closed) logError(`[server] closing took longer than ${left} ms: exiting anyway`);
      log(`[server] stopped in ${Date.now() - started} ms`);
      proc.exit = realExit;
      realExit(code);
    })();
    return finishing;
  };

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // Next's handler (start-server.js) and any other, run after the drain pause instead of at the signal.
    const wrapped = proc.listeners(signal) as Listener[];
    for (const listener of wrapped) proc.removeListener(signal, listener);
    proc.on(signal, (received) => {
      if (s.draining) return;
      s.draining = true;
      started = Date.now();
      log(
        `[server] ${received}: draining (readiness 503), then finishing the requests in flight (at most ${options.timeoutMs} ms)`,
      );
      hardStop = setTimeout(
        () => void finish(EXIT_CODES[received], 'shutdown bound reached'),
        options.timeoutMs,
      );
      // Whoever exits (Next, once its server closed and requests finished) waits for our resources first.
      proc.exit = ((code?: number) => {
        void finish(code ?? EXIT_CODES[received], 'requests finished');
      }) as ProcessLike['exit'];
      setTimeout(() => {
        if (wrapped.length === 0) void finish(EXIT_CODES[received], 'no HTTP server to close');
        for (const listener of wrapped) listener(received);
        // Connections that finish their last response while the server closes end at once, not at their keep-alive timeout.
        const sweep = () => {
          for (const server of servers()) server.closeIdleConnections();
        };
        sweep();
        setInterval(sweep, IDLE_SWEEP_MS).unref();
      }, options.drainMs);
    });
  }
  return true;
}

/** Forgets the installed state (unit tests only). */
export function resetServerLifecycleForTests(): void {
  const s = state();
  s.draining = false;
  s.installed = false;
}
