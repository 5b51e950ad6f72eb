import type { Metadata } from 'next';
import { LogsScreen } from '@/components/logs/logs-screen';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { logQueries, logSearchRequest } from '@/lib/logs/queries';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { logsSearch } from '@/lib/logs/search';

export const metadata: Metadata = { title: 'Logs' };

/** /logs (`?topologyId=&logsSelector=&query=` and a time range; the topology card's "View Logs" lands here). */
export default async function LogsPage({ searchParams }: { searchParams: Promise<SearchParamsSource> }) {
  await requireRouteAccess('/logs');
  const values = logsSearch.parse(await searchParams);
  const request = logSearchRequest(values, values.logsSelector ?? '');
  return (
    <PrefetchQueries
      queries={[
        logQueries.components(),
        ...(values.topologyId ? [logQueries.component(values.topologyId)] : []),
        ...(request ? [logQueries.search(request)] : []),
      ]}
    >
      <LogsScreen />
    </PrefetchQueries>
  );
}
