import http from 'node:http';
import pg from 'pg';
import { LOCK_NAMESPACE, LOCKS } from '@/lib/embedded-backend/advisory-locks';
import { MIGRATIONS } from '@/lib/embedded-backend/schema/migrations';
import {
  requireStandaloneBuild,
  signInOverHttp,
  signOutOverHttp,
  startConsoleInstance,
  type ConsoleInstance,
} from './helpers/console-instance';
import { pgBinariesAvailable, startPgCluster, type PgCluster } from './helpers/pg-cluster';
import { openStream } from './helpers/sse-client';

/**
 * Two console servers on one throw-away PostgreSQL, each the real production entry point (node
 * .next/standalone/server.js, what the container image runs), so that what makes a session valid on the other
 * instance (the next-auth cookie, sealed with the shared AUTH_SECRET, and the backend token inside it) is tested
 * where it lives: in the console, not in the embedded backend alone. Needs `npm run build` first.
 */

const describePg = pgBinariesAvailable() ? describe : describe.skip;
if (!pgBinariesAvailable())
  console.warn('[tests] PostgreSQL 15 binaries not found: skipping the two-instance test');

const AUTH_SECRET = 'multi-instance-test-secret-0123456789';

async function until<T>(
  probe: () => Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return { value, ms: Date.now() - started };
    if (Date.now() - started > timeoutMs)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describePg('two console instances on one PostgreSQL', () => {
  let cluster: PgCluster;
  let admin: pg.Client;
  const instances: ConsoleInstance[] = [];
  let a: ConsoleInstance;
  let b: ConsoleInstance;
  let cookie: string;
  let personId: string;
  /** Teams written through the consoles, each with the answer it got: all must survive every restart. */
  const written: string[] = [];

  const start = async (name: string) => {
    const instance = await startConsoleInstance(name, {
      DATABASE_URL: cluster.url,
      AUTH_SECRET,
      AUTH_PROVIDER: 'basic',
      DEMO_TICKER: 'true',
      // A production server on DATABASE_URL seeds the demo accounts only when asked (issue 31 item 15).
      DEMO_DATA: 'true',
      SHUTDOWN_TIMEOUT_MS: '10000',
    });
    instances.push(instance);
    return instance;
  };

  const count = async (sql: string): Promise<number> =>
    Number((await admin.query<{ n: string }>(`SELECT count(*) AS n FROM (${sql}) x`)).rows[0]?.n);

  /** The process holding the ticker's advisory lock, by its pid in the application name. */
  const tickerLeaderPid = async (): Promise<number | undefined> => {
    const r = await admin.query<{ name: string }>(
      `SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.classid = $1 AND l.objid = $2 AND l.granted`,
      [LOCK_NAMESPACE, LOCKS.ticker],
    );
    const match = /:(\d+)$/.exec(r.rows[0]?.name ?? '');
    return match ? Number(match[1]) : undefined;
  };

  const api = (instance: ConsoleInstance, path: string, init: RequestInit = {}, as = cookie) =>
    fetch(`${instance.base}/api${path}`, { ...init, headers: { cookie: as, ...init.headers } });

  const writeTeam = async (instance: ConsoleInstance, name: string) => {
    const response = await api(instance, '/db/teams', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ name, created_by: personId }),
    });
    expect(response.status).toBe(201);
    written.push(name);
  };

  beforeAll(async () => {
    requireStandaloneBuild();
    cluster = await startPgCluster();
    admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    // Both start together on the empty database: one migrates and seeds, the other waits for it.
    [a, b] = await Promise.all([start('a'), start('b')]);
    await Promise.all([a.waitReady(), b.waitReady()]);
  }, 180_000);

  afterAll(async () => {
    for (const instance of instances) instance.signal('SIGKILL');
    await Promise.all(instances.map((i) => i.exited));
    await admin?.end();
    await cluster?.stop();
  });

  it('applies the migrations and the demo seed once', async () => {
    expect(await count('SELECT version FROM schema_migrations')).toBe(MIGRATIONS.length);
    expect(await count('SELECT 1 FROM embedded_seed')).toBe(1);
    expect(await count(`SELECT 1 FROM people WHERE email = 'admin@demo.local'`)).toBe(1);
    const waited = [a, b].filter((i) =>
      i.output().includes('another instance is migrating or seeding the database'),
    );
    expect(waited.length).toBeLessThanOrEqual(1);
  });

  it('a session made on one instance is valid on the other', async () => {
    cookie = await signInOverHttp(a.base, 'admin');
    const whoami = await api(b, '/auth/whoami');
    expect(whoami.status).toBe(200);
    personId = ((await whoami.json()) as { payload: { user: { id: string } } }).payload.user.id;
    expect(personId).toMatch(/^[0-9a-f-]{36}$/);
    const checks = await api(b, '/db/checks?select=id,name&limit=2');
    expect(checks.status).toBe(200);
    expect(await checks.json()).toHaveLength(2);
    // The server-rendered page too: no redirect to /login on the instance that did not sign the person in.
    const page = await fetch(`${b.base}/health`, { headers: { cookie }, redirect: 'manual' });
    expect(page.status).toBe(200);
    // Without the cookie, the other instance refuses.
    expect((await fetch(`${b.base}/api/db/checks?limit=1`)).status).toBe(401);
  });

  it('a row written through one instance is read through the other', async () => {
    await writeTeam(b, 'written-on-b');
    const read = await api(a, '/db/teams?select=name&name=eq.written-on-b');
    expect(await read.json()).toEqual([{ name: 'written-on-b' }]);
  });

  // Issue 32: each instance LISTENs on the shared database itself, so a write through A is on B's /api/events
  // within the live budget (1 s), measured from the start of the POST on A to the event on B's stream.
  it('a write through one instance reaches an event stream served by the other within a second', async () => {
    const stream = openStream(`${b.base}/api/events?kinds=comment`, { cookie });
    expect((await stream.ready).status).toBe(200);
    await stream.waitFor((m) => Boolean(m.comment?.startsWith('connected')), 10_000);
    const incident = (
      await admin.query<{ id: string }>('SELECT id FROM incidents ORDER BY created_at LIMIT 1')
    ).rows[0]!.id;
    const latencies: number[] = [];
    try {
      for (let i = 0; i < 10; i++) {
        const started = Date.now();
        const response = await api(a, '/db/comments', {
          method: 'POST',
          headers: { 'content-type': 'application/json', prefer: 'return=representation' },
          body: JSON.stringify({
            incident_id: incident,
            created_by: personId,
            comment: `across instances ${i}`,
          }),
        });
        expect(response.status).toBe(201);
        const [row] = (await response.json()) as { id: string }[];
        const got = await stream.waitFor((m) => m.data?.id === row!.id, 5000);
        latencies.push(Date.now() - started);
        expect(got.data).toEqual({ kind: 'comment', id: row!.id, op: 'insert' });
      }
    } finally {
      stream.close();
    }
    latencies.sort((x, y) => x - y);
    console.info(`[multi-instance] write on A → event on B, 10 writes: ${latencies.join(', ')} ms`);
    // p90 of ten: one slow sample on this shared, loaded machine is reported above but does not fail the budget.
    expect(latencies[8]).toBeLessThanOrEqual(1000);
  });

  // The cross-instance half of the session revocation (issue 13 item 9: sign-outs recorded in the database).
  it('sign-out on one instance ends the session on the other', async () => {
    const viewer = await signInOverHttp(a.base, 'viewer');
    expect((await api(b, '/db/checks?select=id&limit=1', {}, viewer)).status).toBe(200);
    await signOutOverHttp(a.base, viewer);
    // The saved cookie is refused everywhere, also where it was never signed out.
    expect((await api(b, '/db/checks?select=id&limit=1', {}, viewer)).status).toBe(401);
    expect((await api(a, '/db/checks?select=id&limit=1', {}, viewer)).status).toBe(401);
    const page = await fetch(`${b.base}/health`, { headers: { cookie: viewer }, redirect: 'manual' });
    expect(page.status).toBe(307);
    expect(page.headers.get('location')).toMatch(/\/login/);
  });

  it('runs the demo ticker on exactly one instance; another takes over within seconds when the leader is killed', async () => {
    const { value: leaderPid } = await until(tickerLeaderPid, 15_000, 'a ticker leader');
    const leader = [a, b].find((i) => i.pid === leaderPid);
    const follower = [a, b].find((i) => i.pid !== leaderPid);
    expect(leader).toBeDefined();
    const statuses = await count('SELECT 1 FROM check_statuses');
    await until(
      async () => (await count('SELECT 1 FROM check_statuses')) > statuses,
      20_000,
      'the leader to tick',
    );

    leader!.signal('SIGKILL');
    await leader!.exited;
    const { ms } = await until(
      async () => (await tickerLeaderPid()) === follower!.pid,
      15_000,
      'the follower to take over',
    );
    // The follower tries every 2 s; the server frees a dead session's locks as soon as its socket closes.
    expect(ms).toBeLessThan(5000);
    const before = await count('SELECT 1 FROM check_statuses');
    await until(
      async () => (await count('SELECT 1 FROM check_statuses')) > before,
      20_000,
      'the new leader to tick',
    );

    // The killed instance comes back as a follower; the leadership stays where it is.
    const back = await start(`${leader!.name}2`);
    await back.waitReady();
    expect(back.output()).not.toContain('applied migrations');
    await new Promise((r) => setTimeout(r, 2500));
    expect(await tickerLeaderPid()).toBe(follower!.pid);
    [a, b] = [follower!, back];
  });

  it('on SIGTERM finishes the request in flight, accepts no new connection, and exits once the database is closed', async () => {
    const target = b;
    const url = new URL(`${target.base}/api/db/teams`);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            cookie,
            'content-type': 'application/json',
            prefer: 'return=representation',
            'transfer-encoding': 'chunked',
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      // Half the body now: the request is in the server's hands when the signal arrives.
      req.write(`{"name": "in-flight-at-sigterm", `);
      setTimeout(() => {
        target.signal('SIGTERM');
        setTimeout(async () => {
          const probe = await fetch(`${target.base}/api/health`).then(
            (r) => `accepted ${r.status}`,
            (e: Error & { cause?: { code?: string } }) => e.cause?.code ?? e.message,
          );
          expect(probe).toBe('ECONNREFUSED');
          req.end(`"created_by": "${personId}"}`);
        }, 500);
      }, 500);
    });
    const { status, body } = await answer;
    expect(status).toBe(201);
    expect(body).toContain('in-flight-at-sigterm');
    written.push('in-flight-at-sigterm');
    const exit = await target.exited;
    // Next's exit code for SIGTERM, reached after our close: the log shows the order.
    expect(exit).toEqual({ code: 143, signal: null });
    const log = target.output();
    expect(log.indexOf('[server] SIGTERM: draining')).toBeGreaterThan(-1);
    expect(log.indexOf('[server] requests finished: closing the database')).toBeGreaterThan(
      log.indexOf('[server] SIGTERM: draining'),
    );
    expect(log).toMatch(/\[server\] stopped in \d+ ms/);
  });

  it('after both restart, every row is there and no ticker pass was half written', async () => {
    await writeTeam(a, 'written-before-restart');
    // The remaining instance leads the ticker: a graceful stop finishes its pass and releases the lock.
    a.signal('SIGTERM');
    expect(await a.exited).toEqual({ code: 143, signal: null });
    expect(await tickerLeaderPid()).toBeUndefined();
    const statuses = await count('SELECT 1 FROM check_statuses');
    const jobs = await count('SELECT 1 FROM job_history');

    const [c, d] = await Promise.all([start('c'), start('d')]);
    await Promise.all([c.waitReady(), d.waitReady()]);
    const names = (await (await api(c, `/db/teams?select=name&name=in.(${written.join(',')})`)).json()) as {
      name: string;
    }[];
    expect(names.map((n) => n.name).sort()).toEqual([...written].sort());
    expect(await count('SELECT 1 FROM check_statuses')).toBeGreaterThanOrEqual(statuses);
    expect(await count('SELECT 1 FROM job_history')).toBeGreaterThanOrEqual(jobs);
    expect(await count('SELECT 1 FROM embedded_seed')).toBe(1);
    // A pass writes a check's status and its last run in one transaction: a status newer than the check's last
    // run would be a pass cut in half.
    expect(
      await count(
        `SELECT 1 FROM checks c WHERE EXISTS (SELECT 1 FROM check_statuses s WHERE s.check_id = c.id AND s.time > c.last_runtime)`,
      ),
    ).toBe(0);
    // The same cookie still works on the new processes (nothing about the session lived in a process).
    expect((await api(d, '/db/checks?select=id&limit=1')).status).toBe(200);
    await until(tickerLeaderPid, 15_000, 'a new ticker leader');
  });
});
