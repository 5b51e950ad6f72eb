/** @jest-environment node */
import { computeGrants, ROLE_PERMISSIONS, ROLES, type Role } from '@/lib/auth/permissions';
import {
  apiGateFor,
  DB_TABLE_AREAS,
  DB_WRITE_ONLY_AREAS,
  NATIVE_API_GATES,
  STANDALONE_PATHS,
  type GateTarget,
} from '@/lib/backend/api-gates';
import { proxyRequest } from '@/lib/backend/proxy';
import { dbRequestAllowedByRoles } from '@/lib/backend/role-policies';
import type { ConsoleSession } from '@/lib/auth/session';

const METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

function session(role: Role): ConsoleSession {
  return {
    mode: 'basic',
    user: { id: role, name: role },
    roles: [role],
    grants: computeGrants([role]),
    features: {},
    refreshedAt: 0,
  };
}

/** The area table's decision, and on /db the backend's role policies too (issue 31 item 14). */
function expectedStatus(
  role: Role,
  target: GateTarget,
  action: 'read' | 'write',
  method: string,
  path: string,
): number {
  if (target === 'unexposed') return 404;
  const area = target === 'signed-in' || ROLE_PERMISSIONS[role][action].has(target);
  return area && dbRequestAllowedByRoles(session(role), path.split('?')[0] ?? path, method) ? 200 : 403;
}

const ok = async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });

async function statusOf(role: Role | null, method: string, path: string): Promise<number> {
  const write = !READS.has(method);
  const request = new Request(`http://console.test/api${path}`, {
    method,
    body: write ? '{}' : undefined,
    headers: write ? { 'content-type': 'application/json' } : {},
  });
  const response = await proxyRequest(request, {
    rest: path,
    access: { session: role ? session(role) : null, token: 't', transport: ok },
    mode: 'basic',
    limits: { maxBodyBytes: 1024, timeoutMs: 1000 },
  });
  return response.status;
}

type Kind = { name: string; path: string; read: GateTarget; write: GateTarget; postIsRead?: boolean };

const kinds: Kind[] = [
  ...NATIVE_API_GATES.map((g) => ({
    name: `native ${g.prefix}`,
    path: g.example,
    read: g.read,
    write: g.write,
    postIsRead: g.postIsRead,
  })),
  ...Object.entries(DB_TABLE_AREAS).map(([table, area]) => ({
    name: `db ${table}`,
    path: `/db/${table}?select=*`,
    read: area,
    write: DB_WRITE_ONLY_AREAS[table] ?? area,
  })),
  ...Object.entries(DB_WRITE_ONLY_AREAS).map(([table, area]) => ({
    name: `db ${table}`,
    path: `/db/${table}`,
    read: 'database' as const,
    write: area,
  })),
  { name: 'db other table', path: '/db/config_items?select=id', read: 'database', write: 'database' },
  {
    name: 'db other rpc',
    path: '/db/rpc/related_configs_recursive?config_id=x',
    read: 'database',
    write: 'database',
  },
  { name: 'unknown native path', path: '/something/else', read: 'database', write: 'database' },
];

describe('the api gate table over every path kind × method × role', () => {
  const cases = kinds.flatMap((kind) =>
    METHODS.flatMap((method) => ROLES.map((role) => [kind.name, kind, method, role] as const)),
  );
  it.each(cases)('%s %s %s', async (_name, kind, method, role) => {
    const action = READS.has(method) || (kind.postIsRead && method === 'POST') ? 'read' : 'write';
    const target = action === 'read' ? kind.read : kind.write;
    const pathOnly = kind.path.split('?')[0] ?? kind.path;
    expect(apiGateFor(pathOnly, method)).toEqual({ action, target });
    expect(await statusOf(role, method, kind.path)).toBe(
      expectedStatus(role, target, action, method, kind.path),
    );
  });

  it('answers 401 to the anonymous for every kind, and 404 for the unexposed ones', async () => {
    for (const kind of kinds)
      expect(await statusOf(null, 'GET', kind.path)).toBe(kind.read === 'unexposed' ? 404 : 401);
  });
});

describe('decisions worth stating explicitly', () => {
  it.each([
    ['viewer', 'GET', '/db/checks', 200],
    ['viewer', 'POST', '/db/checks', 403],
    ['viewer', 'POST', '/catalog/changes', 200],
    ['viewer', 'POST', '/resources/search', 200],
    ['viewer', 'GET', '/db/people?select=*', 200],
    ['viewer', 'GET', '/kubeconfig', 200],
    ['editor', 'PATCH', '/db/people?id=eq.1', 403],
    ['admin', 'PATCH', '/db/people?id=eq.1', 200],
    ['editor', 'POST', '/connection/test/1', 403],
    ['editor', 'GET', '/db/connections', 403],
    ['editor', 'POST', '/db/playbook_runs', 200],
    ['responder', 'POST', '/db/evidences', 200],
    ['responder', 'POST', '/db/playbooks', 403],
    ['commander', 'POST', '/notification/silence', 403],
    ['editor', 'POST', '/notification/silence', 200],
    ['guest', 'GET', '/auth/whoami', 200],
    ['editor', 'GET', '/db/casbin_rule', 403],
    // Credential minting and the identity server's API are not reachable through the console, for anyone.
    ['admin', 'POST', '/auth/login', 404],
    ['admin', 'GET', '/auth/basic/login', 404],
    ['admin', 'POST', '/auth/logout', 404],
    ['admin', 'POST', '/kratos/self-service/login/api', 404],
    ['admin', 'GET', '/db/people_passwords?select=*', 404],
    ['admin', 'GET', '/db/access_tokens?select=*', 404],
    ['admin', 'POST', '/auth/invite_user', 200],
    ['admin', 'POST', '/agent/generate', 200],
  ] as const)('%s %s %s → %i', async (role, method, path, status) => {
    expect(await statusOf(role, method, path)).toBe(status);
  });

  it('lists the standalone health paths', () => {
    expect(STANDALONE_PATHS).toEqual(
      expect.arrayContaining([
        '/canary/api/graph',
        '/db/checks',
        '/db/check_statuses',
        '/db/canaries',
        '/canary/about',
      ]),
    );
  });
});
