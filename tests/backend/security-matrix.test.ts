/** @jest-environment node */
import { hasAccess, ROLES, type Role } from '@/lib/auth/permissions';
import { apiGateFor } from '@/lib/backend/api-gates';
import { resolveRelationship } from '@/lib/embedded-backend/postgrest/compiler';
import type { SelectEmbed } from '@/lib/embedded-backend/postgrest/parser';
import {
  loadSchemaCache,
  type Relationship,
  type SchemaCache,
} from '@/lib/embedded-backend/postgrest/schema-cache';
import { coreEngines } from './helpers/core-backend';
import { sessionFor } from './proxy-harness';
import { callAs, leakedIn, startSecurityFixture, type SecurityFixture, type Via } from './security-fixture';

/**
 * Issue 13 item 1 and 2, as a generated matrix: every demo role × every relation and rpc function of the /db catalog
 * × {root, embed, nested embed, !inner, filter on an embedded column, order by an embedded column} × {GET, POST,
 * PATCH, DELETE}, straight to the backend and through the console's /api proxy. Each answer must be the decision
 * stated below as data (default role policies of backend-contract §3.4, made as strict as spec 000 §6), and no
 * response body may contain a stored secret (or, for a non-admin, people's private data).
 */

const ALL: readonly Role[] = ROLES;
const ADMIN: readonly Role[] = ['admin'];
const EDITORS: readonly Role[] = ['admin', 'editor'];
const INCIDENT: readonly Role[] = ['admin', 'commander', 'responder'];

/** Who may read and who may write each RBAC object, for the demo roles. */
const GRANTS: Record<string, { read: readonly Role[]; write: readonly Role[] }> = {
  'database.public': { read: ALL, write: ADMIN },
  'database.identities': { read: ADMIN, write: ADMIN },
  canaries: { read: ALL, write: EDITORS },
  catalog: { read: ALL, write: EDITORS },
  topology: { read: ALL, write: EDITORS },
  playbooks: { read: ALL, write: EDITORS },
  people: { read: ALL, write: ADMIN },
  incident: { read: INCIDENT, write: INCIDENT },
  // Issue 38: admins edit status pages; admins and commanders publish incidents, responders read what was published.
  status_page: { read: ADMIN, write: ADMIN },
  incident_publication: { read: INCIDENT, write: ['admin', 'commander'] },
  notification: { read: EDITORS, write: EDITORS },
  // Spec 000 §6: editors have no access to connections (the real backend lets them CRUD connections).
  connection: { read: ADMIN, write: ADMIN },
  'database.monitor': { read: ADMIN, write: ADMIN },
  'database.system': { read: ADMIN, write: ADMIN },
  'database.config_scrapers': { read: ADMIN, write: ADMIN },
  artifact: { read: ADMIN, write: ADMIN },
  auth: { read: ADMIN, write: ADMIN },
};

