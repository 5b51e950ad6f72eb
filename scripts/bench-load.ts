import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  requireStandaloneBuild,
  signInOverHttp,
  startConsoleInstance,
  type ConsoleInstance,
} from '@/tests/backend/helpers/console-instance';
import { pgBinariesAvailable, startPgCluster } from '@/tests/backend/helpers/pg-cluster';
import type { DemoRole } from '@/lib/embedded-backend/seed/demo-people';
import { percentile } from './lib/console-server';
import { cpuMs } from './lib/process-cpu';

/**
 * `npm run bench:load [-- --minutes 5 --users 200 --kill-at 0.5]` (issue 35): two console instances (the
 * production server, node .next/standalone/server.js) on one throw-away PostgreSQL 15, driven by autocannon with
 * the request mix of the screens — page loads of /health, /topology, /catalog and /incidents, the /api reads those
 * pages make, and writes (incident comments, silences, playbook runs) — from `--users` signed-in virtual users of
 * mixed roles, half on each instance, for `--minutes`. Each virtual user is one autocannon connection sending its
 * next request when the last one is answered, at most one a second (autocannon's lowest rate per connection: a
 * person on call clicks less often, so this is a harder load than 200 people make).
 *
 * Before the run, each route alone (one connection, 20 requests, on A) gives the server CPU one answer costs: the
 * floor under the latencies of the run.
 *
 * At `--kill-at` of the run instance B is killed (SIGKILL): its users' in-flight requests fail, and from then on
 * they go to A with the same session cookies (as a load balancer would send them), which must stay valid there.
 * Afterwards every write an instance acknowledged (2xx) is looked up in the database: a missing one is a lost
 * write. Prints per-route p50/p95/p99, throughput, status counts, CPU per instance and the write ledger.
 * Needs a build (`npm run build`); not part of `npm test`.
 */

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1] ?? fallback) : fallback;
}

const AUTH_SECRET = 'bench-load-secret-0123456789abcdef';
const RUN = randomBytes(4).toString('hex');
/** Only these see Incidents in the console (the backend refuses the others' reads, so they have no link there). */
const INCIDENT_READERS: DemoRole[] = ['admin', 'commander', 'responder'];

interface Ids {
  incidents: string[];
  adminId: string;
  checkId: string;
  deploymentId: string;
  playbookId: string;
}

interface RouteStats {
  times: number[];
  statuses: Map<number, number>;
}

type WriteKind = 'comment' | 'silence' | 'run';

/** What was acknowledged (2xx) per write kind: the marker (comment text, silence name) or the run id. */
const acknowledged: Record<WriteKind, Set<string>> = {
  comment: new Set(),
  silence: new Set(),
  run: new Set(),
};
let writesSent = 0;
/** Numbers every write of the run, whichever instance or user loop sends it, so that each marker is unique. */
let writeNumber = 0;

/** Route label of a read: the page, or the /api endpoint without its query. */
function readLabel(path: string): string {
  const bare = path.split('?')[0] ?? path;
  if (!bare.startsWith('/api/')) return `page ${bare}`;
  return `api GET ${bare.slice(4)}`;
}

/** How autocannon builds a request from its template and the connection's context. */
type SetupRequest = (req: autocannon.Request, context: object) => autocannon.Request;

/** A virtual user: a person of its own (made for the run, password "demo") with a session of its own. */
interface VirtualUser {
  role: DemoRole;
  personId: string;
  cookie: string;
}

/** The roles of the virtual users, in turn: mostly people who read, some who write. */
const ROLE_MIX: DemoRole[] = [
  'viewer',
  'responder',
  'editor',
  'commander',
  'viewer',
  'admin',
  'responder',
  'editor',
];

/** Which write a role makes on the screens (the backend refuses the others): none for viewers. */
const WRITES_OF: Partial<Record<DemoRole, WriteKind[]>> = {
  admin: ['comment', 'silence', 'run'],
  editor: ['silence', 'run'],
  commander: ['comment'],
  responder: ['comment'],
};

