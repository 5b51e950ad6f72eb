import type { LabelOption, TriStateMap } from '@/lib/filters';
import type { HealthGroup } from '@/lib/health/grouping';
import type { HealthState } from '@/lib/health/health-dot';
import { ALL_TAB, type HealthSortColumn } from '@/lib/health/search';
import type { HealthCheck } from '@/lib/health/types';

/**
 * The health board paged by the backend (issue 35): an extension of the embedded backend's summary. The console
 * asks `<summary path>?board=<request>`; a backend that pages the board answers one page of it with the page's
 * groups, the tab counts and label options of every check (`board` below), and one without the extension (the
 * real backend) ignores the parameter and answers every check, which the browser's board derives as before.
 */

/** What a page of the board depends on: the URL state of /health minus what only draws (layout, pivot, panel). */
export interface HealthBoardRequest {
  query: string;
  hidePassing: boolean;
  labels: TriStateMap;
  tabBy: string;
  tab: string;
  groupBy: string;
  sortBy: HealthSortColumn | null;
  sortDesc: boolean;
  /** 0-based. */
  page: number;
}

/** A group on the page: its aggregates over all its checks, and how many of them this page carries (`n`). */
export interface HealthBoardGroup {
  key: string;
  n: number;
  total: number;
  state: HealthState;
  fullyUp: number;
  passed: number;
  failed: number;
  latency?: number;
  lastTransition?: string;
}

/** The `board` object of a paged answer; the answer's `checks_summary` are the page's checks in board order. */
export interface HealthBoardMeta {
  /** 0-based, clamped to the last page. */
  page: number;
  pages: number;
  /** The checks and groups that pass the filters and the tab, on every page. */
  checks: number;
  groups: number;
  /** 'All' first, then the tab values in the board's order, with the filtered checks' counts. */
  tabs: [string, number][];
  labels: LabelOption[];
  /** Unhealthy checks of the whole summary (the page title). */
  failing: number;
  /** Names of the unhealthy checks that pass the filters and the tab (the wall's headline), the first FAILING_NAMES. */
  failingNames: string[];
  failingShown: number;
  pageGroups: HealthBoardGroup[];
}

/** The board request of the URL state (the server's prefetch and the dashboard ask with the same key). */
export function boardRequestOf(
  params: Omit<HealthBoardRequest, 'page'> & { pageIndex: number },
): HealthBoardRequest {
  const { query, hidePassing, labels, tabBy, tab, groupBy, sortBy, sortDesc, pageIndex } = params;
  return { query, hidePassing, labels, tabBy, tab, groupBy, sortBy, sortDesc, page: pageIndex };
}

/** A page holds whole groups up to this many checks (a larger group is a page of its own, cut to this many). */
export const BOARD_PAGE_CHECKS = 500;
/** The wall names at most this many failing checks; the headline counts the rest. */
export const FAILING_NAMES = 50;

/** The page's groups for the list: each group's aggregates from the backend and its checks from the page. */
export function boardGroupsOf(meta: HealthBoardMeta, checks: readonly HealthCheck[]): HealthGroup[] {
  const groups: HealthGroup[] = [];
  let offset = 0;
  for (const group of meta.pageGroups) {
    const { n, ...summary } = group;
    groups.push({
      ...summary,
      latency: summary.latency ?? undefined,
      lastTransition: summary.lastTransition ?? undefined,
      checks: checks.slice(offset, offset + n),
    });
    offset += n;
  }
  return groups;
}

/** The list's view of a board page: the backend's options and counts, the page's checks in its groups. */
export function boardViewOf(meta: HealthBoardMeta, checks: readonly HealthCheck[], requestedTab: string) {
  const tabs = meta.tabs.map(([value]) => value);
  return {
    labelOptions: meta.labels,
    labelKeys: meta.labels.map((option) => option.key),
    tabs,
    activeTab: tabs.includes(requestedTab) ? requestedTab : ALL_TAB,
    // As the derived board: a count beside 'All' and beside each tab with a check to show.
    tabCounts: new Map(meta.tabs.filter(([value, count]) => value === ALL_TAB || count > 0)),
    visible: checks,
    groups: boardGroupsOf(meta, checks),
  };
}