/** The RBAC object of every relation and rpc function of the catalog; a catalog entry missing here fails the suite. */
const OBJECT_OF: Record<string, string | null> = {
  ...Object.fromEntries(
    [
      'agents',
      'analysis_types',
      'analyzer_types',
      'change_types',
      'check_names',
      'checks_labels_keys',
      'component_labels',
      'component_labels_keys',
      'component_names',
      'config_labels',
      'config_names',
      'config_statuses',
      'config_tags',
      'config_tags_labels_keys',
      'config_types',
      'config_classes',
      'playbook_names',
      'team_components',
      'team_members',
      'teams',
      'teams_with_status',
      'saved_query',
      'severities',
    ].map((r) => [r, 'database.public']),
  ),
  identities: 'database.identities',
  people_roles: 'database.identities',
  ...Object.fromEntries(
    [
      'canaries',
      'canaries_with_status',
      'canary_names',
      'checks',
      'check_statuses',
      'check_summary',
      'check_status_summary',
      'checks_by_component',
      'check_component_relationships',
      'check_config_relationships',
      'rpc/check_summary_for_component',
    ].map((r) => [r, 'canaries']),
  ),
  ...Object.fromEntries(
    [
      'configs',
      'config_items',
      'config_detail',
      'config_changes',
      'config_analysis',
      'config_analysis_items',
      'config_analysis_analyzers',
      'config_relationships',
      'config_component_relationships',
      'catalog_changes',
      'changes_by_component',
      'analysis_by_component',
      'check_summary_for_config',
      'rpc/related_configs_recursive',
      'rpc/lookup_configs_by_component',
    ].map((r) => [r, 'catalog']),
  ),
  ...Object.fromEntries(
    [
      'components',
      'topologies',
      'topologies_with_status',
      'components_with_logs',
      'component_relationships',
      'rpc/lookup_analysis_by_component',
    ].map((r) => [r, 'topology']),
  ),
  ...Object.fromEntries(
    [
      'playbooks',
      'playbook_runs',
      'playbook_run_actions',
      'playbook_approvals',
      'rpc/get_playbook_run_actions',
    ].map((r) => [r, 'playbooks']),
  ),
  people: 'people',
  ...Object.fromEntries(
    [
      'incidents',
      'hypotheses',
      'evidences',
      'comments',
      'comment_responders',
      'responders',
      'incident_histories',
      'incident_summary',
      'incidents_by_component',
      'incidents_by_config',
      'incident_rules',
      'incident_relationships',
    ].map((r) => [r, 'incident']),
  ),
  notifications: 'notification',
  notification_silences: 'notification',
  status_pages: 'status_page',
  status_page_entries: 'status_page',
  incident_publications: 'incident_publication',
  incident_public_updates: 'incident_publication',
  connections: 'connection',
  ...Object.fromEntries(
    [
      'agents_summary',
      'job_histories',
      'job_history',
      'job_history_names',
      'job_history_latest_status',
      'event_queue_summary',
      'integrations',
      'integrations_with_status',
      'config_scrapers_with_status',
      'notifications_summary',
      'notification_send_history',
      'notification_send_history_summary',
    ].map((r) => [r, 'database.monitor']),
  ),
  ...Object.fromEntries(
    ['properties', 'permissions', 'permissions_summary', 'permission_groups', 'event_queue'].map((r) => [
      r,
      'database.system',
    ]),
  ),
  config_scrapers: 'database.config_scrapers',
  logging_backends: 'database.config_scrapers',
  artifacts: 'artifact',
  casbin_rule: 'auth',
  // Helper functions of views and triggers: in the catalog, but no /db resource (404 for everyone).
  ...Object.fromEntries(
    [
      'check_uptime',
      'check_latency',
      'config_changes_7d',
      'config_open_analysis',
      'generate_ulid',
      'audit_actor',
      // Migration 313's restore of masked approver addresses (a pure function of its arguments).
      'restore_masked_addresses',
    ].map((f) => [`rpc/${f}`, null]),
  ),
};

/** Written only by their native endpoints (issue 31 item 2): every /db write answers 405, as a view's does. */
const READ_ONLY = [
  'playbook_runs',
  'playbook_run_actions',
  'playbook_approvals',
  // Issue 38: written by /status-page/* only.
  'status_pages',
  'status_page_entries',
  'incident_publications',
  'incident_public_updates',
];

/** Credential stores and bookkeeping: not in the catalog at all. */
const HIDDEN = [
  'people_passwords',
  'access_tokens',
  'playbook_run_secrets',
  'schema_migrations',
  'embedded_seed',
];

/** The spec 000 §6 areas the backend must be at least as strict as (item 2): relation → area. */
const SPEC_AREAS: Record<string, 'connections' | 'identities' | 'rbac'> = {
  connections: 'connections',
  identities: 'identities',
  people_roles: 'identities',
  casbin_rule: 'rbac',
};

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const METHODS: readonly Method[] = ['GET', 'POST', 'PATCH', 'DELETE'];
const NIL = '00000000-0000-0000-0000-000000000000';

interface Case {
  shape: 'root' | 'embed' | 'nested' | 'inner' | 'filter' | 'order' | 'rpc';
  root: string;
  /** Relations read through embeds, in order. */
  embeds: string[];
  rootIsView: boolean;
  /** Path and query without the method-specific parts. */
  select: string;
  /** A filter of the root that matches no row (writes need one). */
  none: string;
  /** Alias under which the embed appears in each returned row. */
  embedKey?: string;
}

