import { filterChecks, labelOptionsOf, tabsOf, tabValueOf } from '@/lib/health/filters';
import { groupChecks, summarizeGroup, type HealthGroup } from '@/lib/health/grouping';
import { orderGroups, sortGroupChecks } from '@/lib/health/sorting';
import { ALL_TAB, HEALTH_SORT_COLUMNS, type HealthSortColumn } from '@/lib/health/search';
import type { HealthCheck } from '@/lib/health/types';
import {
  BOARD_PAGE_CHECKS,
  FAILING_NAMES,
  type HealthBoardGroup,
  type HealthBoardMeta,
  type HealthBoardRequest,
} from '@/lib/health/board';

/**
 * One page of the health board computed from every check, with the rules the browser's board uses (filters,
 * tabs, grouping, sorting from this feature), so a paged board and a derived one cannot disagree. The embedded
 * backend answers `?board=` with it.
 */
export function healthBoardPage(
  checks: readonly HealthCheck[],
  request: HealthBoardRequest,
): { meta: HealthBoardMeta; checks: HealthCheck[]; members: HealthCheck[][] } {
  const tabValues = tabsOf(checks, request.tabBy);
  const tab = tabValues.includes(request.tab) ? request.tab : ALL_TAB;
  const untabbed = filterChecks(checks, { ...request, tab: ALL_TAB });
  const counts = new Map<string, number>(tabValues.map((value) => [value, 0]));
  counts.set(ALL_TAB, untabbed.length);
  for (const check of untabbed) {
    const value = tabValueOf(check, request.tabBy);
    if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  const visible =
    tab === ALL_TAB ? untabbed : untabbed.filter((check) => tabValueOf(check, request.tabBy) === tab);
  // Only the page's groups have their checks sorted: at 50,000 checks sorting every group's was most of the time.
  const groups = orderGroups(groupChecks(visible, request.groupBy), request.sortBy, request.sortDesc);

  // Whole groups fill a page up to BOARD_PAGE_CHECKS checks; a larger group is a page of its own, cut short.
  const starts = [0];
  let filled = 0;
  groups.forEach((group, index) => {
    const size = Math.min(group.checks.length, BOARD_PAGE_CHECKS);
    if (filled > 0 && filled + size > BOARD_PAGE_CHECKS) {
      starts.push(index);
      filled = 0;
    }
    filled += size;
  });
  const pages = starts.length;
  const page = Math.min(request.page, pages - 1);
  const pageGroups = groups
    .slice(starts[page], starts[page + 1] ?? groups.length)
    .map((group) => sortGroupChecks(group, request.sortBy, request.sortDesc));

  const pageChecks: HealthCheck[] = [];
  const summaries = pageGroups.map((group) => {
    const shown = group.checks.slice(0, BOARD_PAGE_CHECKS);
    pageChecks.push(...shown);
    return boardGroupOf(group, shown.length);
  });
  const failingVisible = visible.filter((check) => check.status === 'unhealthy');
  let failing = 0;
  for (const check of checks) if (check.status === 'unhealthy') failing++;
  return {
    meta: {
      page,
      pages,
      checks: visible.length,
      groups: groups.length,
      tabs: tabValues.map((value) => [value, counts.get(value) ?? 0]),
      labels: labelOptionsOf(checks),
      failing,
      failingNames: failingVisible.slice(0, FAILING_NAMES).map((check) => check.name),
      failingShown: failingVisible.length,
      pageGroups: summaries,
    },
    checks: pageChecks,
    members: pageGroups.map((group) => group.checks),
  };
}

/** A page group as answered: its aggregates without its checks (absent values left out, as JSON would), and `n`. */
function boardGroupOf({ checks: _members, ...group }: HealthGroup, n: number): HealthBoardGroup {
  const summary: HealthBoardGroup = { ...group, n };
  if (summary.latency === undefined) delete summary.latency;
  if (summary.lastTransition === undefined) delete summary.lastTransition;
  return summary;
}

/** Whether a page of the board can be computed without every check's uptime and latency (they sort by neither). */
export function pagesWithoutAggregates(request: HealthBoardRequest): boolean {
  return request.sortBy !== 'uptime' && request.sortBy !== 'latency';
}

/**
 * A page computed from checks without their window's uptime and latency (`pagesWithoutAggregates`), completed with
 * the page groups' members as the whole summary has them: the groups' aggregates are computed again over those, and
 * the page's checks are theirs. What decides the page (filters, tabs, grouping, the order, the sizes) needs neither.
 */
export function completeBoardPage(
  page: ReturnType<typeof healthBoardPage>,
  complete: ReadonlyMap<string, HealthCheck>,
): { meta: HealthBoardMeta; checks: HealthCheck[] } {
  const pageGroups = page.meta.pageGroups.map((group, index) => {
    const members = (page.members[index] ?? []).map((check) => complete.get(check.id) ?? check);
    return boardGroupOf(summarizeGroup(group.key, members), group.n);
  });
  return {
    meta: { ...page.meta, pageGroups },
    checks: page.checks.map((check) => complete.get(check.id) ?? check),
  };
}

const MAX_TEXT = 2000;
const MAX_KEY = 200;
const MAX_LABELS = 200;

const text = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;

/** A board request from its URL parameter; throws an Error naming what is wrong (the backend answers it as a 400). */
export function parseBoardRequest(raw: string): HealthBoardRequest {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error('invalid board: not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('invalid board: expected an object');
  const r = value as Record<string, unknown>;
  if (!text(r.query, MAX_TEXT)) throw new Error('invalid board: query');
  if (typeof r.hidePassing !== 'boolean') throw new Error('invalid board: hidePassing');
  for (const name of ['tabBy', 'tab', 'groupBy'] as const)
    if (!text(r[name], MAX_KEY) || r[name] === '') throw new Error(`invalid board: ${name}`);
  const labels = r.labels;
  if (
    typeof labels !== 'object' ||
    labels === null ||
    Array.isArray(labels) ||
    Object.keys(labels).length > MAX_LABELS ||
    Object.entries(labels).some(([key, state]) => key.length > MAX_KEY * 2 || (state !== 1 && state !== -1))
  )
    throw new Error('invalid board: labels');
  if (r.sortBy !== null && !HEALTH_SORT_COLUMNS.includes(r.sortBy as HealthSortColumn))
    throw new Error('invalid board: sortBy');
  if (typeof r.sortDesc !== 'boolean') throw new Error('invalid board: sortDesc');
  if (typeof r.page !== 'number' || !Number.isInteger(r.page) || r.page < 0 || r.page > 1e9)
    throw new Error('invalid board: page');
  return {
    query: r.query as string,
    hidePassing: r.hidePassing,
    labels: labels as HealthBoardRequest['labels'],
    tabBy: r.tabBy as string,
    tab: r.tab as string,
    groupBy: r.groupBy as string,
    sortBy: r.sortBy as HealthSortColumn | null,
    sortDesc: r.sortDesc,
    page: r.page,
  };
}
