import type { Queryable } from '../../db/types';
import type { AuthedContext } from '../types';
import { globListProblem, globMatch } from '@/lib/glob';
import { badRequest, isUuid, json, notFound, omitEmpty } from './http';
import { toIso } from './time';

/** GET /canary/api/topology (backend-contract §2.4, upstream-ui §2.2): the component tree with summaries and facets. */

interface ComponentRow extends Record<string, unknown> {
  id: string;
  parent_id: string | null;
  name: string;
  status: string;
  type: string | null;
  owner: string | null;
  agent_id: string;
  hidden: boolean;
  labels: Record<string, string> | null;
  properties: { name?: string; value?: unknown; text?: string }[] | null;
  log_selectors: unknown[] | null;
}

interface Summary {
  healthy?: number;
  unhealthy?: number;
  warning?: number;
  unknown?: number;
  info?: number;
  incidents?: Record<string, Record<string, number>>;
  insights?: Record<string, Record<string, number>>;
  checks?: Record<string, number>;
}

interface Node {
  row: ComponentRow;
  children: Node[];
  checks: Record<string, unknown>[];
  teams: string[];
  summary: Summary;
}

const COLUMNS = `id, agent_id, topology_id, external_id, parent_id, config_id, name, text, topology_type, namespace, labels,
  hidden, silenced, status, status_reason, health, description, lifecycle, tooltip, schedule, icon, type, owner,
  selectors, log_selectors, component_checks, configs, properties, path, is_leaf, cost_per_minute, cost_total_1d,
  cost_total_7d, cost_total_30d, created_by, created_at, updated_at, deleted_at`;

const STATUS_RANK: Record<string, number> = { healthy: 0, unknown: 1, info: 1, warning: 2, unhealthy: 3 };

function addNested(
  target: Record<string, Record<string, number>>,
  type: string,
  severity: string,
  n: number,
): void {
  const bucket = (target[type] ??= {});
  bucket[severity] = (bucket[severity] ?? 0) + n;
}

async function loadNodes(db: Queryable): Promise<Map<string, Node>> {
  const [components, checks, insights, incidents, teams] = await Promise.all([
    db.query<ComponentRow>(
      `SELECT ${COLUMNS} FROM components
        WHERE deleted_at IS NULL
          AND (topology_id IS NULL OR topology_id IN (SELECT id FROM topologies WHERE deleted_at IS NULL))
        ORDER BY name, id`,
    ),
    db.query<{
      component_id: string;
      id: string;
      name: string;
      type: string;
      status: string | null;
      icon: string | null;
      severity: string | null;
    }>(
      `SELECT r.component_id, c.id, c.name, c.type, c.status, c.icon, c.severity
         FROM check_component_relationships r JOIN checks c ON c.id = r.check_id
        WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL ORDER BY c.name`,
    ),
    db.query<{ component_id: string; analysis_type: string | null; severity: string | null; n: number }>(
      `SELECT r.component_id, ca.analysis_type, ca.severity, count(*)::int AS n
         FROM config_component_relationships r JOIN config_analysis ca ON ca.config_id = r.config_id
        WHERE r.deleted_at IS NULL AND ca.status = 'open' GROUP BY 1, 2, 3`,
    ),
    db.query<{ component_id: string; type: string; severity: string; n: number }>(
      `SELECT e.component_id, i.type, i.severity, count(DISTINCT i.id)::int AS n
         FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id JOIN incidents i ON i.id = h.incident_id
        WHERE e.component_id IS NOT NULL AND i.status NOT IN ('resolved', 'closed') GROUP BY 1, 2, 3`,
    ),
    db.query<{ component_id: string; name: string }>(
      `SELECT tc.component_id, t.name FROM team_components tc JOIN teams t ON t.id = tc.team_id
        WHERE t.deleted_at IS NULL ORDER BY t.name`,
    ),
  ]);
  const nodes = new Map<string, Node>();
  for (const row of components.rows)
    nodes.set(row.id, { row, children: [], checks: [], teams: [], summary: {} });
  for (const c of checks.rows) {
    const node = nodes.get(c.component_id);
    if (!node) continue;
    node.checks.push(
      omitEmpty({
        id: c.id,
        name: c.name,
        type: c.type,
        status: c.status,
        icon: c.icon,
        severity: c.severity,
      }),
    );
    const s = (node.summary.checks ??= {});
    const key = c.status ?? 'unknown';
    s[key] = (s[key] ?? 0) + 1;
  }
  for (const a of insights.rows) {
    const node = nodes.get(a.component_id);
    if (node)
      addNested((node.summary.insights ??= {}), a.analysis_type ?? 'other', a.severity ?? 'info', a.n);
  }
  for (const i of incidents.rows) {
    const node = nodes.get(i.component_id);
    if (node) addNested((node.summary.incidents ??= {}), i.type, i.severity, i.n);
  }
  for (const t of teams.rows) nodes.get(t.component_id)?.teams.push(t.name);
  for (const node of nodes.values()) {
    const parent = node.row.parent_id ? nodes.get(node.row.parent_id) : undefined;
    if (parent) parent.children.push(node);
  }
  return nodes;
}

