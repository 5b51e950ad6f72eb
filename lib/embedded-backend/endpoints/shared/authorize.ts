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

/** Whether a resource is on one of the agents (none listed: any) and has every tag with its value (as text). */
function onAgentsWithTags(resource: AbacResource, agents: unknown[], tags: object): boolean {
  if (agents.length > 0 && !(resource.agent_id && agents.includes(resource.agent_id))) return false;
  return Object.entries(tags).every(([key, value]) => {
    const have: unknown = resource.tags?.[key];
    return have !== undefined && have !== null && String(have) === String(value);
  });
}

/** A condition's `&&` clauses; an `&&` inside a string literal (a selector or tag value) does not split. */
export function conditionClauses(condition: string): string[] {
  const clauses: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < condition.length; i++) {
    const c = condition[i];
    if (quoted && c === '\\') i++;
    else if (c === '"') quoted = !quoted;
    else if (!quoted && c === '&' && condition[i + 1] === '&') {
      clauses.push(condition.slice(start, i));
      start = i + 2;
      i++;
    }
  }
  clauses.push(condition.slice(start));
  return clauses.map((c) => c.trim()).filter(Boolean);
}

/**
 * Evaluates the condition grammar the enforcer writes for permission rows; unknown clauses never match.
 * `matchPerm(r.obj, agents, tags)` holds when one resource of the request (the playbook's target: only catalog
 * items carry tags) is on one of the agents and has every tag.
 */
function conditionHolds(condition: string, attrs: AbacAttributes): boolean {
  for (const clause of conditionClauses(condition)) {
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
    m = /^matchPerm\(r\.obj, ("(?:[^"\\]|\\.)*"), ("(?:[^"\\]|\\.)*")\)$/.exec(clause);
    if (m?.[1] && m[2]) {
      let agents: unknown;
      let tags: unknown;
      try {
        agents = JSON.parse(JSON.parse(m[1]) as string);
        tags = JSON.parse(JSON.parse(m[2]) as string);
      } catch {
        return false;
      }
      if (!Array.isArray(agents) || !tags || typeof tags !== 'object') return false;
      if (!Object.values(attrs).some((r) => r && onAgentsWithTags(r, agents, tags))) return false;
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
