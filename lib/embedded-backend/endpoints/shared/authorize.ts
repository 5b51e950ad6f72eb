import { forbiddenResponse } from '../../rbac/gate';
import { subjectsOf } from '../../rbac/enforcer';
import type { Policy } from '../../rbac/policies';
import type { AuthedContext } from '../types';
import { globMatch } from '@/lib/glob';

/**
 * Checks inside handlers, on top of the route-level RBAC gate: plain object:action checks, and the ABAC checks the
 * playbook endpoints make (`playbook:run` / `playbook:approve` / `playbook:cancel` against the playbook and target).
 */

export class AccessDenied extends Error {
  readonly response: Response;

  constructor(response: Response) {
    super('unauthorized. Access Denied');
    this.response = response;
  }
}

/** Throws the RBAC middleware's 403 unless the caller may do action on object. */
export async function authorize(ctx: AuthedContext, object: string, action: string): Promise<void> {
  if (!(await ctx.services.enforcer.check(ctx.identity, object, action))) {
    throw new AccessDenied(forbiddenResponse(ctx.identity.personId, object, action));
  }
}

/** A resource as ABAC conditions see it (`r.obj.playbook`, `r.obj.config` …). */
export interface AbacResource {
  id: string;
  name?: string | null;
  namespace?: string | null;
  type?: string | null;
  tags?: Record<string, string> | null;
  labels?: Record<string, string> | null;
  agent_id?: string | null;
}

export type AbacAttributes = Partial<
  Record<'playbook' | 'config' | 'component' | 'check' | 'canary' | 'connection', AbacResource>
>;

const SELECTOR_KEYS: Record<string, keyof AbacAttributes> = {
  playbooks: 'playbook',
  configs: 'config',
  components: 'component',
  checks: 'check',
  canaries: 'canary',
  connections: 'connection',
};

function matchSelectorObject(resource: AbacResource, selector: Record<string, unknown>): boolean {
  const name = typeof selector.name === 'string' ? selector.name : undefined;
  const namespace = typeof selector.namespace === 'string' ? selector.namespace : undefined;
  if (name && !globMatch(name, resource.name ?? '')) return false;
  if (namespace && !globMatch(namespace, resource.namespace ?? '')) return false;
  if (typeof selector.id === 'string' && selector.id !== resource.id) return false;
  const types = Array.isArray(selector.types) ? selector.types.map(String) : [];
  if (types.length && !types.includes(resource.type ?? '')) return false;
  return true;
}

/** Evaluates the condition grammar the enforcer writes for permission rows; unknown clauses never match. */
function conditionHolds(condition: string, attrs: AbacAttributes): boolean {
  for (const clause of condition
    .split('&&')
    .map((c) => c.trim())
    .filter(Boolean)) {
    let m = /^matchResourceSelector\(r\.obj, (".*")\)$/.exec(clause);
    if (m?.[1]) {
      let selectors: Record<string, unknown>;
      try {
        selectors = JSON.parse(JSON.parse(m[1]) as string) as Record<string, unknown>;
      } catch {
        return false;
      }
      const ok = Object.entries(selectors).every(([key, list]) => {
        const kind = SELECTOR_KEYS[key];
        const resource = kind ? attrs[kind] : undefined;
        if (!resource || !Array.isArray(list)) return false;
        return list.some(
          (s) => s && typeof s === 'object' && matchSelectorObject(resource, s as Record<string, unknown>),
        );
      });
      if (!ok) return false;
      continue;
    }
    m = /^r\.obj\.(\w+) != undefined$/.exec(clause);
    if (m?.[1]) {
      if (!attrs[m[1] as keyof AbacAttributes]) return false;
      continue;
    }
    m = /^r\.obj\.(\w+)\.id == "([^"]*)"$/.exec(clause);
    if (m?.[1]) {
      if (attrs[m[1] as keyof AbacAttributes]?.id !== m[2]) return false;
      continue;
    }
    m = /^matchAgents\(r\.obj, "([^"]*)"\)$/.exec(clause);
    if (m?.[1] !== undefined) {
      const agents = m[1].split(',');
      const any = Object.values(attrs).some((r) => r?.agent_id && agents.includes(r.agent_id));
      if (!any) return false;
      continue;
    }
    return false;
  }
  return true;
}

/** casbin decision with conditions: some allow and no deny among the policies of the caller's subjects. */
export async function abacAllows(
  ctx: AuthedContext,
  object: string,
  action: string,
  attrs: AbacAttributes,
): Promise<boolean> {
  const subjects = subjectsOf(ctx.identity);
  const policies: Policy[] = await ctx.services.enforcer.policies();
  let allowed = false;
  for (const p of policies) {
    if (!subjects.has(p.subject)) continue;
    if (p.object !== '*' && p.object !== object) continue;
    if (p.action !== '*' && p.action !== action) continue;
    if (p.condition && !conditionHolds(p.condition, attrs)) continue;
    if (p.deny) return false;
    allowed = true;
  }
  return allowed;
}

/** Throws the 403 of the real ABAC check unless abacAllows. */
export async function authorizeAbac(
  ctx: AuthedContext,
  object: string,
  action: string,
  attrs: AbacAttributes,
): Promise<void> {
  if (!(await abacAllows(ctx, object, action, attrs))) {
    throw new AccessDenied(forbiddenResponse(ctx.identity.personId, object, action));
  }
}
