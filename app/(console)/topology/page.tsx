import type { Metadata } from 'next';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { TopologyDashboard } from '@/components/topology/topology-dashboard';
import { requireRouteAccess } from '@/lib/auth/server';
import { getPreferences } from '@/lib/preferences/server';
import { topologyQueries } from '@/lib/topology/queries';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { topologySearch } from '@/lib/topology/search';
import { treeParams } from '@/lib/topology/tree';
import { agentQueries } from '@/lib/access/agents-queries';

export const metadata: Metadata = { title: 'Topology' };

/** /topology: the root components as cards, filtered by the URL, at the preferred card width. */
export default async function TopologyPage({ searchParams }: { searchParams: Promise<SearchParamsSource> }) {
  await requireRouteAccess('/topology');
  const [search, preferences] = await Promise.all([
    searchParams.then((p) => topologySearch.parse(p)),
    getPreferences(),
  ]);
  return (
    <PrefetchQueries
      queries={[
        topologyQueries.tree(treeParams(search, preferences.showHiddenComponents)),
        agentQueries.choices(),
        topologyQueries.labels(),
      ]}
    >
      <TopologyDashboard />
    </PrefetchQueries>
  );
}
