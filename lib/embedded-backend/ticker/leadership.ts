import { hostname } from 'node:os';
import pg from 'pg';
import { LOCK_NAMESPACE, LOCKS } from '../advisory-locks';

/**
 * Leadership of one background job among several instances on one PostgreSQL: the leader holds a session-level
 * advisory lock on a connection of its own. When the leader stops, its unlock (or, after a crash, the server
 * closing its connection) frees the lock and another instance takes it at its next attempt.
 */
export interface LeaderElectionOptions {
  connectionString: string;
  /** Which lock (LOCKS) is contended. */
  lock?: number;
  /** Milliseconds between attempts of a follower, and between the leader's connection checks (default 2 s). */
  retryMs?: number;
  /** Shown in pg_stat_activity.application_name, so operators (and the tests) can see who leads. */
  applicationName?: string;
  /** This instance became the leader. */
  onElected(): void;
  /** This instance is no longer the leader (lost connection or stop()); resolves once the work has stopped. */
  onDemoted(): Promise<void> | void;
  log?: (message: string) => void;
}

export interface LeaderElection {
  readonly leader: boolean;
  /** Stops the work if leading, releases the lock and closes the connection. */
  stop(): Promise<void>;
}

export const DEFAULT_RETRY_MS = 2000;

/** The application_name of this process's leadership connection. */
export function leadershipApplicationName(): string {
  return `ops-console ticker ${hostname()}:${process.pid}`.slice(0, 63);
}

export function startLeaderElection(options: LeaderElectionOptions): LeaderElection {
  const lock = options.lock ?? LOCKS.ticker;
  const retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  const log = options.log ?? ((message: string) => console.info(message));
  let client: pg.Client | undefined;
  let leader = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> | undefined;
  let demoting: Promise<void> | undefined;

  const demote = (reason: string): Promise<void> => {
    if (!leader) return demoting ?? Promise.resolve();
    leader = false;
    log(`[embedded-backend] demo ticker: leadership ended (${reason})`);
    demoting = Promise.resolve()
      .then(() => options.onDemoted())
      .catch((error: unknown) => log(`[embedded-backend] demo ticker: stopping failed: ${String(error)}`))
      .finally(() => {
        demoting = undefined;
      });
    return demoting;
  };

  /** A broken connection ends leadership at once: the server has already released the lock with it. */
  const drop = (reason: string) => {
    const broken = client;
    client = undefined;
    broken?.removeAllListeners();
    broken?.on('error', () => undefined);
    void broken?.end().catch(() => undefined);
    void demote(reason);
  };

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: options.applicationName ?? leadershipApplicationName(),
      // A leader whose host vanished is noticed by the server through TCP keepalive, which frees the lock.
      keepAlive: true,
    });
    next.on('error', (error) => {
      if (client === next) drop(`connection error: ${error.message}`);
    });
    next.on('end', () => {
      if (client === next) drop('connection closed');
    });
    await next.connect();
    return next;
  };

  const once = async () => {
    try {
      if (!client) client = await connect();
      const current = client;
      if (leader) {
        // The leader checks its connection: a silent failure would otherwise leave two instances ticking.
        await current.query('SELECT 1');
        return;
      }
      const result = await current.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
        LOCK_NAMESPACE,
        lock,
      ]);
      if (stopped || client !== current) {
        if (result.rows[0]?.ok)
          await current
            .query('SELECT pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, lock])
            .catch(() => undefined);
        return;
      }
      if (result.rows[0]?.ok) {
        leader = true;
        log('[embedded-backend] demo ticker: this instance leads (advisory lock held)');
        options.onElected();
      }
    } catch (error) {
      if (!stopped) drop(`attempt failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      attempt = once().finally(() => {
        attempt = undefined;
        schedule(retryMs);
      });
    }, delay);
    // Leadership never keeps a process alive on its own.
    timer.unref();
  };

  schedule(0);

  return {
    get leader() {
      return leader;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      await attempt;
      await demote('stopping');
      const current = client;
      client = undefined;
      if (!current) return;
      current.removeAllListeners();
      current.on('error', () => undefined);
      // pg_advisory_unlock hands the lock over at once; ending the session would release it too.
      await current.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
      await current.end().catch(() => undefined);
    },
  };
}
