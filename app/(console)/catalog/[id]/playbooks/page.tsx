import { ConfigPlaybookRuns } from '@/components/catalog/config-playbook-runs';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { configTabMetadata } from '@/lib/catalog/metadata';
import { getTablePageSize } from '@/lib/preferences/server';
import { playbookQueries, playbookRunsOf } from '@/lib/playbooks/queries';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { configRunsSearch } from '@/lib/catalog/view-search';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParamsSource> };

export const generateMetadata = ({ params }: Props) => configTabMetadata(params, 'Playbooks');

/** /catalog/{id}/playbooks: the playbook runs on this item. */
export default async function ConfigPlaybooksPage({ params, searchParams }: Props) {
  await requireRouteAccess('/catalog/[id]/playbooks');
  const { id } = await params;
  const values = configRunsSearch.parse(await searchParams);
  const pageSize = values.pageSize ?? (await getTablePageSize());
  return (
    <PrefetchQueries
      queries={[playbookQueries.runs(playbookRunsOf({ configId: id }, values.pageIndex, pageSize))]}
    >
      <ConfigPlaybookRuns configId={id} serverPageSize={pageSize} />
    </PrefetchQueries>
  );
}
