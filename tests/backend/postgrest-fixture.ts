import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openPgliteDatabase } from '@/lib/embedded-backend/db/pglite-database';
import { openPostgresDatabase } from '@/lib/embedded-backend/db/postgres-database';
import type { Database } from '@/lib/embedded-backend/db/types';
import {
  createPostgrestHandler,
  type PostgrestAuth,
  type PostgrestHandler,
  type RelationAccess,
} from '@/lib/embedded-backend/postgrest';
import { pgBinariesAvailable, startPgCluster } from './helpers/pg-cluster';

/**
 * A small schema of our own (names borrowed from the real backend so embeds look familiar) for the /db engine
 * tests, plus a loopback HTTP server that wraps the handler exactly as the backend's server will.
 */

export const PEOPLE = {
  admin: '00000000-0000-0000-0000-00000000000a',
  alice: '00000000-0000-0000-0000-0000000000a1',
  bob: '00000000-0000-0000-0000-0000000000b0',
  deleted: '00000000-0000-0000-0000-0000000000d0',
} as const;

export const CONFIGS = {
  cluster: '10000000-0000-0000-0000-000000000001',
  namespace: '10000000-0000-0000-0000-000000000002',
  deployment: '10000000-0000-0000-0000-000000000003',
  pod: '10000000-0000-0000-0000-000000000004',
  ec2: '10000000-0000-0000-0000-000000000005',
} as const;

export const SCHEMA_SQL = `
create table people (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text unique,
  avatar text,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create table teams (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  icon text,
  created_by uuid references people(id),
  deleted_at timestamptz
);
create table team_members (
  team_id uuid not null references teams(id) on delete cascade,
  person_id uuid not null references people(id) on delete cascade,
  primary key (team_id, person_id)
);
create table agents (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  created_by uuid references people(id)
);
create table canaries (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  namespace text not null default 'default',
  agent_id uuid references agents(id),
  labels jsonb,
  created_by uuid references people(id)
);
create table checks (
  id uuid primary key default gen_random_uuid(),
  canary_id uuid not null references canaries(id) on delete cascade,
  agent_id uuid references agents(id),
  name text not null,
  type text not null,
  status text,
  severity text,
  labels jsonb,
  tags text[],
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create table check_statuses (
  check_id uuid not null references checks(id) on delete cascade,
  time timestamptz not null,
  status boolean,
  duration int,
  message text,
  primary key (check_id, time)
);
create table config_items (
  id uuid primary key default gen_random_uuid(),
  parent_id uuid references config_items(id),
  agent_id uuid references agents(id),
  name text not null,
  type text not null,
  config_class text,
  status text,
  health text,
  labels jsonb,
  tags jsonb,
  config jsonb,
  cost_total_1d numeric(16,4),
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  deleted_at timestamptz
);
create table config_changes (
  id uuid primary key default gen_random_uuid(),
  config_id uuid not null references config_items(id) on delete cascade,
  change_type text not null,
  severity text,
  summary text,
  created_at timestamptz not null default now()
);
create table config_relationships (
  config_id uuid not null references config_items(id) on delete cascade,
  related_id uuid not null references config_items(id) on delete cascade,
  relation text,
  deleted_at timestamptz,
  primary key (config_id, related_id)
);
create table incidents (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  severity text not null default 'low',
  status text not null default 'open',
  commander_id uuid references people(id),
  communicator_id uuid references people(id),
  created_by uuid references people(id),
  created_at timestamptz not null default now()
);
create table hypotheses (
  id uuid primary key default gen_random_uuid(),
  incident_id uuid not null references incidents(id) on delete cascade,
  title text,
  type text,
  created_by uuid references people(id)
);
create table evidences (
  id uuid primary key default gen_random_uuid(),
  hypothesis_id uuid not null references hypotheses(id) on delete cascade,
  description text,
  config_id uuid references config_items(id),
  created_by uuid references people(id)
);
create table canary_guard (id int primary key, note text not null);

create view configs as
  select ci.id, ci.name, ci.type, ci.config_class, ci.status, ci.health, ci.labels, ci.tags, ci.agent_id,
         ci.created_at, ci.updated_at, ci.deleted_at, ci.cost_total_1d,
         (select count(*) from config_changes cc where cc.config_id = ci.id)::int as changes
  from config_items ci;
create view people_roles as select p.id, p.name, p.email, array['viewer']::text[] as roles from people p;
create view config_analysis_like as
  select cc.id, cc.config_id, cc.change_type, ci.name as config_name, ci.type as config_type
  from config_changes cc left join config_items ci on ci.id = cc.config_id;
create view check_summary as
  with s as (select check_id, count(*) filter (where status) as passed, count(*) filter (where not status) as failed
             from check_statuses group by check_id)
  select c.id, c.canary_id, c.name, c.status, c.type, ca.name as canary_name,
         json_build_object('passed', coalesce(s.passed, 0), 'failed', coalesce(s.failed, 0)) as uptime
  from checks c join canaries ca on ca.id = c.canary_id left join s on s.check_id = c.id
  where c.deleted_at is null;

create function related_configs(config_id uuid, max_depth int default 5)
returns table (id uuid, name text, type text, status text, health text, depth int)
language sql stable as $$
  with recursive walk(id, depth) as (
    select r.related_id, 1 from config_relationships r where r.config_id = related_configs.config_id
    union
    select r.related_id, w.depth + 1 from config_relationships r join walk w on r.config_id = w.id
    where w.depth < related_configs.max_depth
  )
  select ci.id, ci.name, ci.type, ci.status, ci.health, min(w.depth)::int
  from walk w join config_items ci on ci.id = w.id
  group by ci.id, ci.name, ci.type, ci.status, ci.health
$$;
create function add_numbers(a int, b int default 1) returns int language sql immutable as $$ select a + b $$;
create function configs_of_type(kind text) returns setof config_items language sql stable as $$
  select * from config_items where type = kind
$$;
create function one_config(cid uuid) returns config_items language sql stable as $$
  select * from config_items where id = cid
$$;
`;