/**
 * One pass of a virtual user over the screens: each pass takes the next user of `pool` (autocannon clears a
 * connection's context between passes), reads what that person's screens read, then writes what the person may. The
 * route label goes into the context, so the answer is filed under what was really sent.
 */
function userLoop(pool: VirtualUser[], ids: Ids): autocannon.Request[] {
  let next = 0;
  let writes = 0;
  const userOf = (context: Record<string, unknown>): VirtualUser =>
    (context.user as VirtualUser | undefined) ?? (context.user = pool[next++ % pool.length]!);
  const read =
    (path: string, fallback?: string): SetupRequest =>
    (req, context) => {
      const c = context as Record<string, unknown>;
      const user = userOf(c);
      // People without Incidents in their console open the playbooks instead.
      const sent = fallback && !INCIDENT_READERS.includes(user.role) ? fallback : path;
      c.label = readLabel(sent);
      return { ...req, method: 'GET', path: sent, headers: { ...req.headers, cookie: user.cookie } };
    };
  const json = { 'content-type': 'application/json' };
  const write: SetupRequest = (req, context) => {
    const c = context as Record<string, unknown>;
    const user = userOf(c);
    const kinds = WRITES_OF[user.role];
    if (!kinds) return read('/api/db/checks?select=id,name,status&order=name.asc&limit=50')!(req, context);
    const kind = kinds[writes++ % kinds.length]!;
    const marker = `load-${RUN}-${kind}-${++writeNumber}`;
    c.kind = kind;
    c.marker = marker;
    c.label = `write ${kind}`;
    writesSent += 1;
    const headers = { ...req.headers, ...json, cookie: user.cookie };
    if (kind === 'comment')
      return {
        ...req,
        method: 'POST',
        path: '/api/db/comments',
        headers: { ...headers, prefer: 'return=minimal' },
        body: JSON.stringify({
          incident_id: ids.incidents[writeNumber % ids.incidents.length],
          created_by: user.personId,
          comment: marker,
        }),
      };
    if (kind === 'silence')
      return {
        ...req,
        method: 'POST',
        path: '/api/notification/silence',
        headers,
        body: JSON.stringify({
          name: marker,
          from: new Date().toISOString(),
          until: new Date(Date.now() + 3_600_000).toISOString(),
          check_id: ids.checkId,
        }),
      };
    return {
      ...req,
      method: 'POST',
      path: '/api/playbook/run',
      headers,
      body: JSON.stringify({
        id: ids.playbookId,
        config_id: ids.deploymentId,
        params: { reason: marker, replicas: '3', wait: 'true' },
      }),
    };
  };
  const step = (setupRequest: SetupRequest): autocannon.Request => ({ setupRequest });
  return [
    step(read('/health')),
    step(read('/api/canary/api/summary')),
    step(read('/topology')),
    step(read('/api/canary/api/topology?depth=2')),
    step(read('/catalog')),
    step(
      read(
        '/api/db/config_items?select=id,name,type,status,health&deleted_at=is.null&order=name.asc&limit=50',
      ),
    ),
    step(read('/incidents', '/playbooks')),
    step(
      read(
        '/api/db/incidents?select=id,title,status,severity&order=created_at.desc&limit=50',
        '/api/db/playbooks?select=id,name,title&deleted_at=is.null&order=name.asc&limit=50',
      ),
    ),
    {
      setupRequest: write,
      onResponse: (status, body, context) => {
        const c = context as Record<string, unknown>;
        if (status < 200 || status >= 300 || !c.kind) return;
        const kind = c.kind as WriteKind;
        if (kind === 'run') {
          const runId = (JSON.parse(body) as { run_id?: string }).run_id;
          if (runId) acknowledged.run.add(runId);
        } else acknowledged[kind].add(c.marker as string);
      },
    },
  ];
}

