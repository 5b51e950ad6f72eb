import { ChangesList } from '@/components/catalog/changes-list';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { configTabMetadata } from '@/lib/catalog/metadata';
import { getPreferences, getTablePageSize } from '@/lib/preferences/server';
import { changesFeedQuery } from '@/lib/catalog/changes-feed-queries';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { changesFeedInput, changesSearch } from '@/lib/catalog/changes-search';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParamsSource> };

export const generateMetadata = ({ params }: Props) => configTabMetadata(params, 'Changes');

/** /catalog/{id}/changes: the item's changes and its related items' (downstream by default, depth 5). */
export default async function ConfigChangesPage({ params, searchParams }: Props) {
  await requireRouteAccess('/catalog/[id]/changes');
  const { id } = await params;
  const values = changesSearch.parse(await searchParams);
  const [preferences, cookiePageSize] = await Promise.all([getPreferences(), getTablePageSize()]);
  const pageSize = values.pageSize ?? cookiePageSize;
  return (
    <PrefetchQueries
      queries={[changesFeedQuery(changesFeedInput(values, pageSize, preferences.showDeletedConfigs, id))]}
    >
      <ChangesList serverPageSize={pageSize} configId={id} />
    </PrefetchQueries>
  );
}
