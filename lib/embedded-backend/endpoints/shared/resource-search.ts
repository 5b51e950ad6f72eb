import type { Queryable } from '../../db/types';
import { badRequest, isUuid, omitEmpty } from './http';
import { SqlBuilder, filterGrammar, globToLike } from './sql';
import { andLabelSelector } from './label-selector';

/** Resource selectors and the search syntax of POST /resources/search (backend-contract §2.7), for three kinds. */

export type SearchKind = 'configs' | 'components' | 'checks';

export interface ResourceSelector {
  agent?: string;
  search?: string;
  id?: string;
  name?: string;
  namespace?: string;
  types?: string[];
  statuses?: string[];
  health?: string;
  tagSelector?: string;
  labelSelector?: string;
  includeDeleted?: boolean;
  limit?: number;
}

interface KindColumns {
  table: string;
  name: string;
  namespace: string;
  type: string;
  status: string;
  health: string;
  labels: string;
  tags: string;
  select: string;
}

const KINDS: Record<SearchKind, KindColumns> = {
  configs: {
    table: 'config_items r',
    name: 'r.name',
    namespace: "(r.tags ->> 'namespace')",
    type: 'r.type',
    status: 'r.status',
    health: 'r.health',
    labels: 'r.labels',
    tags: 'r.tags',
    select:
      "r.id, r.agent_id, r.name, r.tags ->> 'namespace' AS namespace, r.type, r.icon, r.tags, r.labels, r.health, r.status, r.config_class, r.created_at, r.updated_at, r.deleted_at",
  },
  components: {
    table: 'components r',
    name: 'r.name',
    namespace: 'r.namespace',
    type: 'r.type',
    status: 'r.status',
    health: 'r.health',
    labels: 'r.labels',
    tags: 'r.labels',
    select:
      'r.id, r.agent_id, r.name, r.namespace, r.type, r.icon, r.labels, r.health, r.status, r.created_at, r.updated_at, r.deleted_at',
  },
  checks: {
    table: 'checks r',
    name: 'r.name',
    namespace: 'r.namespace',
    type: 'r.type',
    status: 'r.status',
    health: 'r.status',
    labels: 'r.labels',
    tags: 'r.labels',
    select:
      'r.id, r.agent_id, r.name, r.namespace, r.type, r.icon, r.labels, r.status AS health, r.status, r.severity, r.created_at, r.updated_at, r.deleted_at',
  },
};

/** One `key=value` (or `key!=value`) term, value in the filter grammar; unknown keys are a 400. */
function termCondition(
  sql: SqlBuilder,
  cols: KindColumns,
  key: string,
  negate: boolean,
  value: string,
): string | null {
  const v = negate
    ? value
        .split(',')
        .map((x) => `!${x.trim()}`)
        .join(',')
    : value;
  const lower = key.toLowerCase();
  const simple: Record<string, string> = {
    name: cols.name,
    type: cols.type,
    types: cols.type,
    status: cols.status,
    health: cols.health,
    namespace: cols.namespace,
    id: 'r.id::text',
    agent: 'r.agent_id::text',
    agent_id: 'r.agent_id::text',
    config_class: cols.table.startsWith('config_items') ? 'r.config_class' : cols.type,
  };
  const column = simple[lower];
  if (column)
    return filterGrammar(sql, column, v, lower !== 'id' && lower !== 'agent' && lower !== 'agent_id');
  const m = /^(labels?|tags?)\.(.+)$/.exec(key);
  if (m?.[2]) {
    const source = m[1]?.startsWith('tag') ? cols.tags : cols.labels;
    return filterGrammar(sql, `(${source} ->> ${sql.add(m[2])})`, v);
  }
  throw badRequest(`invalid search: unknown field "${key.slice(0, 32)}"`);
}

/** Conditions of one `;`-free query: space-separated terms, bare words match the name (contains, or glob). */
function queryConditions(sql: SqlBuilder, cols: KindColumns, query: string): string[] {
  const out: string[] = [];
  for (const token of query.split(/\s+/).filter(Boolean)) {
    const m = /^([A-Za-z_][\w.-]*)(!=|=)(.*)$/.exec(token);
    if (m) {
      const c = termCondition(sql, cols, m[1] ?? '', m[2] === '!=', m[3] ?? '');
      if (c) out.push(c);
      continue;
    }
    if (token.startsWith('!')) {
      const word = token.slice(1);
      if (word)
        out.push(
          `(${cols.name} IS NULL OR ${cols.name} NOT ILIKE ${sql.add(word.includes('*') ? globToLike(word) : `%${globToLike(word)}%`)})`,
        );
      continue;
    }
    const c =
      token.includes(',') || token.includes('*')
        ? filterGrammar(sql, cols.name, token, true)
        : `${cols.name} ILIKE ${sql.add(`%${globToLike(token)}%`)}`;
    if (c) out.push(c);
  }
  return out;
}

