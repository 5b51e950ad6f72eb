import type { Queryable } from '../db/types';

/**
 * What canary-checker does when a canary is saved: its checks follow its spec. For every live canary of the local
 * agent, each entry of a check-type list in the spec (`http: [{name, …}]`) is a check; missing ones are created (to
 * run on this tick), ones no longer in the spec are soft-deleted, and changed entries update the check's spec.
 * A canary created or edited through /db therefore has its checks on the health board after the next tick.
 */

const NIL = '00000000-0000-0000-0000-000000000000';

/** Keys of a canary spec that are settings, not check lists. */
const SETTINGS = new Set([
  'interval',
  'schedule',
  'owner',
  'severity',
  'replicas',
  'resultMode',
  'env',
  'icon',
]);

export interface SpecCheck {
  type: string;
  name: string;
  spec: Record<string, unknown>;
  description: string | null;
  icon: string | null;
  labels: Record<string, string> | null;
}

/** The checks a canary spec declares (entries without a name are named after the canary and type, as the real one does). */
export function checksOfSpec(canaryName: string, spec: unknown): SpecCheck[] {
  if (!spec || typeof spec !== 'object' || Array.isArray(spec)) return [];
  const out: SpecCheck[] = [];
  const seen = new Set<string>();
  for (const [type, list] of Object.entries(spec as Record<string, unknown>)) {
    if (SETTINGS.has(type) || !Array.isArray(list)) continue;
    list.forEach((entry, i) => {
      if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return;
      const e = entry as Record<string, unknown>;
      const name =
        typeof e.name === 'string' && e.name.trim()
          ? e.name.trim()
          : `${canaryName}-${type}${i ? `-${i + 1}` : ''}`;
      if (seen.has(`${type}\u0000${name}`)) return;
      seen.add(`${type}\u0000${name}`);
      const labels =
        e.labels && typeof e.labels === 'object' && !Array.isArray(e.labels)
          ? (e.labels as Record<string, string>)
          : null;
      out.push({
        type,
        name,
        spec: e,
        description: typeof e.description === 'string' ? e.description : null,
        icon: typeof e.icon === 'string' ? e.icon : type,
        labels,
      });
    });
  }
  return out;
}

/** Seconds between runs: `interval`, else an `@every 5m` schedule, else 60. */
export function canaryIntervalSeconds(spec: unknown): number {
  const s = (spec ?? {}) as Record<string, unknown>;
  const interval = Number(s.interval);
  if (Number.isFinite(interval) && interval > 0) return interval;
  const m = typeof s.schedule === 'string' ? /^@every\s+((?:\d+[hms])+)$/.exec(s.schedule.trim()) : null;
  if (m?.[1]) {
    let total = 0;
    for (const part of m[1].matchAll(/(\d+)([hms])/g))
      total += Number(part[1]) * (part[2] === 'h' ? 3600 : part[2] === 'm' ? 60 : 1);
    if (total > 0) return total;
  }
  if (typeof s.schedule === 'string' && /^@(hourly)$/.test(s.schedule.trim())) return 3600;
  if (typeof s.schedule === 'string' && /^@(daily|midnight)$/.test(s.schedule.trim())) return 86_400;
  return 60;
}

interface CanaryRow {
  id: string;
  name: string;
  namespace: string;
  spec: unknown;
  agent_id: string;
}

interface CheckRow {
  id: string;
  canary_id: string;
  type: string;
  name: string;
  spec: unknown;
}

/** Reconciles every local canary's checks with its spec; returns the ids of checks created (to run at once). */
export async function syncCanaryChecks(db: Queryable, now: Date): Promise<string[]> {
  const canaries = await db.query<CanaryRow>(
    `SELECT id, name, namespace, spec, agent_id FROM canaries WHERE deleted_at IS NULL AND agent_id = $1`,
    [NIL],
  );
  if (canaries.rows.length === 0) return [];
  const existing = await db.query<CheckRow>(
    `SELECT c.id, c.canary_id, c.type, c.name, c.spec FROM checks c JOIN canaries k ON k.id = c.canary_id
      WHERE c.deleted_at IS NULL AND k.deleted_at IS NULL AND k.agent_id = $1`,
    [NIL],
  );
  const byCanary = new Map<string, CheckRow[]>();
  for (const c of existing.rows) byCanary.set(c.canary_id, [...(byCanary.get(c.canary_id) ?? []), c]);
  const create: Record<string, unknown>[] = [];
  const remove: string[] = [];
  const update: { id: string; spec: unknown }[] = [];
  for (const canary of canaries.rows) {
    const wanted = checksOfSpec(canary.name, canary.spec);
    const have = new Map((byCanary.get(canary.id) ?? []).map((c) => [`${c.type}\u0000${c.name}`, c]));
    for (const w of wanted) {
      const found = have.get(`${w.type}\u0000${w.name}`);
      have.delete(`${w.type}\u0000${w.name}`);
      if (!found) {
        create.push({
          canary_id: canary.id,
          type: w.type,
          name: w.name,
          namespace: canary.namespace,
          spec: w.spec,
          description: w.description,
          icon: w.icon,
          labels: w.labels,
        });
      } else if (JSON.stringify(found.spec) !== JSON.stringify(w.spec))
        update.push({ id: found.id, spec: w.spec });
    }
    remove.push(...[...have.values()].map((c) => c.id));
  }
  if (remove.length)
    await db.query('UPDATE checks SET deleted_at = $2, updated_at = $2 WHERE id = ANY($1::uuid[])', [
      remove,
      now.toISOString(),
    ]);
  if (update.length) {
    await db.query(
      `UPDATE checks c SET spec = x.spec, updated_at = $2 FROM json_to_recordset($1::json) AS x(id uuid, spec jsonb) WHERE c.id = x.id`,
      [JSON.stringify(update), now.toISOString()],
    );
  }
  if (create.length === 0) return [];
  // A check deleted earlier under the same name comes back (the unique key covers deleted rows too).
  const created = await db.query<{ id: string }>(
    `INSERT INTO checks (canary_id, type, name, namespace, spec, description, icon, labels, agent_id, next_runtime, created_at, updated_at)
     SELECT x.canary_id, x.type, x.name, x.namespace, x.spec, x.description, x.icon, x.labels, $2, $3, $3, $3
       FROM json_to_recordset($1::json) AS x(canary_id uuid, type text, name text, namespace text, spec jsonb, description text, icon text, labels jsonb)
     ON CONFLICT (canary_id, type, name, agent_id) DO UPDATE SET deleted_at = NULL, spec = EXCLUDED.spec, updated_at = EXCLUDED.updated_at
     RETURNING id`,
    [JSON.stringify(create), NIL, now.toISOString()],
  );
  return created.rows.map((r) => r.id);
}
