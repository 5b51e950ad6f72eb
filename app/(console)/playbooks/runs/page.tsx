import type { Metadata } from 'next';
import { PlaybookRunsList } from '@/components/playbooks/playbook-runs-list';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { getTablePageSize } from '@/lib/preferences/server';
import { playbookRunsQuery } from '@/lib/playbooks/runs-queries';
import { playbookQueries } from '@/lib/playbooks/queries';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { playbookRunsSearch } from '@/lib/playbooks/search';

export const metadata: Metadata = { title: 'Playbook Runs' };

/** /playbooks/runs: the runs table with its filters, sort and page in the URL. */
export default async function PlaybookRunsPage({
  searchParams,
}: {
  searchParams: Promise<SearchParamsSource>;
}) {
  await requireRouteAccess('/playbooks/runs');
  const values = playbookRunsSearch.parse(await searchParams);
  const pageSize = values.pageSize ?? (await getTablePageSize());
  return (
    <PrefetchQueries
      queries={[playbookQueries.runs(playbookRunsQuery(values, pageSize)), playbookQueries.list()]}
    >
      <PlaybookRunsList serverPageSize={pageSize} />
    </PrefetchQueries>
  );
}
