import type { Database, Queryable } from '../db/types';
import { getEnv } from '@/lib/env';
import {
  recordCheckResults,
  runnableCheck,
  simulateCheck,
  type CheckRunResult,
  type RunnableCheck,
} from '../endpoints/shared/check-run';
import { canaryIntervalSeconds, syncCanaryChecks } from './canary-sync';
import { advancePlaybookRuns } from './playbook-runs';
import { startLeaderElection, type LeaderElection } from './leadership';
import { log } from '@/lib/telemetry/probes';

/**
 * The demo liveness ticker (issue 4): keeps each canary's checks in step with its spec (canary-sync.ts), appends
 * check statuses and canary job history at the checks' intervals and advances playbook runs, so the health board and
 * the job history move while someone watches.
 */

export interface TickResult {
  checks: number;
  jobs: number;
  playbookRuns: number;
}

export interface DemoTicker {
  /** One pass at `now` (tests call it directly with a controlled clock). */
  tick(now?: Date): Promise<TickResult>;
  /** Starts the timer (idempotent); the timer never keeps the process alive. */
  start(): void;
  /** Stops the timer and waits for a pass in progress to end. */
  stop(): Promise<void>;
  readonly running: boolean;
}

export interface DemoTickerOptions {
  db: Database;
  /** Injectable clock; defaults to the wall clock. */
  clock?: () => Date;
  /** Milliseconds between passes (default 5 s). */
  intervalMs?: number;
  /** Upper bound of checks run in one pass, so a long pause never turns into one huge burst. */
  maxChecksPerTick?: number;
}

const DEFAULT_INTERVAL_MS = 5000;

interface DueRow {
  id: string;
  type: string;
  name: string;
  status: string | null;
  canary_id: string;
  interval: string | null;
  canary_spec: unknown;
}

/**
 * Runs the checks whose next run time has come, plus `fresh` ones just created from a canary spec; never-run seeded
 * checks stay never-run so that state remains visible.
 */
async function runDueChecks(
  db: Queryable,
  now: Date,
  limit: number,
  fresh: readonly string[] = [],
): Promise<{ checks: number; jobs: number }> {
  const due = await db.query<DueRow>(
    `SELECT c.id, c.type, c.name, c.status, c.canary_id, c.spec ->> 'interval' AS interval, k.spec AS canary_spec
       FROM checks c JOIN canaries k ON k.id = c.canary_id
      WHERE c.deleted_at IS NULL AND k.deleted_at IS NULL
        AND ((c.last_runtime IS NOT NULL AND coalesce(c.next_runtime, c.last_runtime) <= $1) OR c.id = ANY($3::uuid[]))
      ORDER BY coalesce(c.next_runtime, c.last_runtime) LIMIT $2`,
    [now.toISOString(), limit, fresh],
  );
  if (due.rows.length === 0) return { checks: 0, jobs: 0 };
  const checks: RunnableCheck[] = due.rows.map((r) => runnableCheck(r, canaryIntervalSeconds(r.canary_spec)));
  const results: CheckRunResult[] = checks.map((c) => simulateCheck(c, now));
  const byCanary = new Map<string, { passed: number; failed: number; duration: number; errors: string[] }>();
  due.rows.forEach((r, i) => {
    const res = results[i];
    if (!res) return;
    const agg = byCanary.get(r.canary_id) ?? { passed: 0, failed: 0, duration: 0, errors: [] };
    if (res.pass) agg.passed++;
    else {
      agg.failed++;
      if (res.error) agg.errors.push(`${res.name}: ${res.error}`);
    }
    agg.duration = Math.max(agg.duration, res.duration);
    byCanary.set(r.canary_id, agg);
  });
  const jobs = [...byCanary.entries()].map(([canaryId, a]) => ({
    resource_id: canaryId,
    status: a.failed === 0 ? 'SUCCESS' : a.passed === 0 ? 'FAILED' : 'WARNING',
    success_count: a.passed,
    error_count: a.failed,
    duration_millis: a.duration,
    time_start: new Date(now.getTime() - a.duration).toISOString(),
    time_end: now.toISOString(),
    details: a.errors.length ? { errors: a.errors.slice(0, 10) } : {},
  }));
  await recordCheckResults(db, checks, results);
  await db.query(
    `INSERT INTO job_history (name, resource_type, resource_id, status, success_count, error_count, duration_millis,
        hostname, time_start, time_end, created_at, details)
     SELECT 'Canary', 'canary', resource_id, status, success_count, error_count, duration_millis, 'embedded-backend',
            time_start, time_end, time_end, details
       FROM json_to_recordset($1::json) AS j(resource_id text, status text, success_count int, error_count int,
            duration_millis int, time_start timestamptz, time_end timestamptz, details jsonb)`,
    [JSON.stringify(jobs)],
  );
  return { checks: checks.length, jobs: jobs.length };
}

