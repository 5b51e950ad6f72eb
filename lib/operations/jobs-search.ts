import { JOB_HISTORY_PAGE_SIZE, PAGE_SIZE_OPTIONS, REFRESH_RATE_OPTIONS } from '@/lib/constants';
import { encodeTriStateParam, parseTriStateParam, type TriStateMap } from '@/lib/filters';
import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { pageParams, sortOrderParams } from '@/lib/search-params/table';
import { timeRangeParams } from '@/lib/search-params/time-range';

/**
 * The URL contract of /settings/jobs and of a resource page's Job History tab (spec 001 §2.1, §2.2, §9): `name`,
 * `resource_type`, `status`, `duration`, the time range, sort, page (size 150 by default) and the open job.
 */

export const JOB_SORTS = ['created_at', 'name', 'resource_name', 'status', 'duration_millis'] as const;
/** The resource types the filter offers (001 §9). */
export const JOB_RESOURCE_TYPES = ['canary', 'topology', 'config_scraper'] as const;
export const JOB_STATUSES = [
  'RUNNING',
  'SUCCESS',
  'WARNING',
  'FAILED',
  'STOPPED',
  'STALE',
  'SKIPPED',
] as const;
/** Minimum-duration choices: the 001 §9 duration list without None. */
export const JOB_DURATIONS = REFRESH_RATE_OPTIONS.filter((o) => o !== 'None');
/** "All statuses" must differ from the default (SUCCESS hidden) in the URL, so an empty map is written as `all`. */
const ALL = 'all';

/** `a:1,b:-1` include/exclude map (filter values escaped); `all` is the empty map. */
function triStateParam(fallback: TriStateMap) {
  return param
    .custom<TriStateMap>({
      default: fallback,
      parse: (raw) => {
        if (raw === ALL) return {};
        const map = parseTriStateParam(raw);
        return Object.keys(map).length > 0 ? map : undefined;
      },
      serialize: (value) => encodeTriStateParam(value) || ALL,
    })
    .resettingPage();
}

const page = pageParams(PAGE_SIZE_OPTIONS);

export const jobsSearch = defineSearchParams({
  name: triStateParam({}),
  resource_type: param.optionalOneOf(JOB_RESOURCE_TYPES).resettingPage(),
  status: triStateParam({ SUCCESS: -1 }),
  duration: param.optionalOneOf(JOB_DURATIONS).resettingPage(),
  ...timeRangeParams(),
  ...sortOrderParams(JOB_SORTS, { by: null, order: 'desc' }),
  pageIndex: page.pageIndex,
  // Jobs page by 150 unless the URL says otherwise (not the size persisted for other tables).
  pageSize: page.pageSize.withDefault(JOB_HISTORY_PAGE_SIZE),
  jobId: param.optionalString(),
});

export type JobsSearch = ParamValues<typeof jobsSearch.params>;