export const SEED_SQL = `
insert into people (id, name, email, avatar) values
  ('${PEOPLE.admin}', 'Admin', 'admin@local', null),
  ('${PEOPLE.alice}', 'Alice', 'alice@demo.local', 'https://a/alice.png'),
  ('${PEOPLE.bob}', 'Bob', 'bob@demo.local', null);
insert into people (id, name, email, deleted_at) values ('${PEOPLE.deleted}', 'Gone', 'gone@demo.local', now() - interval '3 days');
insert into teams (id, name, icon, created_by) values
  ('20000000-0000-0000-0000-000000000001', 'Platform', 'k8s', '${PEOPLE.admin}'),
  ('20000000-0000-0000-0000-000000000002', 'Payments', null, '${PEOPLE.alice}');
insert into team_members values
  ('20000000-0000-0000-0000-000000000001', '${PEOPLE.alice}'),
  ('20000000-0000-0000-0000-000000000001', '${PEOPLE.bob}'),
  ('20000000-0000-0000-0000-000000000002', '${PEOPLE.alice}');
insert into agents (id, name, created_by) values
  ('30000000-0000-0000-0000-000000000001', 'local', '${PEOPLE.admin}'),
  ('30000000-0000-0000-0000-000000000002', 'eu-west', '${PEOPLE.bob}');
insert into canaries (id, name, namespace, agent_id, labels, created_by) values
  ('40000000-0000-0000-0000-000000000001', 'http-checks', 'default', '30000000-0000-0000-0000-000000000001', '{"team":"platform"}', '${PEOPLE.admin}'),
  ('40000000-0000-0000-0000-000000000002', 'db-checks', 'payments', '30000000-0000-0000-0000-000000000002', '{"team":"payments"}', null);
insert into checks (id, canary_id, agent_id, name, type, status, severity, labels, tags, created_at, deleted_at)
select ('50000000-0000-0000-0000-' || lpad(g::text, 12, '0'))::uuid,
       case when g % 2 = 0 then '40000000-0000-0000-0000-000000000001'::uuid else '40000000-0000-0000-0000-000000000002'::uuid end,
       case when g % 3 = 0 then '30000000-0000-0000-0000-000000000002'::uuid else null end,
       'check-' || lpad(g::text, 3, '0'),
       (array['http','dns','tcp','postgres'])[1 + g % 4],
       case when g % 5 = 0 then 'unhealthy' else 'healthy' end,
       (array['info','low','medium','high','critical'])[1 + g % 5],
       jsonb_build_object('env', case when g % 2 = 0 then 'prod' else 'dev' end, 'tier', 't' || (g % 3)),
       array['env:' || case when g % 2 = 0 then 'prod' else 'dev' end, 'n' || g],
       timestamptz '2026-01-01T00:00:00Z' + g * interval '1 hour',
       case when g = 30 then now() - interval '1 day' else null end
from generate_series(1, 30) g;
insert into check_statuses (check_id, time, status, duration, message)
select ('50000000-0000-0000-0000-' || lpad((1 + g % 30)::text, 12, '0'))::uuid,
       now() - g * interval '5 minutes', g % 7 <> 0, 10 + (g * 37) % 2000, case when g % 7 = 0 then 'timeout' end
from generate_series(1, 2500) g;
insert into config_items (id, parent_id, agent_id, name, type, config_class, status, health, labels, tags, config, cost_total_1d, created_at, updated_at, deleted_at) values
  ('${CONFIGS.cluster}', null, '30000000-0000-0000-0000-000000000001', 'prod-cluster', 'Kubernetes::Cluster', 'Cluster', 'Running', 'healthy', '{"app":"k8s"}', '{"cluster":"prod"}', '{"spec":{"nodes":3},"kind":"Cluster"}', 12.5, now() - interval '30 days', now() - interval '1 day', null),
  ('${CONFIGS.namespace}', '${CONFIGS.cluster}', '30000000-0000-0000-0000-000000000001', 'payments', 'Kubernetes::Namespace', 'Namespace', 'Active', 'healthy', '{"team":"payments"}', '{"cluster":"prod","namespace":"payments"}', '{"kind":"Namespace"}', null, now() - interval '20 days', now() - interval '2 days', null),
  ('${CONFIGS.deployment}', '${CONFIGS.namespace}', '30000000-0000-0000-0000-000000000001', 'api', 'Kubernetes::Deployment', 'Deployment', 'Running', 'unhealthy', '{"app":"api","team":"payments"}', '{"namespace":"payments"}', '{"spec":{"replicas":2}}', null, now() - interval '10 days', now() - interval '1 hour', null),
  ('${CONFIGS.pod}', '${CONFIGS.deployment}', null, 'api-7f9c-x2', 'Kubernetes::Pod', 'Pod', 'CrashLoopBackOff', 'unhealthy', '{"app":"api"}', '{"namespace":"payments"}', '{"spec":{"containers":[{"name":"api"}]}}', null, now() - interval '1 day', now(), null),
  ('${CONFIGS.ec2}', null, '30000000-0000-0000-0000-000000000002', 'i-0abc', 'AWS::EC2::Instance', 'VirtualMachine', 'Stopped', 'warning', null, '{"account":"prod"}', null, 3.25, now() - interval '40 days', now() - interval '5 days', now() - interval '4 days');
insert into config_changes (config_id, change_type, severity, summary, created_at)
select (array['${CONFIGS.cluster}','${CONFIGS.namespace}','${CONFIGS.deployment}','${CONFIGS.pod}','${CONFIGS.ec2}'])[1 + g % 5]::uuid,
       (array['diff','Pulled','BackOff','CREATE','UPDATE'])[1 + g % 5],
       (array['info','low','medium','high','critical'])[1 + (g / 5) % 5],
       'change ' || g,
       now() - g * interval '3 hours'
from generate_series(1, 100) g;
insert into config_relationships (config_id, related_id, relation) values
  ('${CONFIGS.cluster}', '${CONFIGS.namespace}', 'hard'),
  ('${CONFIGS.namespace}', '${CONFIGS.deployment}', 'hard'),
  ('${CONFIGS.deployment}', '${CONFIGS.pod}', 'hard'),
  ('${CONFIGS.pod}', '${CONFIGS.cluster}', 'soft');
insert into incidents (id, title, severity, status, commander_id, communicator_id, created_by, created_at) values
  ('60000000-0000-0000-0000-000000000001', 'API down', 'critical', 'open', '${PEOPLE.alice}', '${PEOPLE.bob}', '${PEOPLE.admin}', now() - interval '2 hours'),
  ('60000000-0000-0000-0000-000000000002', 'Slow DB', 'medium', 'resolved', '${PEOPLE.bob}', null, '${PEOPLE.alice}', now() - interval '2 days'),
  ('60000000-0000-0000-0000-000000000003', 'Cost spike', 'low', 'open', null, null, '${PEOPLE.alice}', now() - interval '5 days');
insert into hypotheses (id, incident_id, title, type, created_by) values
  ('70000000-0000-0000-0000-000000000001', '60000000-0000-0000-0000-000000000001', 'Bad deploy', 'root', '${PEOPLE.alice}'),
  ('70000000-0000-0000-0000-000000000002', '60000000-0000-0000-0000-000000000001', 'Node pressure', 'factor', '${PEOPLE.bob}'),
  ('70000000-0000-0000-0000-000000000003', '60000000-0000-0000-0000-000000000002', 'Missing index', 'root', '${PEOPLE.bob}');
insert into evidences (hypothesis_id, description, config_id, created_by) values
  ('70000000-0000-0000-0000-000000000001', 'deploy diff', '${CONFIGS.deployment}', '${PEOPLE.alice}'),
  ('70000000-0000-0000-0000-000000000001', 'pod crash', '${CONFIGS.pod}', '${PEOPLE.alice}'),
  ('70000000-0000-0000-0000-000000000003', 'slow query log', null, '${PEOPLE.bob}');
insert into canary_guard values (1, 'do not drop me');
`;

