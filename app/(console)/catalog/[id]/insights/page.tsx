import { InsightsList } from '@/components/catalog/insights-list';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { configTabMetadata } from '@/lib/catalog/metadata';
import { getTablePageSize } from '@/lib/preferences/server';
import { catalogFeedQueries } from '@/lib/catalog/feed-queries';
import { insightListParams } from '@/lib/catalog/view-requests';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { insightsSearch } from '@/lib/catalog/view-search';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParamsSource> };

export const generateMetadata = ({ params }: Props) => configTabMetadata(params, 'Insights');

/** /catalog/{id}/insights: the item's insights. */
export default async function ConfigInsightsPage({ params, searchParams }: Props) {
  await requireRouteAccess('/catalog/[id]/insights');
  const { id } = await params;
  const values = insightsSearch.parse(await searchParams);
  const pageSize = values.pageSize ?? (await getTablePageSize());
  return (
    <PrefetchQueries
      queries={[catalogFeedQueries.insights(insightListParams(values, pageSize, { configId: id }))]}
    >
      <InsightsList serverPageSize={pageSize} configId={id} />
    </PrefetchQueries>
  );
}