function hintedEmbed(schema: SchemaCache, rel: Relationship): boolean {
  const embed: SelectEmbed = {
    kind: 'embed',
    name: rel.target,
    hint: rel.constraint,
    inner: false,
    select: [],
  };
  try {
    const found = resolveRelationship(schema, rel.source, embed);
    return found.constraint === rel.constraint && found.target === rel.target;
  } catch {
    return false;
  }
}

/** How attractive a relation is as the parent of an embed: a table everyone reads and editors write shows the most. */
function parentScore(schema: SchemaCache, name: string): number {
  const grants = GRANTS[OBJECT_OF[name] ?? ''];
  let score = schema.relations.get(name)?.isView ? 0 : 4;
  if (grants?.read.length === ALL.length) score += 2;
  if (grants?.write.includes('editor')) score += 1;
  return score;
}

function bestParent(schema: SchemaCache, target: string, avoid: string[] = []): Relationship | undefined {
  const candidates: Relationship[] = [];
  for (const list of schema.relationships.values()) {
    for (const rel of list)
      if (rel.target === target && !avoid.includes(rel.source) && hintedEmbed(schema, rel))
        candidates.push(rel);
  }
  candidates.sort(
    (a, b) =>
      parentScore(schema, b.source) - parentScore(schema, a.source) || a.source.localeCompare(b.source),
  );
  return candidates[0];
}

function firstColumn(schema: SchemaCache, relation: string): string {
  return schema.relations.get(relation)?.columns[0]?.name ?? 'id';
}

/** An equality filter (writes need one, issue 31 item 4) that matches no row whatever the column's type. */
function noRows(schema: SchemaCache, relation: string): string {
  return `${firstColumn(schema, relation)}=in.()`;
}

function buildCases(schema: SchemaCache): Case[] {
  const cases: Case[] = [];
  for (const [name, relation] of schema.relations) {
    const base = { rootIsView: relation.isView };
    cases.push({
      ...base,
      shape: 'root',
      root: name,
      embeds: [],
      select: `${name}?select=*`,
      none: noRows(schema, name),
    });
    const parent = bestParent(schema, name, [name]) ?? bestParent(schema, name);
    if (!parent) continue;
    const p = parent.source;
    const embed = `e:${name}!${parent.constraint}`;
    const onParent = {
      rootIsView: schema.relations.get(p)?.isView ?? false,
      root: p,
      embeds: [name],
      none: noRows(schema, p),
      embedKey: 'e',
    };
    const col = firstColumn(schema, name);
    cases.push({ ...onParent, shape: 'embed', select: `${p}?select=*,${embed}(*)` });
    cases.push({ ...onParent, shape: 'inner', select: `${p}?select=*,${embed}!inner(*)` });
    cases.push({ ...onParent, shape: 'filter', select: `${p}?select=*,${embed}(*)&e.${col}=not.is.null` });
    cases.push({ ...onParent, shape: 'order', select: `${p}?select=*,${embed}(*)&e.order=${col}.desc` });
    const grand = bestParent(schema, p, [p, name]) ?? bestParent(schema, p, [p]);
    if (grand) {
      const q = grand.source;
      cases.push({
        shape: 'nested',
        root: q,
        embeds: [p, name],
        rootIsView: schema.relations.get(q)?.isView ?? false,
        select: `${q}?select=*,p:${p}!${grand.constraint}(*,${embed}(*))`,
        none: noRows(schema, q),
        embedKey: 'p',
      });
    }
  }
  for (const [name, overloads] of schema.functions) {
    const fn = overloads[0];
    const args = (fn?.args ?? []).filter((a) => !a.hasDefault).map((a) => `${a.name}=${NIL}`);
    cases.push({
      shape: 'rpc',
      root: `rpc/${name}`,
      embeds: [],
      rootIsView: false,
      select: `rpc/${name}?${args.join('&')}`,
      none: '',
    });
  }
  return cases;
}