export type EngineName = 'pglite' | 'postgres';

/**
 * Engines to run the suites on: PGlite always; PostgreSQL 15 when its binaries exist (a throw-away cluster per
 * suite) or when POSTGREST_TEST_DATABASE_URL names a throw-away database to use instead.
 */
export function testEngines(): EngineName[] {
  if (process.env.POSTGREST_TEST_DATABASE_URL || pgBinariesAvailable()) return ['pglite', 'postgres'];
  console.warn('[postgrest tests] PostgreSQL 15 binaries not found: running on PGlite only');
  return ['pglite'];
}

export interface Fixture {
  db: Database;
  handler: PostgrestHandler;
  close(): Promise<void>;
}

export async function openFixture(engine: EngineName): Promise<Fixture> {
  let db: Database;
  let stopCluster: (() => Promise<void>) | undefined;
  if (engine === 'pglite') {
    db = await openPgliteDatabase('memory://');
  } else {
    let url = process.env.POSTGREST_TEST_DATABASE_URL;
    if (!url) {
      const cluster = await startPgCluster();
      url = cluster.url;
      stopCluster = cluster.stop;
    }
    db = await openPostgresDatabase(url);
    // The database is dedicated to this suite: start from an empty public schema.
    await db.exec('drop schema if exists public cascade; create schema public;');
  }
  await db.exec(SCHEMA_SQL);
  await db.exec(SEED_SQL);
  const handler = createPostgrestHandler(db);
  return {
    db,
    handler,
    close: async () => {
      await db.close();
      if (stopCluster) await stopCluster();
    },
  };
}

