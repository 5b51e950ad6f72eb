import { ConfigHeader } from '@/components/catalog/config-header';
import { ConfigTabs } from '@/components/catalog/config-tabs';
import { QueryProvider } from '@/components/shell/query-provider';
import { ServerState } from '@/components/list/server-state';
import { loadServerQuery } from '@/lib/queries/server';
import { catalogQueries } from '@/lib/catalog/queries';
import { getTablePageSize } from '@/lib/preferences/server';

/**
 * /catalog/{id} and its tabs: the item's breadcrumb, header and tab bar (with the detail summary's badges) above
 * the tab. The item is read once per request (pages and metadata share the read); a refusal or a missing item
 * replaces the tabs. The query client wraps the header too: its action bar's dialogs query (the tab pages' own
 * providers hand out the same client).
 */
export default async function ConfigItemLayout({
  params,
  children,
}: {
  params: Promise<{ id: string }>;
  children: React.ReactNode;
}) {
  const { id } = await params;
  const [item, pageSize] = await Promise.all([loadServerQuery(catalogQueries.item(id)), getTablePageSize()]);
  return (
    <ServerState result={item} empty="Config item not found" errorTitle="The config item could not be loaded">
      {(config) => (
        <QueryProvider>
          <div className="flex min-w-0 flex-col">
            <ConfigHeader item={config} />
            <ConfigTabs id={config.id} summary={config.summary} serverPageSize={pageSize} />
            {children}
          </div>
        </QueryProvider>
      )}
    </ServerState>
  );
}