const ACTION: Record<Method, 'read' | 'write'> = {
  GET: 'read',
  POST: 'write',
  PATCH: 'write',
  DELETE: 'write',
};

function granted(relation: string, action: 'read' | 'write', role: Role): boolean {
  const grants = GRANTS[OBJECT_OF[relation] ?? ''];
  return grants !== undefined && grants[action].includes(role);
}

/** The status the backend must answer: the decision of the data above, then what the engine does with an allowed request. */
function backendStatus(c: Case, method: Method, role: Role): number {
  if (!OBJECT_OF[c.root]) return 404;
  if (!granted(c.root, ACTION[method], role)) return 403;
  if (c.shape === 'rpc') return method === 'GET' || method === 'POST' ? 200 : 405;
  if ((c.rootIsView || READ_ONLY.includes(c.root)) && method !== 'GET') return 405;
  if (!c.embeds.every((e) => granted(e, 'read', role))) return 403;
  return { GET: 200, POST: 201, PATCH: 200, DELETE: 200 }[method];
}

/** Through /api the console's own gate runs first (on the root), then the backend decides. */
function proxyStatus(c: Case, method: Method, role: Role): number {
  const gate = apiGateFor(`/db/${c.root}`, method);
  const grants = sessionFor(role).grants;
  // Credential stores are not reachable through the console at all (sec-proxy, issue 13 §5).
  if (gate.target === 'unexposed') return 404;
  if (gate.target !== 'signed-in' && !hasAccess(grants, gate.target, gate.action)) return 403;
  return backendStatus(c, method, role);
}

function request(
  c: Case,
  method: Method,
): { path: string; init: { method: Method; headers: Record<string, string>; body?: string } } {
  const headers: Record<string, string> = { prefer: 'return=representation' };
  if (method === 'GET') {
    // A few rows of each level keep the matrix fast; the secrets are in every row of their tables.
    const limits =
      { rpc: '', root: '&limit=3', nested: '&limit=3&p.limit=3&p.e.limit=3' }[c.shape as string] ??
      '&limit=3&e.limit=3';
    return { path: `/db/${c.select}${limits}`, init: { method, headers } };
  }
  headers['content-type'] = 'application/json';
  if (c.shape === 'rpc') {
    if (method !== 'POST') return { path: `/db/${c.select}`, init: { method, headers } };
    return {
      path: `/db/${c.select.split('?')[0] ?? ''}`,
      init: { method, headers, body: JSON.stringify(argsOf(c.select)) },
    };
  }
  if (method === 'POST') return { path: `/db/${c.select}`, init: { method, headers, body: '[]' } };
  const filtered = `/db/${c.select}&${c.none}`;
  return { path: filtered, init: { method, headers, body: method === 'PATCH' ? '{}' : undefined } };
}

function argsOf(select: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(select.split('?')[1] ?? ''));
}

/** Runs fn over items with a few requests in flight (PGlite serializes anyway; PostgreSQL and HTTP overlap). */
async function inBatches<T>(
  items: readonly T[],
  width: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
}

