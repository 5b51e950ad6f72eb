import type { RequestIdentity } from '../identity';
import type { RelationAccess } from '../postgrest';
import type { Enforcer } from './enforcer';
import { actionForMethod, objectForResource } from './objects';

/** The 403 of the real RBAC middleware: plain text plus the X-Rbac-* headers naming the decision. */
export function forbiddenResponse(subject: string, object: string, action: string): Response {
  return new Response('unauthorized. Access Denied', {
    status: 403,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'x-rbac-subject': subject,
      'x-rbac-object': object,
      'x-rbac-action': action,
    },
  });
}

/** Checks object:action for the identity; returns a 403 response when denied, undefined when allowed. */
export async function requirePermission(
  enforcer: Enforcer,
  identity: RequestIdentity,
  object: string,
  action: string,
): Promise<Response | undefined> {
  if (await enforcer.check(identity, object, action)) return undefined;
  return forbiddenResponse(identity.personId, object, action);
}

export type DbGateDecision =
  { allowed: true; object: string; action: string } | { allowed: false; response: Response };

/** The /db gate (backend-contract §1.1 step 2): unknown resource → 404 empty, unmapped method or denied → 403. */
export async function gateDbRequest(
  enforcer: Enforcer,
  identity: RequestIdentity,
  method: string,
  resource: string,
): Promise<DbGateDecision> {
  const object = objectForResource(resource);
  if (!object) return { allowed: false, response: new Response(null, { status: 404 }) };
  const action = actionForMethod(method);
  if (!action)
    return { allowed: false, response: forbiddenResponse(identity.personId, object, method.toLowerCase()) };
  const denied = await requirePermission(enforcer, identity, object, action);
  return denied ? { allowed: false, response: denied } : { allowed: true, object, action };
}

/**
 * The same object:action check for every relation a /db request embeds (read, at any depth) as the gate makes for
 * its root; a relation without an object is denied. Also answers the object:action checks that unmask columns.
 */
export function relationAccess(enforcer: Enforcer, identity: RequestIdentity): RelationAccess {
  return {
    async readRelation(relation) {
      const object = objectForResource(relation);
      if (object && (await enforcer.check(identity, object, 'read'))) return { allowed: true };
      return { allowed: false, subject: identity.personId, object: object ?? 'unmapped', action: 'read' };
    },
    allows: (object, action) => enforcer.check(identity, object, action),
  };
}
