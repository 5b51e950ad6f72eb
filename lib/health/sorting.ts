import { checkDisplayName } from '@/lib/health/check-name';
import { latencyOf, type HealthGroup } from '@/lib/health/grouping';
import type { HealthState } from '@/lib/health/health-dot';
import type { HealthCheck } from '@/lib/health/types';
import type { HealthSortColumn } from '@/lib/health/search';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const STATE_RANK: Record<HealthState, number> = { unhealthy: 0, mixed: 1, healthy: 2 };

function uptimeRatio(passed: number, failed: number): number {
  const total = passed + failed;
  return total === 0 ? -1 : passed / total;
}

function timeOf(value: string | undefined): number {
  const t = value ? Date.parse(value) : NaN;
  return Number.isNaN(t) ? -Infinity : t;
}

/** Numeric sort value of a check for a column (missing values sort first ascending). */
function checkValue(check: HealthCheck, column: Exclude<HealthSortColumn, 'name'>): number {
  switch (column) {
    case 'health':
      return check.status === 'healthy' ? STATE_RANK.healthy : STATE_RANK.unhealthy;
    case 'uptime':
      return uptimeRatio(check.uptime.passed, check.uptime.failed);
    case 'latency':
      return latencyOf(check) ?? -1;
    case 'transition':
      return timeOf(check.last_transition_time);
  }
}

function groupValue(group: HealthGroup, column: Exclude<HealthSortColumn, 'name'>): number {
  switch (column) {
    case 'health':
      return STATE_RANK[group.state];
    case 'uptime':
      return uptimeRatio(group.passed, group.failed);
    case 'latency':
      return group.latency ?? -1;
    case 'transition':
      return timeOf(group.lastTransition);
  }
}

/** Sorts checks by a column (default: display name ascending); ties fall back to the name. Returns a new array. */
export function sortChecks(
  checks: readonly HealthCheck[],
  sortBy: HealthSortColumn | null,
  desc: boolean,
): HealthCheck[] {
  const named = checks.map((check) => ({ check, name: checkDisplayName(check) }));
  const dir = desc ? -1 : 1;
  const column = sortBy ?? 'name';
  named.sort((a, b) => {
    if (column !== 'name') {
      const diff = checkValue(a.check, column) - checkValue(b.check, column);
      if (diff !== 0) return diff * dir;
      return collator.compare(a.name, b.name);
    }
    return collator.compare(a.name, b.name) * dir;
  });
  return named.map((n) => n.check);
}

/** Orders groups by a column over their aggregates (default: name), leaving the checks inside each as they are. */
export function orderGroups(
  groups: readonly HealthGroup[],
  sortBy: HealthSortColumn | null,
  desc: boolean,
): HealthGroup[] {
  const dir = desc ? -1 : 1;
  const column = sortBy ?? 'name';
  const label = (g: HealthGroup) =>
    g.checks.length === 1 && g.checks[0] ? checkDisplayName(g.checks[0]) : g.key;
  return [...groups].sort((a, b) => {
    if (column !== 'name') {
      const diff = groupValue(a, column) - groupValue(b, column);
      if (diff !== 0) return diff * dir;
      return collator.compare(label(a), label(b));
    }
    return collator.compare(label(a), label(b)) * dir;
  });
}

/** Sorts the checks inside a group by the column (a group of one is left as it is). */
export function sortGroupChecks(
  group: HealthGroup,
  sortBy: HealthSortColumn | null,
  desc: boolean,
): HealthGroup {
  return group.checks.length > 1 ? { ...group, checks: sortChecks(group.checks, sortBy, desc) } : group;
}

/** Sorts groups by the same column over their aggregates, and the checks inside each group. */
export function sortGroups(
  groups: readonly HealthGroup[],
  sortBy: HealthSortColumn | null,
  desc: boolean,
): HealthGroup[] {
  return orderGroups(
    groups.map((group) => sortGroupChecks(group, sortBy, desc)),
    sortBy,
    desc,
  );
}
