import type { CatalogSummaryRow } from '@/lib/catalog/endpoints';
import { countOf, typeClass } from '@/lib/catalog/format';

/** The summary's rows grouped by class (from the type's first segment), classes and their types by name. */

export interface SummaryTotals {
  count: number;
  health: Record<string, number>;
  analysis: number;
  changes: number;
  cost30d: number;
}

export type SummaryRow =
  | { kind: 'class'; id: string; name: string; totals: SummaryTotals; children: SummaryRow[] }
  | { kind: 'type'; id: string; name: string; type: string; totals: SummaryTotals };

function totalsOf(row: CatalogSummaryRow): SummaryTotals {
  const health: Record<string, number> = {};
  for (const [k, v] of Object.entries(row.health ?? {})) health[k] = v;
  return {
    count: row.count ?? 0,
    health,
    analysis: countOf(row.analysis),
    changes: row.changes ?? 0,
    cost30d: row.cost_30d ?? row.cost_total_30d ?? 0,
  };
}

function add(into: SummaryTotals, t: SummaryTotals) {
  into.count += t.count;
  into.analysis += t.analysis;
  into.changes += t.changes;
  into.cost30d += t.cost30d;
  for (const [k, v] of Object.entries(t.health)) into.health[k] = (into.health[k] ?? 0) + v;
}

export function groupSummary(rows: readonly CatalogSummaryRow[]): SummaryRow[] {
  const classes = new Map<string, Extract<SummaryRow, { kind: 'class' }>>();
  for (const row of rows) {
    if (!row.type) continue;
    const name = typeClass(row.type);
    let group = classes.get(name);
    if (!group) {
      group = {
        kind: 'class',
        id: `class:${name}`,
        name,
        totals: { count: 0, health: {}, analysis: 0, changes: 0, cost30d: 0 },
        children: [],
      };
      classes.set(name, group);
    }
    const totals = totalsOf(row);
    group.children.push({ kind: 'type', id: `type:${row.type}`, name: row.type, type: row.type, totals });
    add(group.totals, totals);
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return [...classes.values()].sort(byName).map((c) => ({ ...c, children: c.children.sort(byName) }));
}
