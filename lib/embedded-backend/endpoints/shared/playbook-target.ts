import type { Queryable } from '../../db/types';
import type { AbacResource } from './authorize';
import { badRequest, isUuid, notFound } from './http';
import { globListProblem, globMatch } from '@/lib/glob';

/** The resource a playbook runs against (config, component or check) and the selector matching of spec lists. */

export type TargetKind = 'config' | 'component' | 'check';

export interface PlaybookTarget {
  kind: TargetKind;
  row: AbacResource & { status?: string | null; health?: string | null; [key: string]: unknown };
}

export const TARGET_FIELDS: Record<TargetKind, string> = {
  config: 'config_id',
  component: 'component_id',
  check: 'check_id',
};
/** RBAC object that guards reading each kind of target. */
export const TARGET_OBJECTS: Record<TargetKind, string> = {
  config: 'catalog',
  component: 'topology',
  check: 'canaries',
};
/** The playbook spec list that makes a playbook runnable on each kind. */
export const SPEC_LISTS: Record<TargetKind, string> = {
  config: 'configs',
  component: 'components',
  check: 'checks',
};

const QUERIES: Record<TargetKind, string> = {
  config: `SELECT id, name, type, config_class, status, health, tags, labels, agent_id, tags ->> 'namespace' AS namespace,
             description, deleted_at FROM config_items WHERE id = $1`,
  component: `SELECT id, name, type, status, health, labels, agent_id, namespace, description, deleted_at
                FROM components WHERE id = $1`,
  check: `SELECT id, name, type, status, status AS health, labels, agent_id, namespace, canary_id, description, deleted_at
            FROM checks WHERE id = $1`,
};

/** Which target the body names; more than one is a 400 (backend-contract §2.8). */
export function targetOf(input: Record<string, unknown>): { kind: TargetKind; id: string } | null {
  const given = (Object.entries(TARGET_FIELDS) as [TargetKind, string][])
    .map(([kind, field]) => ({ kind, value: input[field] }))
    .filter((t) => t.value !== undefined && t.value !== null && t.value !== '');
  if (given.length > 1) throw badRequest('only one of config_id, component_id or check_id may be given');
  const t = given[0];
  if (!t) return null;
  if (!isUuid(t.value)) throw badRequest(`invalid ${TARGET_FIELDS[t.kind]}: expected a UUID`);
  return { kind: t.kind, id: String(t.value) };
}

export async function loadTarget(db: Queryable, kind: TargetKind, id: string): Promise<PlaybookTarget> {
  const r = await db.query<PlaybookTarget['row']>(QUERIES[kind], [id]);
  const row = r.rows[0];
  if (!row) throw notFound(`${kind} ${id} was not found`);
  return { kind, row };
}

function listMatches(items: unknown, value: string | null | undefined): boolean {
  if (!Array.isArray(items) || items.length === 0) return true;
  const list = items.map(String);
  const negative = list.filter((i) => i.startsWith('!')).map((i) => i.slice(1));
  const positive = list.filter((i) => !i.startsWith('!'));
  if (negative.some((n) => globMatch(n, value ?? ''))) return false;
  return positive.length === 0 || positive.some((p) => globMatch(p, value ?? ''));
}

function labelSelectorMatches(selector: unknown, labels: Record<string, string> | null | undefined): boolean {
  if (typeof selector !== 'string' || selector.trim() === '') return true;
  const l = labels ?? {};
  return selector.split(',').every((term) => {
    const t = term.trim();
    const m = /^([^!=\s]+)\s*(!=|==|=)\s*(.*)$/.exec(t);
    if (m?.[1]) return m[2] === '!=' ? l[m[1]] !== m[3] : l[m[1]] === m[3];
    if (t.startsWith('!')) return !(t.slice(1) in l);
    return t === '' || t in l;
  });
}

/** One resource selector of a playbook spec against a target (types, statuses, health, name, namespace, labels). */
export function selectorMatches(selector: Record<string, unknown>, target: PlaybookTarget): boolean {
  const r = target.row;
  if (typeof selector.id === 'string' && selector.id !== r.id) return false;
  if (typeof selector.name === 'string' && !globMatch(selector.name, r.name ?? '')) return false;
  if (typeof selector.namespace === 'string' && !globMatch(selector.namespace, r.namespace ?? ''))
    return false;
  if (!listMatches(selector.types, r.type)) return false;
  if (!listMatches(selector.statuses, r.status)) return false;
  if (typeof selector.health === 'string' && !listMatches(selector.health.split(','), r.health)) return false;
  if (!labelSelectorMatches(selector.labelSelector, r.labels as Record<string, string> | null)) return false;
  if (!labelSelectorMatches(selector.tagSelector, (r.tags ?? r.labels) as Record<string, string> | null))
    return false;
  if (typeof selector.agent === 'string' && !['all', ''].includes(selector.agent)) {
    const local = '00000000-0000-0000-0000-000000000000';
    if (selector.agent === 'local' ? r.agent_id !== local : selector.agent !== r.agent_id) return false;
  }
  return true;
}

/**
 * Problems of the globs in resource selectors (a playbook spec's `configs`, `components`, `checks`; a silence's
 * `selectors`): each is matched against every resource a screen lists, so their number and length are bounded
 * (lib/glob.ts GLOB_LIMITS). `path` is the list's JSON pointer (`/configs`); each problem names its own place.
 */
export function selectorGlobProblems(selectors: unknown, path: string): { path: string; message: string }[] {
  if (!Array.isArray(selectors)) return [];
  const out: { path: string; message: string }[] = [];
  const check = (at: string, what: string, patterns: string[]) => {
    const problem = globListProblem(what, patterns);
    if (problem) out.push({ path: at, message: problem });
  };
  selectors.forEach((selector: unknown, i) => {
    if (!selector || typeof selector !== 'object') return;
    const s = selector as Record<string, unknown>;
    const at = `${path}/${i}`;
    for (const key of ['name', 'namespace'] as const) {
      const value = s[key];
      if (typeof value === 'string') check(`${at}/${key}`, key, [value]);
    }
    for (const key of ['types', 'statuses'] as const) {
      const list = s[key];
      if (Array.isArray(list)) check(`${at}/${key}`, key, list.map(String));
    }
    if (typeof s.health === 'string') check(`${at}/health`, 'health', s.health.split(','));
  });
  return out;
}

/** A playbook is offered for a target when its spec has the kind's list and every selector in it matches. */
export function playbookMatchesTarget(spec: Record<string, unknown>, target: PlaybookTarget): boolean {
  const list = spec[SPEC_LISTS[target.kind]];
  if (!Array.isArray(list) || list.length === 0) return false;
  return list.every(
    (s) => s && typeof s === 'object' && selectorMatches(s as Record<string, unknown>, target),
  );
}

/** Renders `{{.config.name}}`-style placeholders (Go template field paths only) against the run's environment. */
export function renderTemplate(text: string, env: Record<string, unknown>): string {
  return text.replace(/\{\{\s*\.([\w.]+)\s*\}\}/g, (_, path: string) => {
    let cur: unknown = env;
    for (const part of path.split('.')) {
      if (cur && typeof cur === 'object') cur = (cur as Record<string, unknown>)[part];
      else return '';
    }
    return cur === undefined || cur === null
      ? ''
      : typeof cur === 'object'
        ? JSON.stringify(cur)
        : String(cur);
  });
}
