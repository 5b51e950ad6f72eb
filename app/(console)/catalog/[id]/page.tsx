import { ConfigBody } from '@/components/catalog/config-body';
import { ConfigSidePanel } from '@/components/catalog/config-side-panel';
import { isFeatureDisabled } from '@/lib/feature-flags';
import { canOpenRoute, requireRouteAccess } from '@/lib/auth/server';
import { configTabMetadata } from '@/lib/catalog/metadata';
import { loadServerQuery } from '@/lib/queries/server';
import { catalogQueries } from '@/lib/catalog/queries';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { configViewSearch } from '@/lib/catalog/view-search';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParamsSource> };

export const generateMetadata = ({ params }: Props) => configTabMetadata(params, null);

/**
 * /catalog/{id}: the config body (JSON/YAML, highlighted path) beside the item's details and the incidents it is
 * evidence in; all server-rendered (a backend refusal of the incidents shows as that section's Unauthorized state).
 */
export default async function ConfigItemPage({ params, searchParams }: Props) {
  const session = await requireRouteAccess('/catalog/[id]');
  const { id } = await params;
  const view = configViewSearch.parse(await searchParams);
  const [item, incidents] = await Promise.all([
    loadServerQuery(catalogQueries.item(id)),
    isFeatureDisabled('incidents', session.features) ? null : loadServerQuery(catalogQueries.incidents(id)),
  ]);
  // The layout shows the item's refusal, error or absence.
  if (!item.ok || !item.data) return null;
  return (
    <div className="flex flex-col-reverse gap-4 p-4 lg:flex-row lg:items-start">
      <div className="min-w-0 flex-1">
        <ConfigBody config={item.data.config} format={view.format} selected={view.selected} />
      </div>
      <ConfigSidePanel
        item={item.data}
        canReadScrapers={canOpenRoute(session, '/catalog/scrapers')}
        incidents={incidents}
      />
    </div>
  );
}
