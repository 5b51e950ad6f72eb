import type { Action, ResourceArea } from '@/lib/auth/permissions';

/**
 * The /api proxy's gate table: which console resource area guards each backend path, as data so that the tests
 * can iterate it. GET/HEAD/OPTIONS are reads, everything else a write, except the few query endpoints that take
 * their filters in a POST body (catalog summary, logs search …), which stay reads so that viewers can use them.
 * The backend authorizes again (defence in depth); this table only stops what the console itself would deny.
 */

/**
 * 'signed-in': any session passes (whoami, properties, schemas). 'unexposed': the backend route exists but the
 * browser never reaches it through the console (credential-minting sign-in endpoints, the identity server's
 * API): the proxy answers 404 as if it did not exist, for every role.
 */
export type GateTarget = ResourceArea | 'signed-in' | 'unexposed';

/** PostgREST tables, views and rpc functions under /db whose area is not 'database'. */
export const DB_TABLE_AREAS: Readonly<Record<string, ResourceArea>> = {
  // canaries (health)
  canaries: 'canaries',
  canaries_with_status: 'canaries',
  checks: 'canaries',
  check_statuses: 'canaries',
  check_summary: 'canaries',
  checks_by_component: 'canaries',
  check_component_relationships: 'canaries',
  check_config_relationships: 'canaries',
  'rpc/check_summary_for_component': 'canaries',
  // topology
  components: 'topologies',
  components_with_logs: 'topologies',
  component_relationships: 'topologies',
  topologies: 'topologies',
  topologies_with_status: 'topologies',
  'rpc/lookup_analysis_by_component': 'topologies',
  // incidents
  incidents: 'incident',
  incident_histories: 'incident',
  incident_summary: 'incident',
  incidents_by_component: 'incident',
  incidents_by_config: 'incident',
  incident_rules: 'incident',
  incident_relationships: 'incident',
  hypotheses: 'incident',
  evidences: 'evidences',
  comments: 'comments',
  comment_responders: 'comments',
  responders: 'responder',
  // settings areas
  connections: 'connections',
  permissions: 'permissions',
  permissions_summary: 'permissions',
  permission_groups: 'permissions',
  properties: 'properties',
  agents: 'agents',
  agents_summary: 'agents',
  playbooks: 'playbooks',
  playbook_names: 'playbooks',
  playbook_runs: 'playbook_runs',
  playbook_run_actions: 'playbook_runs',
  playbook_approvals: 'playbook_runs',
  'rpc/get_playbook_run_actions': 'playbook_runs',
  notifications: 'notifications',
  notifications_summary: 'notifications',
  notification_silences: 'notifications',
  notification_send_history: 'notifications',
  notification_send_history_summary: 'notifications',
  logging_backends: 'logging_backends',
  config_scrapers: 'config_scrapers',
  config_scrapers_with_status: 'config_scrapers',
  integrations: 'integrations',
  integrations_with_status: 'integrations',
  casbin_rule: 'rbac',
  // status pages (issue 38)
  status_pages: 'status_pages',
  status_page_entries: 'status_pages',
  incident_publications: 'incident',
  incident_public_updates: 'incident',
};

/**
 * People and identities are read by many screens (owners, responders, team members) but only written from the
 * Users settings page, so their reads are 'database' and their writes 'identities'.
 */
export const DB_WRITE_ONLY_AREAS: Readonly<Record<string, ResourceArea>> = {
  people: 'identities',
  identities: 'identities',
  people_roles: 'identities',
};

/** Credential stores: never read or written through the console, whatever the backend's own catalog says. */
export const DB_UNEXPOSED_TABLES: ReadonlySet<string> = new Set(['people_passwords', 'access_tokens']);

export interface NativeApiGate {
  /** Backend path prefix (segment-aligned): '/canary/run/check' matches '/canary/run/check/<id>'. */
  prefix: string;
  read: GateTarget;
  write: GateTarget;
  /** POST carries a query (filters in the body), so it is gated as a read. */
  postIsRead?: boolean;
  /** An example path for the tests. */
  example: string;
}

