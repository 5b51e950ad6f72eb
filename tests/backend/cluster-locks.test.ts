import pg from 'pg';
import { LOCK_NAMESPACE, LOCKS } from '@/lib/embedded-backend/advisory-locks';
import { prepareDatabase } from '@/lib/embedded-backend/bootstrap';
import { openDatabase } from '@/lib/embedded-backend/db/open-database';
import { MIGRATIONS } from '@/lib/embedded-backend/schema/migrations';
import { startDemoTicker } from '@/lib/embedded-backend/ticker';
import { startLeaderElection, type LeaderElection } from '@/lib/embedded-backend/ticker/leadership';
import { pgBinariesAvailable, startPgCluster, type PgCluster } from './helpers/pg-cluster';

/**
 * Several console instances on one PostgreSQL, in one process: the start-up lock (migrations and seed applied
 * once) and the demo ticker's leadership (exactly one instance ticks; another takes over when it stops or dies).
 * tests/backend/multi-instance.test.ts runs the same with real server processes.
 */

const describePg = pgBinariesAvailable() ? describe : describe.skip;
if (!pgBinariesAvailable())
  console.warn('[tests] PostgreSQL 15 binaries not found: skipping the multi-instance lock tests');

async function until(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return Date.now() - started;
}

describePg('several instances on one PostgreSQL', () => {
  let cluster: PgCluster;
  let admin: pg.Client;

  /** application_name of the session holding the ticker lock, or undefined. */
  async function tickerLockHolder(): Promise<string | undefined> {
    const r = await admin.query<{ name: string }>(
      `SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.classid = $1 AND l.objid = $2 AND l.granted`,
      [LOCK_NAMESPACE, LOCKS.ticker],
    );
    return r.rows[0]?.name;
  }

  beforeAll(async () => {
    cluster = await startPgCluster();
    admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await cluster?.stop();
  });

  it('migrates and seeds once when two instances start together; the second waits and finds everything applied', async () => {
    const logs: string[] = [];
    const spy = jest.spyOn(console, 'info').mockImplementation((message: string) => void logs.push(message));
    const [a, b] = await Promise.all([
      openDatabase({ databaseUrl: cluster.url }),
      openDatabase({ databaseUrl: cluster.url }),
    ]);
    try {
      const options = {};
      const [first, second] = await Promise.all([prepareDatabase(a, options), prepareDatabase(b, options)]);
      const results = [first, second].sort((x, y) => y.migrate.applied.length - x.migrate.applied.length);
      expect(results[0]?.migrate.applied).toEqual(MIGRATIONS.map((m) => m.version));
      expect(results[1]?.migrate.applied).toEqual([]);
      expect([first.seed?.seeded, second.seed?.seeded].sort()).toEqual([false, true]);
      expect(logs).toContain(
        '[embedded-backend] another instance is migrating or seeding the database: waiting for it',
      );

      const migrations = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(migrations.rows[0]?.n).toBe(MIGRATIONS.length);
      const seeds = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM embedded_seed');
      expect(seeds.rows[0]?.n).toBe(1);
      const people = await admin.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM people WHERE email = 'admin@demo.local'`,
      );
      expect(people.rows[0]?.n).toBe(1);

      // A later start takes the lock at once and changes nothing.
      const again = await prepareDatabase(a, options);
      expect(again.migrate.applied).toEqual([]);
      expect(again.seed?.seeded).toBe(false);
    } finally {
      spy.mockRestore();
      await Promise.all([a.close(), b.close()]);
    }
    // No start-up lock is left behind.
    const held = await admin.query(
      'SELECT 1 FROM pg_locks WHERE locktype = $1 AND classid = $2 AND objid = $3',
      ['advisory', LOCK_NAMESPACE, LOCKS.startup],
    );
    expect(held.rowCount).toBe(0);
  });

  it('elects one leader, hands over at once on stop, and within the retry interval when the leader connection dies', async () => {
    const events: string[] = [];
    const elect = (name: string): LeaderElection =>
      startLeaderElection({
        connectionString: cluster.url,
        retryMs: 200,
        applicationName: name,
        log: () => undefined,
        onElected: () => void events.push(`${name} elected`),
        onDemoted: () => void events.push(`${name} demoted`),
      });
    const a = elect('instance-a');
    await until(() => a.leader, 5000, 'a to lead');
    const b = elect('instance-b');
    const c = elect('instance-c');
    await new Promise((r) => setTimeout(r, 600));
    expect([a.leader, b.leader, c.leader]).toEqual([true, false, false]);
    expect(await tickerLockHolder()).toBe('instance-a');

    // The leader's server session is killed (a crashed host, a network cut): someone else leads within seconds.
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'instance-a'`,
    );
    const takeover = await until(() => b.leader || c.leader, 5000, 'b or c to take over');
    expect(takeover).toBeLessThan(2000);
    await until(() => !a.leader, 1000, 'a to notice');
    expect(events).toContain('instance-a demoted');
    const second = b.leader ? b : c;
    const third = b.leader ? c : b;
    expect([b.leader, c.leader].filter(Boolean)).toHaveLength(1);

    // A graceful stop releases the lock: the next attempt of a follower (a reconnected, or the third) gets it.
    await second.stop();
    expect(second.leader).toBe(false);
    await until(() => a.leader || third.leader, 2000, 'a follower to take over after stop');
    expect([a.leader, third.leader].filter(Boolean)).toHaveLength(1);

    await Promise.all([a.stop(), third.stop()]);
    expect(await tickerLockHolder()).toBeUndefined();
  });

  it('runs the demo ticker on the leading instance only', async () => {
    const quiet = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const db = await openDatabase({ databaseUrl: cluster.url });
    const [x, y] = [0, 1].map(() =>
      startDemoTicker(db, { intervalMs: 100, shared: { connectionString: cluster.url, retryMs: 150 } }),
    ) as [ReturnType<typeof startDemoTicker>, ReturnType<typeof startDemoTicker>];
    try {
      await until(() => x.running || y.running, 5000, 'one ticker to run');
      await new Promise((r) => setTimeout(r, 500));
      expect([x.running, y.running].filter(Boolean)).toHaveLength(1);
      const [leader, follower] = x.running ? [x, y] : [y, x];
      await leader.stop();
      expect(leader.running).toBe(false);
      await until(() => follower.running, 3000, 'the follower to start ticking');
    } finally {
      await Promise.all([x.stop(), y.stop()]);
      await db.close();
      quiet.mockRestore();
    }
  });
});