describe.each(coreEngines())('the /db authorization matrix on %s', (engine) => {
  let f: SecurityFixture;
  let schema: SchemaCache;
  let cases: Case[];

  beforeAll(async () => {
    f = await startSecurityFixture(engine);
    schema = await loadSchemaCache(f.backend.db);
    cases = buildCases(schema);
  }, 300_000);

  afterAll(async () => {
    await f?.close();
  });

  it('states a decision for every relation and function of the catalog, and hides the credential stores', () => {
    const inCatalog = [
      ...schema.relations.keys(),
      ...[...schema.functions.keys()].map((fn) => `rpc/${fn}`),
    ].sort();
    expect(inCatalog.filter((r) => !(r in OBJECT_OF))).toEqual([]);
    expect(HIDDEN.filter((r) => schema.relations.has(r))).toEqual([]);
    // Every shape is generated for most relations (those that some relation can embed).
    const embeddable = new Set(cases.filter((c) => c.shape === 'embed').map((c) => c.embeds[0]));
    expect(embeddable.size).toBeGreaterThan(40);
    for (const secretTarget of ['connections', 'people', 'agents'])
      expect(embeddable.has(secretTarget)).toBe(true);
  });

  it('is never more permissive than spec 000 §6 on connections, identities and rbac', () => {
    for (const [relation, area] of Object.entries(SPEC_AREAS)) {
      for (const role of ROLES) {
        const grants = sessionFor(role).grants;
        if (granted(relation, 'read', role))
          expect([relation, role, hasAccess(grants, area, 'read')]).toEqual([relation, role, true]);
        if (granted(relation, 'write', role))
          expect([relation, role, hasAccess(grants, area, 'write')]).toEqual([relation, role, true]);
      }
    }
  });

  // The proxy's gate decides from the role and the request alone, and what it lets through is the backend's answer,
  // which 'direct' checks on each engine: the full matrix through the proxy runs on one engine.
  const matrixVias: Via[] = engine === 'pglite' ? ['direct', 'proxy'] : ['direct'];
  it.each<Via>(matrixVias)(
    'answers every role × relation × shape × method as decided, leaking nothing (%s)',
    async (via) => {
      const problems: string[] = [];
      let requests = 0;
      const jobs = cases.flatMap((c) =>
        METHODS.flatMap((method) => ROLES.map((role) => ({ c, method, role }))),
      );
      await inBatches(jobs, 6, async ({ c, method, role }) => {
        const { path, init } = request(c, method);
        const response = await callAs(f, via, role, path, init);
        requests++;
        const want = via === 'direct' ? backendStatus(c, method, role) : proxyStatus(c, method, role);
        const label = `${role} ${method} ${c.shape} ${path.slice(0, 160)}`;
        if (response.status !== want)
          problems.push(`${label}: ${response.status}, want ${want} ${response.body.slice(0, 160)}`);
        const leaked = leakedIn(f, role, response.body);
        if (leaked.length > 0) problems.push(`${label}: body contains ${leaked.join(', ')}`);
        if (want === 403 && via === 'direct' && !response.headers['x-rbac-object'])
          problems.push(`${label}: 403 without X-Rbac-Object`);
        if (
          response.status === 403 &&
          c.embeds.length > 0 &&
          via === 'direct' &&
          granted(c.root, ACTION[method], role)
        ) {
          // An embed denial is PostgREST JSON naming the permission error, never an empty or partial 200.
          if (!response.body.includes('"42501"'))
            problems.push(`${label}: embed denial is not PostgREST JSON: ${response.body.slice(0, 100)}`);
        }
        if (response.status === 200 && method === 'GET' && c.embedKey) {
          const rows = JSON.parse(response.body) as Record<string, unknown>[];
          if (rows.some((row) => !((c.embedKey as string) in row)))
            problems.push(`${label}: embed silently dropped`);
        }
      });
      expect(problems.slice(0, 40)).toEqual([]);
      expect(requests).toBe(jobs.length);
    },
    // Idle, one pass takes 20–40 s; a loaded 2-core machine has taken four times that.
    300_000,
  );

  it.each<Via>(['direct', 'proxy'])(
    'keeps credential stores out of reach, as roots, embeds and spreads (%s)',
    async (via) => {
      for (const role of ROLES) {
        for (const hidden of ['people_passwords', 'access_tokens']) {
          const root = await callAs(f, via, role, `/db/${hidden}?select=*`);
          expect([role, hidden, root.status]).toEqual([role, hidden, 404]);
          expect(leakedIn(f, role, root.body)).toEqual([]);
        }
        for (const select of [
          'name,people_passwords!inner(password_hash)',
          'name,people_passwords(*)',
          'name,access_tokens(value)',
          'name,x:access_tokens!inner(*)',
          'name,...people_passwords(password_hash)',
        ]) {
          const embed = await callAs(f, via, role, `/db/people?select=${select}`);
          expect([role, select, embed.status]).toEqual([role, select, 400]);
          expect(leakedIn(f, role, embed.body)).toEqual([]);
        }
      }
    },
  );
});
