/**
 * The catalog's fixed vocabularies, shared by the URL contracts, the endpoints and the screens (kept free of zod so
 * that the browser's first load does not carry it).
 */

/** Sortable list columns (backend column names); the change and insight counts are per-row subqueries, not sortable at 50,000 items. */
export const CONFIG_SORT_COLUMNS = [
  'type',
  'name',
  'status',
  'health',
  'cost_per_minute',
  'cost_total_1d',
  'cost_total_7d',
  'cost_total_30d',
  'created_at',
  'updated_at',
] as const;
export type ConfigSortColumn = (typeof CONFIG_SORT_COLUMNS)[number];

/** The list order: by type it is type then name (the order the list's partial index serves), ties by name. */
export function configOrder(sortBy: ConfigSortColumn, desc: boolean): string {
  const d = desc ? 'desc' : 'asc';
  if (sortBy === 'type') return desc ? 'type.desc,name.desc' : 'type,name.asc';
  if (sortBy === 'name') return `name.${d}`;
  return `${sortBy}.${d}.nullslast,name.asc`;
}

export const HEALTH_VALUES = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;

// The change feed's constants are in change-constants.ts, so that its pages do not load the other screens' lists.

export const INSIGHT_SORT_COLUMNS = [
  'analysis_type',
  'analyzer',
  'severity',
  'status',
  'first_observed',
  'last_observed',
] as const;
export type InsightSortColumn = (typeof INSIGHT_SORT_COLUMNS)[number];

/** The Checks tab's sortable columns (check_summary_for_config); ties break by name. */
export const CHECK_SORT_COLUMNS = ['name', 'canary_name', 'type', 'severity', 'last_runtime'] as const;
export type CheckSortColumn = (typeof CHECK_SORT_COLUMNS)[number];
export const INSIGHT_STATUSES = ['open', 'silenced', 'resolved'] as const;
export const INSIGHT_TYPES = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technical_debt',
  'reliability',
  'recommendation',
  'other',
] as const;
export const INSIGHT_SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;

/** The relationships tab walks ten levels (upstream §2.8). */
export const RELATIONSHIP_DEPTH = 10;
