import type { Queryable } from '../db/types';
import type { RequestIdentity } from '../identity';
import { DEFAULT_POLICIES, expandRoles, rolesAllow, type Policy } from './policies';

interface PermissionRow {
  id: string;
  subject: string | null;
  person_id: string | null;
  team_id: string | null;
  notification_id: string | null;
  object: string | null;
  action: string;
  deny: boolean | null;
  object_selector: unknown;
  component_id: string | null;
  config_id: string | null;
  canary_id: string | null;
  playbook_id: string | null;
  connection_id: string | null;
  check_id: string | null;
  tags: unknown;
  agents: string[] | null;
}

const CACHE_MS = 3000;

/** A row's `tags` as a string map (a stored scalar compares as its text); anything but an object is none. */
function tagsOf(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}

/** Turns an active `permissions` row into policies; rows scoped to resources carry a condition and never act globally. */
function rowToPolicies(row: PermissionRow): Policy[] {
  const subject = row.subject ?? row.person_id ?? row.team_id ?? row.notification_id;
  if (!subject) return [];
  const conditions: string[] = [];
  if (
    row.object_selector &&
    typeof row.object_selector === 'object' &&
    Object.keys(row.object_selector).length > 0
  ) {
    conditions.push(`matchResourceSelector(r.obj, ${JSON.stringify(JSON.stringify(row.object_selector))})`);
  }
  for (const [column, value] of [
    ['component', row.component_id],
    ['config', row.config_id],
    ['canary', row.canary_id],
    ['playbook', row.playbook_id],
    ['connection', row.connection_id],
    ['check', row.check_id],
  ] as const) {
    if (value) conditions.push(`r.obj.${column} != undefined && r.obj.${column}.id == "${value}"`);
  }
  // Tags and agents narrow the row to resources that carry them (duty's matchPerm): one clause, so that both are
  // met by the same resource; each argument is a JSON string literal, so no stored text can end the clause.
  const tags = tagsOf(row.tags);
  const agents = (row.agents ?? []).filter((a) => typeof a === 'string' && a !== '');
  if (agents.length > 0 || Object.keys(tags).length > 0)
    conditions.push(
      `matchPerm(r.obj, ${JSON.stringify(JSON.stringify(agents))}, ${JSON.stringify(JSON.stringify(tags))})`,
    );
  const actions = row.action
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  return actions.map((action) => ({
    subject,
    object: row.object ?? '*',
    action,
    id: row.id,
    ...(row.deny ? { deny: true } : {}),
    condition: conditions.join(' && '),
  }));
}

/** The subjects a request acts as: the person, its teams, and every role it has directly or by inheritance. */
export function subjectsOf(identity: RequestIdentity): Set<string> {
  return new Set([identity.personId, ...identity.teams, ...expandRoles(identity.roles)]);
}

/** casbin-like decisions over the default policies plus the active rows of the `permissions` table. */
export class Enforcer {
  private cached: { at: number; policies: Policy[] } | undefined;
  /** Bumped by invalidate(): a load that started before a write must not cache the rows it read before it. */
  private generation = 0;

  constructor(private readonly db: Queryable) {}

  /** Forget cached permission rows (after a write to permissions or team_members). */
  invalidate(): void {
    this.cached = undefined;
    this.generation += 1;
  }

  async policies(): Promise<Policy[]> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.policies;
    const generation = this.generation;
    const rows = await this.db.query<PermissionRow>(
      `SELECT id, subject, person_id, team_id, notification_id, object, action, deny, object_selector, component_id,
              config_id, canary_id, playbook_id, connection_id, check_id, tags, agents
       FROM permissions
       WHERE deleted_at IS NULL AND error IS NULL AND (until IS NULL OR until > now())
       ORDER BY created_at`,
    );
    const policies = [...DEFAULT_POLICIES, ...rows.rows.flatMap(rowToPolicies)];
    // A load that overlapped a write answers its own caller but is not kept: a deleted deny stayed for 3 s.
    if (generation === this.generation) this.cached = { at: Date.now(), policies };
    return policies;
  }

  /** Reads pass for anyone signed in when the viewer role could read the object (the real backend's rule). */
  async check(identity: RequestIdentity, object: string, action: string): Promise<boolean> {
    return rolesAllow(identity.roles, object, action, await this.policies(), [
      identity.personId,
      ...identity.teams,
    ]);
  }

  /** The whoami `permissions`: every policy whose subject is the person, one of its teams or one of its roles. */
  async listFor(identity: RequestIdentity): Promise<Policy[]> {
    const subjects = subjectsOf(identity);
    return (await this.policies()).filter((p) => subjects.has(p.subject));
  }
}
