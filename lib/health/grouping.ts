import { checkDisplayName } from '@/lib/health/check-name';
import { healthStateOf, type HealthState } from '@/lib/health/health-dot';
import type { HealthCheck } from '@/lib/health/types';

export const NO_VALUE_GROUP = '(no value)';

/** Group key of a check (spec 000 §2): canary name, description, type, name prefix before a slash, or a label. */
export function groupKeyOf(check: HealthCheck, groupBy: string): string {
  switch (groupBy) {
    case 'canary_name':
      return check.canary_name ?? NO_VALUE_GROUP;
    case 'description':
      return check.description ?? NO_VALUE_GROUP;
    case 'type':
      return check.type ?? NO_VALUE_GROUP;
    case 'name': {
      const name = checkDisplayName(check);
      const slash = name.indexOf('/');
      return slash > 0 ? name.slice(0, slash) : name;
    }
    default:
      return check.labels[groupBy] ?? NO_VALUE_GROUP;
  }
}

export interface HealthGroup {
  key: string;
  checks: HealthCheck[];
  state: HealthState;
  /** Checks with data and no failure in the window: the x of the group's "x/y" uptime. */
  fullyUp: number;
  total: number;
  passed: number;
  failed: number;
  /** Highest p95 (or rolling) latency of the group. */
  latency: number | undefined;
  /** Most recent transition of the group. */
  lastTransition: string | undefined;
}

export function isFullyUp(check: HealthCheck): boolean {
  return check.uptime.failed === 0 && check.uptime.passed > 0;
}

export function latencyOf(check: HealthCheck): number | undefined {
  return (
    check.latency.p95 ?? check.latency.p99 ?? check.latency.p97 ?? (check.latency.rolling1h || undefined)
  );
}

export function summarizeGroup(key: string, checks: HealthCheck[]): HealthGroup {
  let fullyUp = 0;
  let passed = 0;
  let failed = 0;
  let latency: number | undefined;
  let lastTransition: string | undefined;
  for (const check of checks) {
    if (isFullyUp(check)) fullyUp++;
    passed += check.uptime.passed;
    failed += check.uptime.failed;
    const l = latencyOf(check);
    if (l !== undefined && (latency === undefined || l > latency)) latency = l;
    const t = check.last_transition_time;
    if (t && (!lastTransition || Date.parse(t) > Date.parse(lastTransition))) lastTransition = t;
  }
  return {
    key,
    checks,
    state: healthStateOf(checks),
    fullyUp,
    total: checks.length,
    passed,
    failed,
    latency,
    lastTransition,
  };
}

/** Groups checks (keeping their order inside each group); 'no-group' gives one group per check. */
export function groupChecks(checks: readonly HealthCheck[], groupBy: string): HealthGroup[] {
  if (groupBy === 'no-group') return checks.map((check) => summarizeGroup(check.id, [check]));
  const map = new Map<string, HealthCheck[]>();
  for (const check of checks) {
    const key = groupKeyOf(check, groupBy);
    const list = map.get(key);
    if (list) list.push(check);
    else map.set(key, [check]);
  }
  return [...map.entries()].map(([key, list]) => summarizeGroup(key, list));
}

/** "x/y" fully-up uptime of an expandable group row (spec 000 §2). */
export function groupUptimeLabel(group: Pick<HealthGroup, 'fullyUp' | 'total'>): string {
  return `${group.fullyUp}/${group.total}`;
}
