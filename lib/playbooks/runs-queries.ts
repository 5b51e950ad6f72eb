import type { PlaybookRunSort } from '@/lib/playbooks/endpoints';
import type { PlaybookRunsQuery } from '@/lib/playbooks/queries';
import type { PlaybookRunsSearch } from '@/lib/playbooks/search';
import { timeRangeOf } from '@/lib/search-params/time-range';

/** The runs page the URL names (the server page and the list use the same mapping). */
export function playbookRunsQuery(values: PlaybookRunsSearch, pageSize: number): PlaybookRunsQuery {
  return {
    playbookId: values.playbook,
    status: values.status,
    range: timeRangeOf(values),
    sortBy: (values.sortBy ?? 'created_at') as PlaybookRunSort,
    sortDesc: values.sortDesc,
    pageIndex: values.pageIndex,
    pageSize,
  };
}