/** Native (non-/db) backend routes, longest prefix first wins. */
export const NATIVE_API_GATES: readonly NativeApiGate[] = [
  { prefix: '/canary/run/check', read: 'canaries', write: 'canaries', example: '/canary/run/check/abc' },
  {
    prefix: '/canary/api/topology',
    read: 'topologies',
    write: 'topologies',
    example: '/canary/api/topology?depth=5',
  },
  {
    prefix: '/canary/api/summary',
    read: 'canaries',
    write: 'canaries',
    postIsRead: true,
    example: '/canary/api/summary',
  },
  { prefix: '/canary', read: 'canaries', write: 'canaries', example: '/canary/api/graph?check=abc' },
  {
    prefix: '/playbook/run',
    read: 'playbook_runs',
    write: 'playbook_runs',
    example: '/playbook/run/approve/abc',
  },
  { prefix: '/playbook', read: 'playbooks', write: 'playbooks', example: '/playbook/list?check_id=abc' },
  {
    prefix: '/notification/silence',
    read: 'notifications',
    write: 'notifications',
    example: '/notification/silence',
  },
  { prefix: '/notification', read: 'notifications', write: 'notifications', example: '/notification/x' },
  // Testing a connection makes the backend use its stored credentials, which is as sensitive as editing it.
  { prefix: '/connection', read: 'connections', write: 'connections', example: '/connection/test/abc' },
  { prefix: '/auth/whoami', read: 'signed-in', write: 'auth', example: '/auth/whoami' },
  { prefix: '/auth/invite_user', read: 'identities', write: 'identities', example: '/auth/invite_user' },
  // Every other /auth route signs in or out (/auth/login hands out a bearer token for any known credentials,
  // /auth/basic/login is its form): the console signs in on the server, so the browser never needs them.
  { prefix: '/auth', read: 'unexposed', write: 'unexposed', example: '/auth/login' },
  { prefix: '/people', read: 'database', write: 'identities', example: '/people/update' },
  { prefix: '/rbac', read: 'rbac', write: 'rbac', example: '/rbac/abc/update_role' },
  { prefix: '/agent', read: 'agents', write: 'agents', example: '/agent/generate' },
  { prefix: '/logs', read: 'database', write: 'database', postIsRead: true, example: '/logs' },
  { prefix: '/kubeconfig', read: 'database', write: 'database', example: '/kubeconfig' },
  { prefix: '/properties', read: 'signed-in', write: 'properties', example: '/properties' },
  // The change stream names kinds and ids only; the backend sends each caller the kinds it may read (docs/live-updates.md).
  { prefix: '/events', read: 'signed-in', write: 'unexposed', example: '/events?kinds=incident' },
  { prefix: '/schemas', read: 'signed-in', write: 'database', example: '/schemas/playbook-spec.schema.json' },
  { prefix: '/catalog', read: 'database', write: 'database', postIsRead: true, example: '/catalog/summary' },
  {
    prefix: '/resources/search',
    read: 'database',
    write: 'database',
    postIsRead: true,
    example: '/resources/search',
  },
  {
    prefix: '/snapshot/topology',
    read: 'topologies',
    write: 'topologies',
    example: '/snapshot/topology/abc?start=15m',
  },
  // Status pages (issue 38): the public read is served by the console's own /status/* routes, never through /api;
  // an incident's public title and updates are incident writes (the backend allows admins and commanders).
  {
    prefix: '/status-page/public',
    read: 'unexposed',
    write: 'unexposed',
    example: '/status-page/public/acme',
  },
  {
    prefix: '/status-page/incidents',
    read: 'incident',
    write: 'incident',
    example: '/status-page/incidents/abc',
  },
  // Saved views (issue 33): every person keeps their own; the backend scopes each row to the caller.
  { prefix: '/saved-views', read: 'signed-in', write: 'signed-in', example: '/saved-views/abc' },
  { prefix: '/status-page', read: 'status_pages', write: 'status_pages', example: '/status-page/pages' },
  // The identity server's public API (its API flows return session tokens); the console talks to Kratos itself.
  { prefix: '/kratos', read: 'unexposed', write: 'unexposed', example: '/kratos/self-service/login/api' },
];

/** Paths the standalone (AUTH_PROVIDER=none) console may read; the health summary path is added from config. */
export const STANDALONE_PATHS: readonly string[] = [
  '/canary/api/summary',
  '/canary/api/graph',
  '/canary/about',
  '/db/checks',
  '/db/check_statuses',
  '/db/canaries',
];

export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export function actionForMethod(method: string): Action {
  return READ_METHODS.has(method.toUpperCase()) ? 'read' : 'write';
}

function matchesPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

const NATIVE_BY_LENGTH = [...NATIVE_API_GATES].sort((a, b) => b.prefix.length - a.prefix.length);

export interface ApiGate {
  action: Action;
  target: GateTarget;
}

/**
 * The gate of one backend path (decoded by parseProxyTarget, no query string) for a method: /db/<table> by the table map,
 * native routes by prefix, anything else the 'database' area.
 */
export function apiGateFor(path: string, method: string): ApiGate {
  const upper = method.toUpperCase();
  if (path === '/db' || path.startsWith('/db/')) {
    const action = actionForMethod(upper);
    const resource = path.slice('/db/'.length);
    const key = resource.startsWith('rpc/') ? resource : (resource.split('/')[0] ?? '');
    if (DB_UNEXPOSED_TABLES.has(key)) return { action, target: 'unexposed' };
    const area =
      (action === 'write' ? DB_WRITE_ONLY_AREAS[key] : undefined) ?? DB_TABLE_AREAS[key] ?? 'database';
    return { action, target: area };
  }
  const native = NATIVE_BY_LENGTH.find((g) => matchesPrefix(path, g.prefix));
  const action = native?.postIsRead && upper === 'POST' ? 'read' : actionForMethod(upper);
  if (!native) return { action, target: 'database' };
  return { action, target: action === 'read' ? native.read : native.write };
}

export function isStandalonePath(path: string, method: string, healthSummaryPath: string): boolean {
  if (!READ_METHODS.has(method.toUpperCase()) || method.toUpperCase() === 'OPTIONS') return false;
  const summary = healthSummaryPath.split('?')[0] ?? healthSummaryPath;
  return path === summary || STANDALONE_PATHS.includes(path);
}
