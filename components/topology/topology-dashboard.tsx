'use client';

import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { QueryState } from '@/components/list/query-state';
import { usePreferences } from '@/components/shell/preferences-provider';
import { TopologyCards } from '@/components/topology/topology-cards';
import { TopologyFilterBar } from '@/components/topology/topology-filter-bar';
import { topologyQueries } from '@/lib/topology/queries';
import { topologySearch, type TopologySearch } from '@/lib/topology/search';
import { useUrlState } from '@/lib/search-params/use-url-state';
import { filterComponents, topologyFacets, treeParams } from '@/lib/topology/tree';
import { agentQueries } from '@/lib/access';

/**
 * /topology: the root components as cards, filtered by the URL. The tree is asked of the backend with the filters
 * (the server page prefetched the first one); while a new answer loads the previous cards stay.
 */
export function TopologyDashboard() {
  const [search, setSearch] = useUrlState(topologySearch);
  const { preferences } = usePreferences();
  const showHidden = preferences.showHiddenComponents;
  const tree = useQuery({
    ...topologyQueries.tree(treeParams(search, showHidden)),
    placeholderData: keepPreviousData,
  });
  const agents = useQuery(agentQueries.choices());
  const roots = tree.data?.components ?? NONE;
  const cards = React.useMemo(
    () => filterComponents(roots, search, { showHidden }),
    [roots, search, showHidden],
  );
  const facets = React.useMemo(() => topologyFacets(tree.data ?? {}, roots), [tree.data, roots]);
  const onChange = React.useCallback(
    (patch: Partial<TopologySearch>) => setSearch(patch, { history: 'push' }),
    [setSearch],
  );

  return (
    <div className="flex min-w-0 flex-col gap-4 p-4">
      <TopologyFilterBar
        search={search}
        onChange={onChange}
        {...facets}
        cards={cards}
        pending={tree.isPlaceholderData}
      />
      <QueryState
        query={tree}
        empty="There are no components matching this criteria"
        isEmpty={() => false}
        errorTitle="The components could not be loaded"
      >
        {() => (
          <TopologyCards
            components={cards}
            cardWidth={preferences.cardWidth}
            agents={agents.data}
            label="Components"
          />
        )}
      </QueryState>
    </div>
  );
}

const NONE: never[] = [];
