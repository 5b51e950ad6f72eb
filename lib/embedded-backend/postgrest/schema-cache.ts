import type { Queryable } from '../db/types';
import { BACKEND_EXPOSURE, type CatalogExposure, type ColumnMask } from './exposure';

/**
 * What the engine knows about the `public` schema, read from pg_catalog: relations, columns, keys, foreign keys
 * (also inferred for views from their base tables, as PostgREST does) and functions.
 * Every identifier the compiler emits comes from here, never from the request.
 */

export interface ColumnInfo {
  name: string;
  /** format_type() output, used for casts of RPC arguments. */
  type: string;
  /** pg_type.typcategory: S string, N numeric, B boolean, D date/time, U user (json/jsonb/uuid), A array. */
  category: string;
  typname: string;
  generated: boolean;
  /** Set when reads must not return the value (exposure.ts): the column reads as MASKED_VALUE or null. */
  mask?: ColumnMask;
}

export interface RelationInfo {
  oid: number;
  name: string;
  isView: boolean;
  /** Served for reading only (exposure.ts `readOnlyRelations`): writes through /db answer 405. */
  readOnly: boolean;
  columns: ColumnInfo[];
  columnMap: Map<string, ColumnInfo>;
  primaryKey: string[];
  /**
   * Columns that identify one row: a table's primary key, or for an automatically updatable view (one base relation,
   * no joins, grouping or set-returning functions, so one view row per base row) the base key columns it exposes.
   */
  rowKey: string[];
}

export interface Relationship {
  source: string;
  target: string;
  cardinality: 'm2o' | 'o2m';
  sourceColumns: string[];
  targetColumns: string[];
  constraint: string;
  targetIsView: boolean;
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  /** Columns of the returned rows, or undefined for a scalar function. */
  columns?: ColumnInfo[];
  columnMap?: Map<string, ColumnInfo>;
}

export interface SchemaCache {
  relations: Map<string, RelationInfo>;
  /** Relationships keyed by source relation name. */
  relationships: Map<string, Relationship[]>;
  functions: Map<string, FunctionInfo[]>;
}

const RELATIONS_SQL = `
select c.oid::int8 as oid, c.relname as name, c.relkind::text as kind,
       (c.relkind = 'v' and (pg_relation_is_updatable(c.oid::regclass, false) & 16) = 16) as single_row_view
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')`;

const COLUMNS_SQL = `
select a.attrelid::int8 as rel, a.attnum::int as num, a.attname as name,
       format_type(a.atttypid, a.atttypmod) as type, t.typcategory::text as category, t.typname::text as typname,
       (a.attgenerated::text <> '') as generated
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_type t on t.oid = a.atttypid
where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f', 'c') and a.attnum > 0 and not a.attisdropped
order by a.attrelid, a.attnum`;

const CONSTRAINTS_SQL = `
select con.conname as name, con.contype::text as type, con.conrelid::int8 as rel, con.confrelid::int8 as frel,
       array_to_string(con.conkey, ',') as cols, coalesce(array_to_string(con.confkey, ','), '') as fcols
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = 'public' and con.contype in ('p', 'f')
order by con.conname`;

const VIEW_RULES_SQL = `
select r.ev_class::int8 as rel, r.ev_action::text as action
from pg_rewrite r
join pg_class c on c.oid = r.ev_class
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = 'public' and c.relkind in ('v', 'm') and r.rulename = '_RETURN'`;

const FUNCTIONS_SQL = `
select p.proname as name, p.proretset as retset, rt.typtype::text as rettyptype, rt.typrelid::int8 as retrel,
       rt.typname::text as rettypname, p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
       coalesce(array_to_json(p.proargnames), '[]'::json)::text as argnames,
       coalesce(array_to_json(p.proargmodes::text[]), 'null'::json)::text as argmodes,
       array_to_json(array(
         select format_type(u.t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as u(t, i)
         order by u.i))::text as argtypes,
       array_to_json(array(
         select ty.typcategory::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as u(t, i)
         join pg_type ty on ty.oid = u.t order by u.i))::text as argcats
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
where n.nspname = 'public' and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')
  -- An extension's functions (pg_trgm's similarity, set_limit, …) are the engine's, never an /db rpc.
  and not exists (
    select 1 from pg_depend d
    where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`;

