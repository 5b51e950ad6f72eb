/**
 * The public status page's rules (issue 38), pure so they are unit-tested apart from SQL: what an entry's status is
 * from its component or its check group, how a day of check history becomes an uptime bar, the page's overall
 * status, and an incident's public state. The wire shape is documented in endpoints/README.md (Status pages).
 */

export type EntryStatus = 'operational' | 'degraded' | 'outage' | 'unknown';
export type OverallStatus = 'operational' | 'degraded' | 'partial_outage' | 'major_outage' | 'unknown';
export type DayState = 'operational' | 'degraded' | 'outage';
export type PublicIncidentStatus = 'investigating' | 'identified' | 'monitoring' | 'resolved';

export const PUBLIC_INCIDENT_STATUSES: readonly PublicIncidentStatus[] = [
  'investigating',
  'identified',
  'monitoring',
  'resolved',
];

/** Days of uptime history and of incident history a page shows. */
export const STATUS_PAGE_DAYS = 90;

/** A day whose checks passed at least this share is operational; at least DEGRADED_DAY, degraded; else an outage. */
export const OPERATIONAL_DAY = 0.995;
export const DEGRADED_DAY = 0.95;

/** A component's own status (healthy, warning, unhealthy, anything else) as the public reads it. */
export function componentEntryStatus(status: string | null | undefined): EntryStatus {
  switch ((status ?? '').toLowerCase()) {
    case 'healthy':
      return 'operational';
    case 'warning':
      return 'degraded';
    case 'unhealthy':
      return 'outage';
    default:
      return 'unknown';
  }
}

/**
 * A check group (a canary's live checks): all healthy → operational, all unhealthy → outage, some unhealthy →
 * degraded; checks never run (no status) do not count, and a group with no run check is unknown.
 */
export function checkGroupEntryStatus(counts: { healthy: number; unhealthy: number }): EntryStatus {
  const known = counts.healthy + counts.unhealthy;
  if (known === 0) return 'unknown';
  if (counts.unhealthy === 0) return 'operational';
  if (counts.healthy === 0) return 'outage';
  return 'degraded';
}

/** One day's bar from its check results (passed of total). */
export function dayState(passed: number, total: number): DayState {
  const share = total > 0 ? passed / total : 1;
  if (share >= OPERATIONAL_DAY) return 'operational';
  if (share >= DEGRADED_DAY) return 'degraded';
  return 'outage';
}

/** Share of passed results as a percentage with two decimals (floored, so 99.999 % never reads as 100 %). */
export function uptimePercent(passed: number, total: number): number | null {
  if (total <= 0) return null;
  return Math.floor((passed / total) * 10_000) / 100;
}

/**
 * The page's headline from the statuses of the entries that show one: any outage is a partial outage, or a major
 * one when at least half of the known entries are out; else any degradation; else operational; unknown only when no
 * entry's status is known.
 */
export function overallStatus(statuses: readonly EntryStatus[]): OverallStatus {
  const known = statuses.filter((s) => s !== 'unknown');
  if (known.length === 0) return 'unknown';
  const outages = known.filter((s) => s === 'outage').length;
  if (outages > 0) return outages * 2 >= known.length ? 'major_outage' : 'partial_outage';
  if (known.includes('degraded')) return 'degraded';
  return 'operational';
}

/** UTC calendar day `YYYY-MM-DD` of an instant. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** First and last day (UTC, inclusive) of the uptime window ending today. */
export function uptimeWindow(now: Date, days = STATUS_PAGE_DAYS): { from: string; to: string; start: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * 86_400_000);
  return { from: utcDay(start), to: utcDay(new Date(today)), start };
}

/**
 * An incident's public state: the status of its latest public update (investigating before any), resolved once
 * the incident itself is resolved or closed even if no public update said so; resolved_at is then the first
 * 'resolved' update after the last other one, else the incident's own resolution time.
 */
export function publicIncidentState(
  updates: readonly { status: PublicIncidentStatus; at: Date }[],
  incident: { resolved: Date | null; closed: Date | null },
): { status: PublicIncidentStatus; resolvedAt: Date | null } {
  const newestFirst = [...updates].sort((a, b) => b.at.getTime() - a.at.getTime());
  const latest = newestFirst[0];
  const internalEnd = incident.resolved ?? incident.closed;
  if (latest?.status === 'resolved') {
    let resolvedAt = latest.at;
    for (const u of newestFirst) {
      if (u.status !== 'resolved') break;
      resolvedAt = u.at;
    }
    return { status: 'resolved', resolvedAt };
  }
  if (internalEnd) return { status: 'resolved', resolvedAt: internalEnd };
  return { status: latest?.status ?? 'investigating', resolvedAt: null };
}

/** Slugs: lower-case letters and digits in words joined by single hyphens, at most 64 characters. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 64;

export function isValidSlug(value: string): boolean {
  return value.length <= SLUG_MAX && SLUG_PATTERN.test(value);
}
