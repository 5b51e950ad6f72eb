import {
  EXCLUDE,
  INCLUDE,
  labelOptionsOf as labelOptionsOfMaps,
  splitLabelId,
  type LabelOption,
  type TriStateMap,
} from '@/lib/filters';
import { ALL_TAB } from '@/lib/health/search';
import type { HealthCheck } from '@/lib/health/types';

/** Free-text search (spec 001 §5): description, canary name, endpoint and name, case-insensitive. */
export function matchesQuery(check: HealthCheck, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  for (const value of [check.description, check.canary_name, check.endpoint, check.name]) {
    if (value && value.toLowerCase().includes(q)) return true;
  }
  return false;
}

/** Label filters keyed by `key=value`: an excluded label drops the check; included labels of one key are OR-ed, keys AND-ed. */
export function matchesLabels(check: HealthCheck, labels: TriStateMap): boolean {
  const includedByKey = new Map<string, string[]>();
  for (const [id, state] of Object.entries(labels)) {
    const { key, value } = splitLabelId(id);
    if (state === EXCLUDE && check.labels[key] === value) return false;
    if (state === INCLUDE) includedByKey.set(key, [...(includedByKey.get(key) ?? []), value]);
  }
  for (const [key, values] of includedByKey) {
    const actual = check.labels[key];
    if (actual === undefined || !values.includes(actual)) return false;
  }
  return true;
}

/** The tab value of a check for a Tab By choice: namespace, agent_id or a label key. */
export function tabValueOf(check: HealthCheck, tabBy: string): string | undefined {
  if (tabBy === 'namespace') return check.namespace;
  if (tabBy === 'agent_id') return check.agent_id;
  return check.labels[tabBy];
}

/** Tabs follow Tab By (spec 001 §2.1): 'All' first, then the values sorted alphabetically. */
export function tabsOf(checks: readonly HealthCheck[], tabBy: string): string[] {
  const values = new Set<string>();
  for (const check of checks) {
    const value = tabValueOf(check, tabBy);
    if (value) values.add(value);
  }
  return [ALL_TAB, ...[...values].sort((a, b) => a.localeCompare(b))];
}

export interface CheckFilters {
  query: string;
  hidePassing: boolean;
  labels: TriStateMap;
  tabBy: string;
  tab: string;
}

/** Applies search, Hide Passing, label filters and the selected tab, keeping the input order. */
export function filterChecks(checks: readonly HealthCheck[], filters: CheckFilters): HealthCheck[] {
  const hasLabels = Object.keys(filters.labels).length > 0;
  const query = filters.query.trim();
  const byTab = filters.tab !== ALL_TAB;
  return checks.filter(
    (check) =>
      (!filters.hidePassing || check.status !== 'healthy') &&
      (!byTab || tabValueOf(check, filters.tabBy) === filters.tab) &&
      (!hasLabels || matchesLabels(check, filters.labels)) &&
      (query === '' || matchesQuery(check, query)),
  );
}

/** The label keys of the checks with their sorted values, sorted by key. */
export function labelOptionsOf(checks: readonly HealthCheck[]): LabelOption[] {
  return labelOptionsOfMaps(checks.map((check) => check.labels));
}