interface Origin {
  table: number;
  column: number;
}

/**
 * Reads the top-level target list of a stored view rule (`pg_rewrite.ev_action`) and returns, per view column,
 * the base column it is a plain copy of (resorigtbl/resorigcol) — the same trick PostgREST uses for view embeds.
 */
export function viewColumnOrigins(action: string): Map<string, Origin> {
  const out = new Map<string, Origin>();
  let depth = 0;
  let entryStart = -1;
  for (let i = 0; i < action.length; i++) {
    const ch = action[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '{') {
      depth++;
      if (depth === 2 && action.startsWith('TARGETENTRY', i + 1)) entryStart = i;
    } else if (ch === '}') {
      if (depth === 2 && entryStart >= 0) {
        const node = action.slice(entryStart, i + 1);
        const re = /:resname (\S+) :ressortgroupref \d+ :resorigtbl (\d+) :resorigcol (\d+)/g;
        let m: RegExpExecArray | null;
        let last: RegExpExecArray | null = null;
        while ((m = re.exec(node)) !== null) last = m;
        if (last && last[1] && last[2] !== '0') {
          const name = last[1].replace(/\\(.)/g, '$1');
          if (!out.has(name)) out.set(name, { table: Number(last[2]), column: Number(last[3]) });
        }
        entryStart = -1;
      }
      depth--;
    }
  }
  return out;
}

function splitInts(text: unknown): number[] {
  return String(text ?? '')
    .split(',')
    .filter((s) => s !== '')
    .map(Number);
}