/** Rolls statuses, checks, insights and incidents up from the leaves (a leaf counts its own status). */
function rollUp(node: Node, seen = new Set<string>()): Summary {
  if (seen.has(node.row.id)) return {};
  seen.add(node.row.id);
  const s = node.summary;
  if (node.children.length === 0) {
    const key = (
      ['healthy', 'unhealthy', 'warning', 'unknown', 'info'].includes(node.row.status)
        ? node.row.status
        : 'unknown'
    ) as keyof Summary;
    (s as Record<string, number>)[key] = ((s as Record<string, number>)[key] ?? 0) + 1;
    return s;
  }
  for (const child of node.children) {
    const c = rollUp(child, seen);
    for (const k of ['healthy', 'unhealthy', 'warning', 'unknown', 'info'] as const) {
      if (c[k]) s[k] = (s[k] ?? 0) + c[k];
    }
    for (const [status, n] of Object.entries(c.checks ?? {})) {
      const checks = (s.checks ??= {});
      checks[status] = (checks[status] ?? 0) + n;
    }
    for (const field of ['insights', 'incidents'] as const) {
      for (const [type, bySeverity] of Object.entries(c[field] ?? {})) {
        for (const [severity, n] of Object.entries(bySeverity))
          addNested((s[field] ??= {}), type, severity, n);
      }
    }
  }
  return s;
}

interface Filters {
  status?: string[];
  type?: string[];
  team?: string[];
  owner?: string;
  agentId?: string;
  labels?: Record<string, string>;
  hidden: boolean | undefined;
}

function csv(value: string | null): string[] | undefined {
  if (value === null) return undefined;
  const items = value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '' && v.toLowerCase() !== 'all');
  return items.length ? items : undefined;
}

/** A csv filter with `!` exclusions and globs: some positive item must match (if any), no negative may. */
function csvMatches(items: string[] | undefined, value: string | null | undefined): boolean {
  if (!items) return true;
  const positive = items.filter((i) => !i.startsWith('!'));
  const negative = items.filter((i) => i.startsWith('!')).map((i) => i.slice(1));
  const v = value ?? '';
  if (negative.some((n) => globMatch(n, v))) return false;
  return positive.length === 0 || positive.some((p) => globMatch(p, v));
}

function matchesFilters(node: Node, f: Filters): boolean {
  const r = node.row;
  if (!csvMatches(f.status, r.status)) return false;
  if (!csvMatches(f.type, r.type)) return false;
  if (f.team && !node.teams.some((t) => csvMatches(f.team, t))) return false;
  if (f.owner && !globMatch(f.owner, r.owner ?? '')) return false;
  if (f.agentId && r.agent_id !== f.agentId) return false;
  if (f.labels) {
    for (const [k, v] of Object.entries(f.labels)) if ((r.labels ?? {})[k] !== v) return false;
  }
  return true;
}

function propertyValue(node: Node, name: string): number | string | undefined {
  const p = (node.row.properties ?? []).find((x) => x?.name === name);
  if (!p) return undefined;
  const v = p.value ?? p.text;
  const n = Number(v);
  return v !== undefined && v !== null && v !== '' && Number.isFinite(n)
    ? n
    : v === undefined || v === null
      ? undefined
      : String(v);
}

function comparator(sortBy: string, desc: boolean): (a: Node, b: Node) => number {
  const dir = desc ? -1 : 1;
  const byName = (a: Node, b: Node) => a.row.name.localeCompare(b.row.name);
  if (sortBy.startsWith('field:')) {
    const field = sortBy.slice('field:'.length);
    return (a, b) => {
      const va = propertyValue(a, field);
      const vb = propertyValue(b, field);
      if (va === undefined && vb === undefined) return byName(a, b);
      if (va === undefined) return 1;
      if (vb === undefined) return -1;
      const c =
        typeof va === 'number' && typeof vb === 'number' ? va - vb : String(va).localeCompare(String(vb));
      return c === 0 ? byName(a, b) : dir * c;
    };
  }
  if (sortBy === 'status') {
    return (a, b) => {
      const c = (STATUS_RANK[a.row.status] ?? 1) - (STATUS_RANK[b.row.status] ?? 1);
      return c === 0 ? byName(a, b) : dir * c;
    };
  }
  return (a, b) => dir * byName(a, b);
}

function ancestors(node: Node, nodes: Map<string, Node>): string[] {
  const out: string[] = [];
  let parent = node.row.parent_id ? nodes.get(node.row.parent_id) : undefined;
  while (parent && !out.includes(parent.row.id)) {
    out.unshift(parent.row.id);
    parent = parent.row.parent_id ? nodes.get(parent.row.parent_id) : undefined;
  }
  return out;
}

