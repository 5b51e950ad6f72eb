import type { Metadata } from 'next';
import { TopologyCardGrid } from '@/components/topology/topology-card-grid';
import { TopologyFilterBar } from '@/components/topology/topology-filter-bar';
import { LoadError } from '@/components/topology/load-error';
import { requireRouteAccess } from '@/lib/auth/server';
import { getPreferences } from '@/lib/preferences/server';
import { parseTopologySearch, type RawSearchParams } from '@/lib/search-params/topology';
import { agentOptions, labelOptions } from '@/lib/topology/filter-options';
import { loadAgents, loadComponentLabels, loadTree, treeParams } from '@/lib/topology/server';
import { filterComponents, sortablePropertyNames, topologyFacets } from '@/lib/topology/tree';

export const metadata: Metadata = { title: 'Topology' };

/** /topology: the root components as cards, filtered by the URL, at the preferred card width. */
export default async function TopologyPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  await requireRouteAccess('/topology');
  const [search, preferences] = await Promise.all([searchParams.then(parseTopologySearch), getPreferences()]);
  const showHidden = preferences.showHiddenComponents;
  const [tree, agents, labels] = await Promise.all([
    loadTree(treeParams(search, showHidden)),
    loadAgents(),
    loadComponentLabels(),
  ]);
  const roots = tree.data?.components ?? [];
  const facets = topologyFacets(tree.data ?? {}, roots);
  const cards = filterComponents(roots, search, { showHidden });

  return (
    <div className="flex flex-col gap-4 p-4">
      <TopologyFilterBar
        statuses={facets.statuses}
        types={facets.types}
        teams={facets.teams}
        labels={labelOptions(labels)}
        agents={agentOptions(agents)}
        sortProperties={sortablePropertyNames(cards)}
      />
      {!tree.ok ? (
        <LoadError error={tree.error} title="The components could not be loaded" />
      ) : (
        <TopologyCardGrid components={cards} cardWidth={preferences.cardWidth} agents={agents} label="Components" />
      )}
    </div>
  );
}
