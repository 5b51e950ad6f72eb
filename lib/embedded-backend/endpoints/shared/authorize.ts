import type { Queryable } from '../../db/types';
import type { EndpointContext } from './context';

/** RBAC for the native endpoints: same (subject, object, action) model as /db, answered as the middleware does. */

export class AccessDenied extends Error {
  readonly response: Response;

  constructor(response: Response) {
    super('unauthorized. Access Denied');
    this.response = response;
  }
}

export type AccessChecker = (db: Queryable, personId: string, object: string, action: string) => Promise<boolean>;

// Default role grants of backend-contract §3.4, used until the shared RBAC gate is wired in through setAccessChecker.
const ROLE_GRANTS: Record<string, [object: string, actions: string[]][]> = {
  admin: [['*', ['*']]],
  viewer: [
    ['database.public', ['read']],
    ['canaries', ['read']],
    ['catalog', ['read']],
    ['playbooks', ['read']],
    ['topology', ['read']],
    ['people', ['read']],
  ],
  commander: [['incident', ['create', 'read', 'update', 'delete']]],
  responder: [['incident', ['create', 'read', 'update', 'delete']]],
  editor: [
    ...['canaries', 'catalog', 'topology', 'playbooks', 'kubernetes-proxy', 'notification', 'connection'].map(
      (o) => [o, ['create', 'read', 'update', 'delete']] as [string, string[]],
    ),
    ['connection-detail', ['read']],
  ],
  agent: [
    ['playbooks', ['read']],
    ['database.public', ['read']],
    ['agent-push', ['create', 'read', 'update']],
    ['topology', ['create', 'update']],
  ],
};
const INHERITS: Record<string, string[]> = { commander: ['viewer'], responder: ['viewer'], editor: ['viewer'] };

function roleAllows(role: string, object: string, action: string, seen = new Set<string>()): boolean {
  if (seen.has(role)) return false;
  seen.add(role);
  for (const [o, actions] of ROLE_GRANTS[role] ?? []) {
    if ((o === '*' || o === object) && (actions.includes('*') || actions.includes(action))) return true;
  }
  return (INHERITS[role] ?? []).some((r) => roleAllows(r, object, action, seen));
}

const fallbackChecker: AccessChecker = async (db, personId, object, action) => {
  // "Everyone with an account is a viewer" for reads (§3.4 CheckContext).
  if (action === 'read' && roleAllows('viewer', object, action)) return true;
  const g = await db.query<{ v1: string }>(`SELECT v1 FROM casbin_rule WHERE ptype = 'g' AND v0 = $1`, [personId]);
  const subjects = [personId, ...g.rows.map((r) => r.v1)];
  const perms = await db.query<{ action: string; object: string | null; deny: boolean | null }>(
    `SELECT action, object, deny FROM permissions
      WHERE deleted_at IS NULL AND error IS NULL AND (until IS NULL OR until > now())
        AND (subject = ANY($1::text[]) OR person_id::text = ANY($1::text[]) OR team_id::text = ANY($1::text[]))`,
    [subjects],
  );
  const matches = (p: { action: string; object: string | null }) =>
    (p.object === null || p.object === '*' || p.object === object) &&
    p.action.split(',').some((a) => a.trim() === '*' || a.trim() === action);
  if (perms.rows.some((p) => p.deny && matches(p))) return false;
  if (g.rows.some((r) => roleAllows(r.v1, object, action))) return true;
  return perms.rows.some((p) => !p.deny && matches(p));
};

let checker: AccessChecker = fallbackChecker;

/** Lets the backend plug in its shared RBAC gate so /db and the native endpoints decide identically. */
export function setAccessChecker(next: AccessChecker): void {
  checker = next;
}

export function deniedResponse(subject: string, object: string, action: string): Response {
  return new Response('unauthorized. Access Denied', {
    status: 403,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Rbac-Subject': subject,
      'X-Rbac-Object': object,
      'X-Rbac-Action': action,
    },
  });
}

export function unauthenticatedResponse(): Response {
  return new Response('Unauthorized', { status: 401, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** True when the caller may do `action` on `object`; never throws for a denial. */
export async function can(ctx: EndpointContext, object: string, action: string): Promise<boolean> {
  if (!ctx.identity) return false;
  return checker(ctx.db, ctx.identity.id, object, action);
}

/** Returns the signed-in person id or throws the 401/403 response the RBAC middleware would send. */
export async function authorize(ctx: EndpointContext, object: string, action: string): Promise<string> {
  if (!ctx.identity) throw new AccessDenied(unauthenticatedResponse());
  if (!(await checker(ctx.db, ctx.identity.id, object, action))) {
    throw new AccessDenied(deniedResponse(ctx.identity.id, object, action));
  }
  return ctx.identity.id;
}

/** Only a signed-in caller is required (endpoints whose real counterparts use RLS rather than RBAC). */
export function requireSignedIn(ctx: EndpointContext): string {
  if (!ctx.identity) throw new AccessDenied(unauthenticatedResponse());
  return ctx.identity.id;
}