export async function loadSchemaCache(
  db: Queryable,
  exposure: CatalogExposure = BACKEND_EXPOSURE,
): Promise<SchemaCache> {
  const [rels, cols, cons, rules, fns] = [
    await db.query<{ oid: unknown; name: string; kind: string; single_row_view: boolean }>(RELATIONS_SQL),
    await db.query<{
      rel: unknown;
      num: number;
      name: string;
      type: string;
      category: string;
      typname: string;
      generated: boolean;
    }>(COLUMNS_SQL),
    await db.query<{ name: string; type: string; rel: unknown; frel: unknown; cols: string; fcols: string }>(
      CONSTRAINTS_SQL,
    ),
    await db.query<{ rel: unknown; action: string }>(VIEW_RULES_SQL),
    await db.query<{
      name: string;
      retset: boolean;
      rettyptype: string;
      retrel: unknown;
      rettypname: string;
      nargs: number;
      ndefaults: number;
      argnames: string;
      argmodes: string;
      argtypes: string;
      argcats: string;
    }>(FUNCTIONS_SQL),
  ];

  // Columns by relation oid (composite types included, for functions returning them).
  const columnsByOid = new Map<number, Map<number, ColumnInfo>>();
  for (const c of cols.rows) {
    const oid = Number(c.rel);
    let m = columnsByOid.get(oid);
    if (!m) columnsByOid.set(oid, (m = new Map()));
    m.set(Number(c.num), {
      name: c.name,
      type: c.type,
      category: c.category,
      typname: c.typname,
      generated: Boolean(c.generated),
    });
  }

  // Every column of a hidden relation is a secret wherever it surfaces (a view copying it, a function returning it).
  const hiddenOids = new Set(
    rels.rows.filter((r) => exposure.hiddenRelations.has(r.name)).map((r) => Number(r.oid)),
  );
  for (const r of rels.rows) {
    const oid = Number(r.oid);
    const declared = exposure.maskedColumns[r.name] ?? {};
    for (const col of columnsByOid.get(oid)?.values() ?? []) {
      const mask = hiddenOids.has(oid) ? { kind: 'secret' as const } : declared[col.name];
      if (mask) col.mask = mask;
    }
  }

  const relations = new Map<string, RelationInfo>();
  const byOid = new Map<number, RelationInfo>();
  for (const r of rels.rows) {
    const oid = Number(r.oid);
    if (hiddenOids.has(oid)) continue;
    const columns = [...(columnsByOid.get(oid)?.values() ?? [])];
    const info: RelationInfo = {
      oid,
      name: r.name,
      isView: r.kind === 'v' || r.kind === 'm',
      readOnly: exposure.readOnlyRelations.has(r.name),
      columns,
      columnMap: new Map(columns.map((c) => [c.name, c])),
      primaryKey: [],
      rowKey: [],
    };
    relations.set(r.name, info);
    byOid.set(oid, info);
  }
  const colName = (oid: number, num: number): string | undefined => columnsByOid.get(oid)?.get(num)?.name;

  for (const con of cons.rows) {
    if (con.type !== 'p') continue;
    const rel = byOid.get(Number(con.rel));
    if (rel) rel.primaryKey = splitInts(con.cols).map((n) => colName(rel.oid, n) ?? '');
  }
  for (const rel of relations.values()) if (!rel.isView) rel.rowKey = rel.primaryKey;

  // View column → base (table oid, column number), followed through views of views.
  const rawOrigins = new Map<number, Map<string, Origin>>();
  for (const rule of rules.rows) rawOrigins.set(Number(rule.rel), viewColumnOrigins(rule.action));
  const resolveOrigin = (origin: Origin, hops = 0): Origin | undefined => {
    if (hiddenOids.has(origin.table)) return origin;
    const rel = byOid.get(origin.table);
    if (!rel) return undefined;
    if (!rel.isView) return origin;
    if (hops > 8) return undefined;
    const name = colName(origin.table, origin.column);
    const next = name ? rawOrigins.get(origin.table)?.get(name) : undefined;
    return next ? resolveOrigin(next, hops + 1) : undefined;
  };
  // A view column that copies a masked (or hidden) base column is masked the same way.
  for (const [viewOid, origins] of rawOrigins) {
    for (const [viewCol, origin] of origins) {
      const base = resolveOrigin(origin);
      const mask = base ? columnsByOid.get(base.table)?.get(base.column)?.mask : undefined;
      const column = byOid.get(viewOid)?.columnMap.get(viewCol);
      if (mask && column) column.mask = mask;
    }
  }

  // For a base table and column list, every relation (the table and views) exposing all those columns.
  const exposures = new Map<string, { rel: RelationInfo; columns: Map<string, string> }[]>();
  for (const [viewOid, origins] of rawOrigins) {
    const view = byOid.get(viewOid);
    if (!view) continue;
    for (const [viewCol, origin] of origins) {
      const base = resolveOrigin(origin);
      if (!base) continue;
      const baseCol = colName(base.table, base.column);
      if (!baseCol) continue;
      const key = String(base.table);
      let list = exposures.get(key);
      if (!list) exposures.set(key, (list = []));
      let entry = list.find((e) => e.rel === view);
      if (!entry) list.push((entry = { rel: view, columns: new Map() }));
      if (!entry.columns.has(baseCol)) entry.columns.set(baseCol, viewCol);
    }
  }
  const singleRowViews = new Set(rels.rows.filter((r) => r.single_row_view).map((r) => Number(r.oid)));
  for (const [baseOid, list] of exposures) {
    const base = byOid.get(Number(baseOid));
    if (!base || base.isView || base.primaryKey.length === 0) continue;
    for (const e of list) {
      if (!singleRowViews.has(e.rel.oid)) continue;
      const mapped = base.primaryKey.map((c) => e.columns.get(c));
      if (mapped.every((c): c is string => c !== undefined)) e.rel.rowKey = mapped;
    }
  }
  const alternatives = (
    table: RelationInfo,
    columns: string[],
  ): { rel: RelationInfo; columns: string[] }[] => {
    const out = [{ rel: table, columns }];
    for (const e of exposures.get(String(table.oid)) ?? []) {
      const mapped = columns.map((c) => e.columns.get(c));
      if (mapped.every((c): c is string => c !== undefined)) out.push({ rel: e.rel, columns: mapped });
    }
    return out;
  };

  const relationships = new Map<string, Relationship[]>();
  const seen = new Set<string>();
  const add = (r: Relationship): void => {
    const key = [
      r.source,
      r.target,
      r.cardinality,
      r.constraint,
      r.sourceColumns.join(','),
      r.targetColumns.join(','),
    ].join('|');
    if (seen.has(key)) return;
    seen.add(key);
    let list = relationships.get(r.source);
    if (!list) relationships.set(r.source, (list = []));
    list.push(r);
  };
  for (const con of cons.rows) {
    if (con.type !== 'f') continue;
    const src = byOid.get(Number(con.rel));
    const tgt = byOid.get(Number(con.frel));
    if (!src || !tgt) continue;
    const srcCols = splitInts(con.cols).map((n) => colName(src.oid, n) ?? '');
    const tgtCols = splitInts(con.fcols).map((n) => colName(tgt.oid, n) ?? '');
    for (const s of alternatives(src, srcCols)) {
      for (const t of alternatives(tgt, tgtCols)) {
        add({
          source: s.rel.name,
          target: t.rel.name,
          cardinality: 'm2o',
          sourceColumns: s.columns,
          targetColumns: t.columns,
          constraint: con.name,
          targetIsView: t.rel.isView,
        });
        add({
          source: t.rel.name,
          target: s.rel.name,
          cardinality: 'o2m',
          sourceColumns: t.columns,
          targetColumns: s.columns,
          constraint: con.name,
          targetIsView: s.rel.isView,
        });
      }
    }
  }

  const functions = new Map<string, FunctionInfo[]>();
  for (const f of fns.rows) {
    const names = JSON.parse(f.argnames) as string[];
    const modes = JSON.parse(f.argmodes) as string[] | null;
    const types = JSON.parse(f.argtypes) as string[];
    const cats = JSON.parse(f.argcats) as string[];
    const inputs: FunctionArg[] = [];
    const outputs: ColumnInfo[] = [];
    types.forEach((type, i) => {
      const mode = modes?.[i] ?? 'i';
      const name = names[i] ?? '';
      if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false });
      if (mode === 'o' || mode === 'b' || mode === 't')
        outputs.push({ name, type, category: cats[i] ?? 'X', typname: type, generated: false });
    });
    // The last pronargdefaults input arguments have defaults.
    for (let i = inputs.length - Number(f.ndefaults); i < inputs.length; i++) {
      const arg = inputs[i];
      if (arg) arg.hasDefault = true;
    }
    let columns: ColumnInfo[] | undefined;
    if (outputs.length > 0 && f.rettypname === 'record') {
      // A function's own output columns (RETURNS TABLE) are masked by name, as a relation's columns are.
      const declared = exposure.maskedColumns[f.name] ?? {};
      for (const col of outputs) if (declared[col.name]) col.mask = declared[col.name];
      columns = outputs;
    } else if (f.rettyptype === 'c') columns = [...(columnsByOid.get(Number(f.retrel))?.values() ?? [])];
    const info: FunctionInfo = {
      name: f.name,
      args: inputs,
      returnsSet: Boolean(f.retset),
      columns,
      columnMap: columns ? new Map(columns.map((c) => [c.name, c])) : undefined,
    };
    let list = functions.get(f.name);
    if (!list) functions.set(f.name, (list = []));
    list.push(info);
  }

  return { relations, relationships, functions };
}