/**
 * Makes `count` people for the run (roles from ROLE_MIX, the demo password) straight in the database, as an
 * administrator's invitations would, and signs each in once: every virtual user is its own person and session, so
 * the backend's per-person limits see 200 people, not six.
 */
async function makeUsers(db: pg.Client, base: string, count: number): Promise<VirtualUser[]> {
  const hash = (
    await db.query(
      `SELECT password_hash FROM people_passwords WHERE person_id = (SELECT id FROM people WHERE email = 'admin@demo.local')`,
    )
  ).rows[0] as { password_hash: string };
  const users: VirtualUser[] = [];
  for (let i = 0; i < count; i++) {
    const role = ROLE_MIX[i % ROLE_MIX.length]!;
    const personId = randomUUID();
    const name = `load-${RUN}-${i}`;
    await db.query(`INSERT INTO people (id, name, email, properties) VALUES ($1, $2, $3, $4)`, [
      personId,
      name,
      `${name}@load.test`,
      { role },
    ]);
    await db.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, $2)`, [personId, role]);
    await db.query(`INSERT INTO people_passwords (person_id, password_hash) VALUES ($1, $2)`, [
      personId,
      hash.password_hash,
    ]);
    // One at a time: the sign-in throttle counts every attempt from an address until it succeeds.
    users.push({ role, personId, cookie: await signInOverHttp(base, name) });
  }
  return users;
}

/** Drives `base` with autocannon and records each answer under its route (the request the client had in flight). */
function drive(
  base: string,
  connections: number,
  rate: number,
  seconds: number,
  requests: autocannon.Request[],
  stats: Map<string, RouteStats>,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections, overallRate: rate, duration: seconds, timeout: 30, requests },
      (error: unknown, result) => (error ? reject(error as Error) : resolve(result)),
    );
    instance.on('response', (client, statusCode, _bytes, responseTime) => {
      const { context } = (client as unknown as { requestIterator: { context: Record<string, unknown> } })
        .requestIterator;
      const route = String(context.label ?? 'unknown');
      const entry = stats.get(route) ?? { times: [], statuses: new Map<number, number>() };
      entry.times.push(responseTime);
      entry.statuses.set(statusCode, (entry.statuses.get(statusCode) ?? 0) + 1);
      stats.set(route, entry);
    });
  });
}

/** Each route of the loop alone on an idle instance: its latency and the server CPU one answer costs. */
async function cpuFloors(
  instance: ConsoleInstance,
  loop: autocannon.Request[],
): Promise<{ route: string; p50: number; cpuMs: number }[]> {
  const floors = [];
  for (const request of loop) {
    let label = '';
    const labelled: autocannon.Request = {
      ...request,
      setupRequest: (req, context) => {
        const built = (request.setupRequest as SetupRequest)(req, context);
        label = String((context as Record<string, unknown>).label);
        return built;
      },
    };
    const before = cpuMs(instance.pid);
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        { url: instance.base, connections: 1, amount: 20, timeout: 30, requests: [labelled] },
        (error: unknown, r) => (error ? reject(error as Error) : resolve(r)),
      );
    });
    floors.push({
      route: request.onResponse ? 'write step (comment, silence, run in turn for an admin)' : label,
      p50: result.latency.p50,
      cpuMs: (cpuMs(instance.pid) - before) / Math.max(1, result.requests.total),
    });
  }
  return floors;
}

async function lookUpIds(db: pg.Client): Promise<Ids> {
  const one = async (sql: string) => ((await db.query(sql)).rows[0] as { id: string } | undefined)?.id ?? '';
  return {
    incidents: (await db.query(`SELECT id FROM incidents ORDER BY created_at DESC LIMIT 20`)).rows.map(
      (r: { id: string }) => r.id,
    ),
    adminId: await one(`SELECT id FROM people WHERE email = 'admin@demo.local'`),
    checkId: await one(`SELECT id FROM checks WHERE deleted_at IS NULL ORDER BY name LIMIT 1`),
    deploymentId: await one(
      `SELECT id FROM config_items WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL ORDER BY name LIMIT 1`,
    ),
    playbookId: await one(`SELECT id FROM playbooks WHERE name = 'restart-deployment'`),
  };
}

/** Every acknowledged write that is not in the database. */
async function lostWrites(db: pg.Client): Promise<Record<WriteKind, number>> {
  const stored = async (sql: string) =>
    new Set((await db.query(sql, [`load-${RUN}-%`])).rows.map((r: { v: string }) => r.v));
  const comments = await stored(`SELECT comment AS v FROM comments WHERE comment LIKE $1`);
  const silences = await stored(`SELECT name AS v FROM notification_silences WHERE name LIKE $1`);
  const runs = await stored(`SELECT id::text AS v FROM playbook_runs WHERE parameters->>'reason' LIKE $1`);
  const missing = (acked: Set<string>, found: Set<string>) => [...acked].filter((v) => !found.has(v)).length;
  return {
    comment: missing(acknowledged.comment, comments),
    silence: missing(acknowledged.silence, silences),
    run: missing(acknowledged.run, runs),
  };
}

async function main(): Promise<void> {
  const minutes = arg('--minutes', 5);
  const users = arg('--users', 200);
  const killAt = arg('--kill-at', 0.5);
  if (!pgBinariesAvailable())
    throw new Error('PostgreSQL 15 binaries not found (/usr/lib/postgresql/15/bin)');
  requireStandaloneBuild();
  const cluster = await startPgCluster('-c max_connections=200');
  const db = new pg.Client({ connectionString: cluster.url });
  const instances: ConsoleInstance[] = [];
  try {
    const env = {
      DATABASE_URL: cluster.url,
      AUTH_SECRET,
      AUTH_PROVIDER: 'basic',
      DEMO_DATA: 'true',
      DEMO_TICKER: 'false',
      LOG_LEVEL: 'warn',
    };
    // A seeds; B starts once the schema and the demo data are there.
    const a = await startConsoleInstance('A', env);
    instances.push(a);
    await a.waitReady(300_000);
    const b = await startConsoleInstance('B', env);
    instances.push(b);
    await b.waitReady(300_000);
    await db.connect();
    const ids = await lookUpIds(db);
    // Sessions are sealed with the shared AUTH_SECRET: a sign-in on A is valid on B.
    const people = await makeUsers(db, a.base, users);
    // The floors are an admin's (who reads and writes everything); a run too small for an admin uses its first user.
    const floorUser = people.find((u) => u.role === 'admin') ?? people[0]!;

    const seconds = minutes * 60;
    const killSeconds = Math.round(seconds * killAt);
    const half = Math.max(1, Math.floor(users / 2));
    const stats = {
      A: new Map<string, RouteStats>(),
      B: new Map<string, RouteStats>(),
      moved: new Map<string, RouteStats>(),
    };
    const floors = await cpuFloors(a, userLoop([floorUser], ids));
    const cpu = { A: cpuMs(a.pid), B: cpuMs(b.pid) };
    const started = performance.now();
    const onA = drive(a.base, half, half, seconds, userLoop(people.slice(0, half), ids), stats.A);
    // B's load runs on past the kill, so that requests are in flight when it dies and its users see the refusals.
    const onB = drive(
      b.base,
      users - half,
      users - half,
      killSeconds + 3,
      userLoop(people.slice(half), ids),
      stats.B,
    );
    console.info(`[bench:load] ${users} users, ${minutes} min; B is killed at ${killSeconds} s`);

    await new Promise((r) => setTimeout(r, killSeconds * 1000));
    const cpuB = cpuMs(b.pid) - cpu.B;
    b.signal('SIGKILL');
    await b.exited;
    // B's users come back on A with the cookies they had (a load balancer moves them).
    const moved = drive(
      a.base,
      users - half,
      users - half,
      Math.max(1, seconds - killSeconds),
      userLoop(people.slice(half), ids),
      stats.moved,
    );
    const [resultA, resultB, resultMoved] = await Promise.all([onA, onB, moved]);
    const elapsed = (performance.now() - started) / 1000;
    const cpuA = cpuMs(a.pid) - cpu.A;
    // Let writes in flight at the end settle before they are counted.
    await new Promise((r) => setTimeout(r, 2_000));
    const lost = await lostWrites(db);

    const rows: string[][] = [];
    for (const [who, map] of [
      ['A', stats.A],
      ['B (until killed)', stats.B],
      ["B's users on A", stats.moved],
    ] as const) {
      for (const [route, s] of [...map].sort(([x], [y]) => x.localeCompare(y))) {
        const bad = [...s.statuses].filter(([code]) => code >= 500).reduce((n, [, c]) => n + c, 0);
        rows.push([
          who,
          route,
          String(s.times.length),
          `${percentile(s.times, 50).toFixed(0)} / ${percentile(s.times, 95).toFixed(0)} / ${percentile(s.times, 99).toFixed(0)}`,
          [...s.statuses].map(([code, n]) => `${code}: ${n}`).join(', '),
          String(bad),
        ]);
      }
    }
    console.info(
      '\n| Instance | Route | Answers | p50 / p95 / p99 (ms) | Statuses | 5xx |\n|---|---|---|---|---|---|',
    );
    for (const row of rows) console.info(`| ${row.join(' | ')} |`);
    const summary = (r: autocannon.Result) =>
      `${r.requests.total} answers, ${r.requests.average.toFixed(1)} req/s, errors ${r.errors} (time-outs ${r.timeouts}), non-2xx ${r.non2xx}`;
    console.info('\n| What | Figure |\n|---|---|');
    for (const [what, figure] of [
      [
        'run',
        `${elapsed.toFixed(0)} s, ${users} users (≤ 1 req/s each), load average (1 min) at the end ${loadavg()[0]!.toFixed(1)}`,
      ],
      ['A', summary(resultA)],
      [
        'B until killed (errors: its in-flight requests, then refused connections until its users moved)',
        summary(resultB),
      ],
      ["B's users on A after the kill", summary(resultMoved)],
      [
        'CPU, A (whole run) · B (until killed): % of one core, ms per answer',
        `${((cpuA / 1000 / elapsed) * 100).toFixed(0)} % · ${((cpuB / 1000 / killSeconds) * 100).toFixed(0)} %, ` +
          `${(cpuA / Math.max(1, resultA.requests.total + resultMoved.requests.total)).toFixed(1)} · ${(cpuB / Math.max(1, resultB.requests.total)).toFixed(1)} ms`,
      ],
      [
        'writes sent · acknowledged (comments / silences / runs)',
        `${writesSent} · ${acknowledged.comment.size} / ${acknowledged.silence.size} / ${acknowledged.run.size}`,
      ],
      ['acknowledged writes missing from the database', `${lost.comment} / ${lost.silence} / ${lost.run}`],
    ])
      console.info(`| ${what} | ${figure} |`);
    console.info(
      '\n| Route, alone (1 connection, 20 requests, on A) | p50 (ms) | Server CPU per answer (ms) |\n|---|---|---|',
    );
    for (const floor of floors)
      console.info(`| ${floor.route} | ${floor.p50.toFixed(0)} | ${floor.cpuMs.toFixed(1)} |`);
    if (lost.comment + lost.silence + lost.run > 0) process.exitCode = 1;
  } finally {
    await db.end().catch(() => undefined);
    for (const instance of instances) instance.signal('SIGTERM');
    await Promise.all(instances.map((i) => i.exited));
    await cluster.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