export interface SearchItem {
  id: string;
  [key: string]: unknown;
}

/** Finds resources of one kind for a selector; every request value is a bound parameter. */
export async function searchResources(
  db: Queryable,
  kind: SearchKind,
  selector: ResourceSelector,
  defaultLimit = 50,
): Promise<SearchItem[]> {
  const cols = KINDS[kind];
  const sql = new SqlBuilder();
  if (!selector.includeDeleted) sql.and('r.deleted_at IS NULL');
  if (selector.id) {
    const ids = selector.id
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (!ids.every(isUuid)) throw badRequest('invalid selector: id must be a UUID');
    sql.and(`r.id = ANY(${sql.add(ids)}::uuid[])`);
  }
  const name = selector.name ? filterGrammar(sql, cols.name, selector.name, true) : null;
  if (name) sql.and(name);
  const ns = selector.namespace ? filterGrammar(sql, cols.namespace, selector.namespace) : null;
  if (ns) sql.and(ns);
  if (selector.types?.length) {
    const c = filterGrammar(sql, cols.type, selector.types.join(','));
    if (c) sql.and(c);
  }
  if (selector.statuses?.length) {
    const c = filterGrammar(sql, cols.status, selector.statuses.join(','), true);
    if (c) sql.and(c);
  }
  if (selector.health) {
    const c = filterGrammar(sql, cols.health, selector.health, true);
    if (c) sql.and(c);
  }
  andLabelSelector(sql, cols.tags, selector.tagSelector, 'tagSelector');
  andLabelSelector(sql, cols.labels, selector.labelSelector, 'labelSelector');
  const agent = selector.agent?.trim();
  if (agent && agent !== 'all') {
    if (agent === 'local' || agent === 'self') sql.and(`r.agent_id = '00000000-0000-0000-0000-000000000000'`);
    else if (isUuid(agent)) sql.and(`r.agent_id = ${sql.add(agent)}::uuid`);
    else sql.and(`r.agent_id IN (SELECT id FROM agents WHERE name = ${sql.add(agent)})`);
  }
  if (selector.search?.trim()) {
    const alternatives = selector.search
      .split(';')
      .map((q) => queryConditions(sql, cols, q.trim()))
      .filter((c) => c.length > 0)
      .map((c) => `(${c.join(' AND ')})`);
    if (alternatives.length) sql.and(`(${alternatives.join(' OR ')})`);
  }
  const limit = Math.min(Math.max(1, Number(selector.limit) || defaultLimit), 1000);
  const result = await db.query<Record<string, unknown>>(
    `SELECT ${cols.select} FROM ${cols.table} ${sql.whereClause()} ORDER BY ${cols.name} NULLS LAST, r.id LIMIT ${sql.add(limit)}`,
    sql.params,
  );
  return result.rows.map((r) => {
    const {
      agent_id: agentId,
      created_at: createdAt,
      updated_at: updatedAt,
      deleted_at: deletedAt,
      ...rest
    } = r;
    return omitEmpty({
      ...rest,
      agent: agentId,
      created_at: createdAt instanceof Date ? createdAt.toISOString() : createdAt,
      updated_at: updatedAt instanceof Date ? updatedAt.toISOString() : updatedAt,
      deleted_at: deletedAt instanceof Date ? deletedAt.toISOString() : deletedAt,
    }) as SearchItem;
  });
}

/** Validates one selector object from a request body. */
export function parseSelector(raw: unknown): ResourceSelector {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw badRequest('invalid selector: expected an object');
  const s = raw as Record<string, unknown>;
  const text = (k: string) => {
    const v = s[k];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string') throw badRequest(`invalid selector: ${k} must be a string`);
    return v;
  };
  const list = (k: string) => {
    const v = s[k];
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
      throw badRequest(`invalid selector: ${k} must be a list of strings`);
    return v as string[];
  };
  return {
    agent: text('agent'),
    search: text('search'),
    id: text('id'),
    name: text('name'),
    namespace: text('namespace'),
    types: list('types'),
    statuses: list('statuses'),
    health: text('health'),
    tagSelector: text('tagSelector'),
    labelSelector: text('labelSelector'),
    includeDeleted: s.includeDeleted === true,
    limit: typeof s.limit === 'number' ? s.limit : undefined,
  };
}