/** decodeURIComponent that never throws (hostile paths may carry broken escapes). */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The engine's own tests run as an admin: every relation readable, every private column revealed. */
const ADMIN_ACCESS: RelationAccess = {
  readRelation: () => Promise.resolve({ allowed: true }),
  allows: () => Promise.resolve(true),
};
export const ADMIN_AUTH: PostgrestAuth = { personId: PEOPLE.admin, access: ADMIN_ACCESS };

/** Calls the handler in-process with a path like `/db/checks?select=id`. */
export async function call(fixture: Fixture, path: string, init: RequestInit = {}): Promise<Response> {
  const url = new URL(path, 'http://localhost');
  const resource = safeDecode(url.pathname.replace(/^\/db\//, ''));
  return fixture.handler(new Request(url, init), resource, ADMIN_AUTH);
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

/** A tiny node:http server in front of the handler: `/db/<resource>` → handler, anything else 404. */
export async function startLoopbackServer(handler: PostgrestHandler): Promise<LoopbackServer> {
  const server: Server = createServer((req, res) => {
    void (async () => {
      try {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        if (!url.pathname.startsWith('/db/')) {
          res.writeHead(404).end();
          return;
        }
        const body =
          req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(await readAll(req));
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) {
          if (typeof v === 'string') headers.set(k, v);
          else if (Array.isArray(v)) headers.set(k, v.join(', '));
        }
        const request = new Request(url, { method: req.method, headers, body });
        const response = await handler(request, safeDecode(url.pathname.slice(4)), ADMIN_AUTH);
        const outHeaders: Record<string, string> = {};
        response.headers.forEach((v, k) => {
          outHeaders[k] = v;
        });
        res.writeHead(response.status, outHeaders);
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets of fetch would otherwise hold close() open for seconds.
        server.closeAllConnections();
      }),
  };
}