export function createDemoTicker(options: DemoTickerOptions): DemoTicker {
  const { db } = options;
  const clock = options.clock ?? (() => new Date());
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const maxChecks = options.maxChecksPerTick ?? 1000;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> | undefined;

  const tick = async (now: Date = clock()): Promise<TickResult> => {
    const checked = await db.transaction(async (tx) =>
      runDueChecks(tx, now, maxChecks, await syncCanaryChecks(tx, now)),
    );
    const playbookRuns = await db.transaction((tx) => advancePlaybookRuns(tx, now));
    return { checks: checked.checks, jobs: checked.jobs, playbookRuns };
  };

  const onExit = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };

  return {
    tick,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        // Passes never overlap: a slow pass makes the next one wait for the following interval.
        if (inFlight) return;
        inFlight = tick()
          .catch((error: unknown) => {
            const message = error instanceof Error ? error.message : String(error);
            // A closed database means the backend shut down: the ticker ends with it instead of failing every pass.
            if (/closed|after calling end|ended/i.test(message)) onExit();
            else if (timer) log.warn(`[embedded-backend] demo ticker pass failed: ${message}`);
          })
          .finally(() => {
            inFlight = undefined;
          });
      }, intervalMs);
      timer.unref();
      process.once('beforeExit', onExit);
    },
    async stop() {
      onExit();
      process.removeListener('beforeExit', onExit);
      await inFlight?.catch(() => undefined);
    },
    get running() {
      return timer !== undefined;
    },
  };
}

export interface StartDemoTickerOptions extends Omit<DemoTickerOptions, 'db'> {
  /**
   * The database is shared by several instances (DATABASE_URL): the ticker runs only on the instance holding the
   * ticker's advisory lock, taken over by another one within `retryMs` when that instance stops.
   */
  shared?: { connectionString: string; retryMs?: number; applicationName?: string };
}

/** A ticker that runs while this instance leads; start() joins the election, stop() leaves it. */
function leaderOnlyTicker(
  ticker: DemoTicker,
  shared: NonNullable<StartDemoTickerOptions['shared']>,
): DemoTicker & { readonly leader: boolean } {
  let election: LeaderElection | undefined;
  return {
    tick: ticker.tick,
    start() {
      election ??= startLeaderElection({
        ...shared,
        onElected: () => ticker.start(),
        onDemoted: () => ticker.stop(),
      });
    },
    async stop() {
      const current = election;
      election = undefined;
      await current?.stop();
      await ticker.stop();
    },
    get running() {
      return ticker.running;
    },
    get leader() {
      return election?.leader ?? false;
    },
  };
}

/** Starts the ticker for a backend unless DEMO_TICKER=false; returns it (started or not) so callers can stop it. */
export function startDemoTicker(db: Database, options: StartDemoTickerOptions = {}): DemoTicker {
  const { shared, ...tickerOptions } = options;
  const plain = createDemoTicker({ db, ...tickerOptions });
  const ticker = shared ? leaderOnlyTicker(plain, shared) : plain;
  if (getEnv().DEMO_TICKER) ticker.start();
  return ticker;
}
