import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { JobHistoryListParams } from '@/lib/operations/jobs-endpoints';
import { JOB_HISTORY_PAGE_SIZE } from '@/lib/constants';
import { refreshRateToMs } from '@/lib/format/refresh-rate';
import { countedQuery, endpointQuery } from '@/lib/queries/fetcher';
import type { JobsSearch } from '@/lib/operations/jobs-search';
import { timeRangeOf } from '@/lib/search-params/time-range';
import { normalizeRelativeRange } from '@/lib/time-range/relative';
import { INDEFINITELY } from '@/lib/time-range/ranges';
import type { RelativeTimeRange, TimeRange } from '@/lib/time-range/types';

/** Job history: the list (settings page and Job History tabs), one job, the job names. */

const jobEndpoints = () => import('@/lib/operations/jobs-endpoints');

export const jobKeys = {
  all: ['jobs'] as const,
  list: (p: JobHistoryListParams) => [...jobKeys.all, 'list', p] as const,
  job: (id: string) => [...jobKeys.all, 'job', id] as const,
  names: () => [...jobKeys.all, 'names'] as const,
};

export const jobQueries = {
  list: (p: JobHistoryListParams) =>
    queryOptions({
      ...countedQuery(jobKeys.list(p), async () => (await jobEndpoints()).jobHistoryEndpoint(p)),
      placeholderData: keepPreviousData,
    }),
  job: (id: string) =>
    queryOptions({
      ...endpointQuery(jobKeys.job(id), async () => (await jobEndpoints()).jobEndpoint(id)),
      select: (rows) => rows[0] ?? null,
    }),
  names: () =>
    queryOptions({
      ...endpointQuery(jobKeys.names(), async () => (await jobEndpoints()).jobHistoryNamesEndpoint()),
      select: (rows) => rows.flatMap((r) => (r.name ? [r.name] : [])),
    }),
};

/** Spec 001 §9: the jobs list shows the last 2 days unless a range is chosen. */
export const DEFAULT_JOBS_RANGE: RelativeTimeRange = { type: 'relative', display: '2 days', range: 'now-2d' };

/** The range as the backend's date math (`.filter` evaluates it), so the server and the browser ask for the same rows. */
export function jobsWindow(range: TimeRange): { from: string | null; to: string | null } {
  if (range.type !== 'relative') return { from: range.from, to: range.to };
  const n = normalizeRelativeRange(range.range);
  if (!n || n === INDEFINITELY) return { from: 'now', to: null };
  return n[3] === '+' ? { from: 'now', to: n } : { from: n, to: 'now' };
}

function split(map: Readonly<Record<string, 1 | -1>>) {
  const entries = Object.entries(map);
  return {
    include: entries.filter(([, s]) => s === 1).map(([k]) => k),
    exclude: entries.filter(([, s]) => s === -1).map(([k]) => k),
  };
}

/** A resource whose jobs a Job History tab shows: its id and, when known, its job resource type(s). */
export interface JobResource {
  id: string;
  types?: readonly string[];
}

/** The one mapping from a URL state (and a fixed resource) to the jobs request: server page, list and tabs. */
export function jobsListParams(v: JobsSearch, resource?: JobResource | null): JobHistoryListParams {
  const window = jobsWindow(timeRangeOf(v) ?? DEFAULT_JOBS_RANGE);
  return {
    names: split(v.name),
    statuses: split(v.status),
    resourceTypes: resource ? (resource.types ?? []) : v.resource_type ? [v.resource_type] : [],
    resourceId: resource?.id ?? null,
    minDurationMs: v.duration ? refreshRateToMs(v.duration) : null,
    from: window.from,
    to: window.to,
    sortBy: v.sortBy,
    sortDesc: v.sortOrder === 'desc',
    pageIndex: v.pageIndex,
    pageSize: v.pageSize ?? JOB_HISTORY_PAGE_SIZE,
  };
}
