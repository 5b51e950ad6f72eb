import { RelationshipsView } from '@/components/catalog/relationships-view';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { configTabMetadata } from '@/lib/catalog/metadata';
import { getPreferences } from '@/lib/preferences/server';
import { loadServerQuery } from '@/lib/queries/server';
import { catalogQueries } from '@/lib/catalog/queries';
import { relationshipWalks } from '@/lib/catalog/view-requests';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { relationshipsSearch } from '@/lib/catalog/view-search';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParamsSource> };

export const generateMetadata = ({ params }: Props) => configTabMetadata(params, 'Relationships');

/** /catalog/{id}/relationships: the related configs as a graph or a table. */
export default async function ConfigRelationshipsPage({ params, searchParams }: Props) {
  await requireRouteAccess('/catalog/[id]/relationships');
  const { id } = await params;
  const values = relationshipsSearch.parse(await searchParams);
  const [preferences, item] = await Promise.all([getPreferences(), loadServerQuery(catalogQueries.item(id))]);
  if (!item.ok || !item.data) return null;
  const { name, type, health, status } = item.data;
  return (
    <PrefetchQueries
      queries={relationshipWalks(id, values, preferences.showDeletedConfigs).map((w) =>
        catalogQueries.related(w),
      )}
    >
      <RelationshipsView root={{ id, name: name ?? id, type, health, status }} />
    </PrefetchQueries>
  );
}