function render(
  node: Node,
  nodes: Map<string, Node>,
  depth: number,
  opts: { hidden: boolean | undefined; compare: (a: Node, b: Node) => number },
  order: number,
): Record<string, unknown> {
  const r = node.row;
  const visibleChildren = node.children
    .filter((c) => opts.hidden !== false || !c.row.hidden)
    .sort(opts.compare);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) {
    if (v === null || v === undefined) continue;
    out[k] = v instanceof Date ? toIso(v) : v;
  }
  out.summary = node.summary;
  if (node.checks.length) out.checks = node.checks;
  if (Array.isArray(r.log_selectors) && r.log_selectors.length) out.logs = r.log_selectors;
  if (node.teams.length) out.teams = node.teams;
  if (visibleChildren.length) out.children = visibleChildren.map((c) => c.row.id);
  const parents = ancestors(node, nodes);
  if (parents.length) out.parents = parents;
  out.order = order;
  if (depth > 0 && visibleChildren.length) {
    out.components = visibleChildren.map((c, i) => render(c, nodes, depth - 1, opts, i));
  }
  return out;
}

function descendants(node: Node, out: Node[] = [], seen = new Set<string>()): Node[] {
  for (const c of node.children) {
    if (seen.has(c.row.id)) continue;
    seen.add(c.row.id);
    out.push(c);
    descendants(c, out, seen);
  }
  return out;
}

export async function topologyHandler(ctx: AuthedContext): Promise<Response> {
  const q = ctx.url.searchParams;
  const id = q.get('id')?.trim() || undefined;
  if (id !== undefined && !isUuid(id)) throw badRequest(`invalid id: ${id.slice(0, 64)}`);
  const depthText = q.get('depth');
  const depth = depthText === null || depthText === '' ? 5 : Number(depthText);
  if (!Number.isInteger(depth) || depth < 0 || depth > 20)
    throw badRequest('invalid depth: expected an integer from 0 to 20');
  const sortOrder = (q.get('sortOrder') ?? 'asc').toLowerCase();
  if (sortOrder !== 'asc' && sortOrder !== 'desc')
    throw badRequest('invalid sortOrder: expected asc or desc');
  const sortBy = q.get('sortBy')?.trim() || 'name';
  if (!['name', 'status'].includes(sortBy) && !sortBy.startsWith('field:')) {
    throw badRequest('invalid sortBy: expected name, status or field:<property>');
  }
  const hiddenText = q.get('hidden');
  const agent = q.get('agent_id')?.trim();
  let labels: Record<string, string> | undefined;
  for (const item of csv(q.get('labels')) ?? []) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw badRequest(`invalid labels: "${item.slice(0, 64)}" is not k=v`);
    (labels ??= {})[item.slice(0, eq)] = item.slice(eq + 1);
  }
  const filters: Filters = {
    status: csv(q.get('status')),
    type: csv(q.get('type')),
    team: csv(q.get('team')),
    owner: q.get('owner')?.trim() || undefined,
    agentId: agent && agent.toLowerCase() !== 'all' ? agent : undefined,
    labels,
    hidden: hiddenText === 'false' ? false : hiddenText === 'true' ? true : undefined,
  };
  // Globs are matched linearly (lib/glob.ts); the caps bound the work of one request over every component.
  const globs: [string, string[] | undefined][] = [
    ['status', filters.status],
    ['type', filters.type],
    ['team', filters.team],
    ['owner', filters.owner === undefined ? undefined : [filters.owner]],
  ];
  for (const [name, list] of globs) {
    const problem = list && globListProblem(`invalid ${name}`, list);
    if (problem) throw badRequest(problem);
  }
  const flatten = q.get('flatten') === 'true';

  const nodes = await loadNodes(ctx.services.db);
  // Cards are true roots; a subtree under a deleted parent only appears through flatten or id=.
  const roots = [...nodes.values()].filter((n) => !n.row.parent_id);
  const seen = new Set<string>();
  for (const root of roots) rollUp(root, seen);
  for (const orphan of nodes.values())
    if (orphan.row.parent_id && !nodes.has(orphan.row.parent_id)) rollUp(orphan, seen);

  const compare = comparator(sortBy, sortOrder === 'desc');
  let universe: Node[];
  let cards: Node[];
  if (id) {
    const root = nodes.get(id);
    if (!root) throw notFound(`component ${id} was not found`);
    universe = [root, ...descendants(root)];
    cards = flatten ? descendants(root).filter((n) => matchesFilters(n, filters)) : [root];
  } else {
    universe = [...nodes.values()];
    cards = (flatten ? universe : roots).filter((n) => matchesFilters(n, filters));
  }
  if (filters.hidden === false) cards = cards.filter((n) => !n.row.hidden);
  cards.sort(compare);

  const tags: Record<string, Set<string>> = {};
  for (const n of universe)
    for (const [k, v] of Object.entries(n.row.labels ?? {})) (tags[k] ??= new Set()).add(String(v));
  const sorted = (values: Iterable<string>) => [...new Set(values)].filter(Boolean).sort();
  return json({
    components: cards.map((n, i) => render(n, nodes, depth, { hidden: filters.hidden, compare }, i)),
    healthStatuses: sorted(universe.map((n) => n.row.status)),
    teams: sorted(universe.flatMap((n) => n.teams)),
    tags: Object.fromEntries(
      Object.entries(tags)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sorted(v)]),
    ),
    types: sorted(universe.map((n) => n.row.type ?? '')),
  });
}
