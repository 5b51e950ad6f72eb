/** @jest-environment node */
import { computeGrants, ROLES, type Role } from '@/lib/auth/permissions';
import { dbRequestAllowedByRoles, rolesMayDo } from '@/lib/backend/role-policies';
import type { ConsoleSession } from '@/lib/auth/session';
import { proxyRequest } from '@/lib/backend/proxy';
import type { Queryable } from '@/lib/embedded-backend/db/types';
import type { RequestIdentity } from '@/lib/embedded-backend/identity';
import { Enforcer } from '@/lib/embedded-backend/rbac/enforcer';
import { gateDbRequest } from '@/lib/embedded-backend/rbac/gate';
import { RESOURCE_OBJECTS } from '@/lib/embedded-backend/rbac/objects';
import { DEFAULT_POLICIES } from '@/lib/embedded-backend/rbac/policies';

/**
 * Issue 31 item 14: the console's role decisions come from the backend's role policies, and agree with the
 * backend's enforcer on every role × object × action, and on every /db resource × method × role through the proxy.
 */

/** A backend with no `permissions` rows: the default role policies alone. */
const noRows: Queryable = { query: async () => ({ rows: [] }) } as unknown as Queryable;
const enforcer = new Enforcer(noRows);

const identityOf = (role: Role): RequestIdentity =>
  ({ personId: `person-${role}`, teams: [], roles: [role] }) as unknown as RequestIdentity;

const OBJECTS = [
  ...new Set([
    ...RESOURCE_OBJECTS.values(),
    ...DEFAULT_POLICIES.map((p) => p.object).filter((o) => o !== '*'),
  ]),
].sort();
const ACTIONS = ['create', 'read', 'update', 'delete'];
const METHODS = ['GET', 'POST', 'PATCH', 'DELETE'];

function sessionFor(role: Role): ConsoleSession {
  return {
    mode: 'basic',
    user: { id: `user-${role}`, name: role },
    roles: [role],
    grants: computeGrants([role]),
    features: {},
    refreshedAt: Date.now(),
  };
}

/** Whether the console's proxy forwards the request to the backend (any answer from the fake backend = forwarded). */
async function consoleForwards(role: Role, method: string, path: string): Promise<boolean> {
  let forwarded = false;
  const request = new Request(`http://console.test/api${path}`, {
    method,
    headers: method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' },
    body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
  });
  await proxyRequest(request, {
    rest: path,
    mode: 'basic',
    limits: { maxBodyBytes: 1 << 20, timeoutMs: 1000 },
    access: {
      session: sessionFor(role),
      token: 't',
      transport: async () => {
        forwarded = true;
        return Response.json([]);
      },
    },
  });
  return forwarded;
}

describe('one source for the role table (issue 31 item 14)', () => {
  it('decides every role × object × action as the backend’s enforcer does', async () => {
    const differences: string[] = [];
    for (const role of ROLES) {
      for (const object of OBJECTS) {
        for (const action of ACTIONS) {
          const backend = await enforcer.check(identityOf(role), object, action);
          if (rolesMayDo([role], object, action) !== backend)
            differences.push(`${role} ${action} ${object}: backend ${backend}`);
        }
      }
    }
    expect(OBJECTS.length).toBeGreaterThan(10);
    expect(differences).toEqual([]);
  });

  it('forwards a /db request exactly when the backend’s gate allows it, for every resource × method × role', async () => {
    const differences: string[] = [];
    for (const resource of RESOURCE_OBJECTS.keys()) {
      const path = `/db/${resource}`;
      for (const method of METHODS) {
        for (const role of ROLES) {
          const backend = (await gateDbRequest(enforcer, identityOf(role), method, resource)).allowed;
          const console = await consoleForwards(role, method, path);
          if (console && !backend)
            differences.push(`${role} ${method} ${path}: console forwards, backend refuses`);
          if (!console && backend)
            differences.push(`${role} ${method} ${path}: console refuses, backend allows`);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it('leaves sessions with custom grants (whoami permissions) to the backend', () => {
    const viewer = sessionFor('viewer');
    expect(dbRequestAllowedByRoles(viewer, '/db/properties', 'POST')).toBe(false);
    const granted = {
      ...viewer,
      grants: { ...viewer.grants, write: [...viewer.grants.write, 'properties' as const] },
    };
    expect(dbRequestAllowedByRoles(granted, '/db/properties', 'POST')).toBe(true);
  });
});
