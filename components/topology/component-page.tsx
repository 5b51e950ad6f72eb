'use client';

import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '@/components/list/query-state';
import { usePreferences } from '@/components/shell/preferences-provider';
import { LinkIncidentButton } from '@/components/incidents';
import { ComponentBreadcrumbs } from '@/components/topology/component-breadcrumbs';
import { TopologyCards } from '@/components/topology/topology-cards';
import { TopologyFilterBar } from '@/components/topology/topology-filter-bar';
import { TopologySidePanel } from '@/components/topology/topology-side-panel';
import { topologyQueries } from '@/lib/topology/queries';
import { topologySearch, type TopologySearch } from '@/lib/topology/search';
import { useUrlState } from '@/lib/search-params/use-url-state';
import { componentDetails } from '@/lib/topology/details';
import { ancestorIds, filterComponents, topologyFacets } from '@/lib/topology/tree';
import { agentQueries } from '@/lib/access';

/**
 * /topology/{id}: the component's path, its children as cards (the same filters as /topology, applied here to the
 * component's subtree) and the side panel, whose open sections are in the URL too.
 */
export function ComponentPage({
  componentId,
  canEditConfigs,
}: {
  componentId: string;
  canEditConfigs: boolean;
}) {
  const [search, setSearch] = useUrlState(topologySearch);
  const { preferences } = usePreferences();
  const showHidden = preferences.showHiddenComponents;
  const component = useQuery(topologyQueries.component(componentId));
  const agents = useQuery(agentQueries.choices());
  const ancestors = component.data ? ancestorIds(component.data) : NONE;
  const names = useQuery({ ...topologyQueries.names(ancestors), enabled: ancestors.length > 0 });
  const children = component.data?.components ?? NONE;
  const cards = React.useMemo(
    () => filterComponents(children, search, { showHidden, statusMatchesLeaves: true }),
    [children, search, showHidden],
  );
  const facets = React.useMemo(() => topologyFacets({}, children), [children]);
  const onChange = React.useCallback(
    (patch: Partial<TopologySearch>) => setSearch(patch, { history: 'push' }),
    [setSearch],
  );
  const onSectionsChange = React.useCallback(
    (sections: readonly string[]) => setSearch({ sections }),
    [setSearch],
  );

  return (
    <div className="flex min-w-0 flex-col gap-4 p-4">
      <QueryState
        query={component}
        empty="Component not found"
        errorTitle="The component could not be loaded"
      >
        {(c) => {
          const name = c.title || c.name;
          const byId = new Map((names.data ?? []).map((n) => [n.id, n]));
          return (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <ComponentBreadcrumbs
                  ancestors={ancestors.map((id) => byId.get(id) ?? { id, name: null })}
                  current={{ name, icon: c.icon, type: c.type }}
                />
                <LinkIncidentButton target={{ type: 'topology', component_id: c.id }} name={name} />
              </div>
              <div className="flex flex-col-reverse gap-4 lg:flex-row lg:items-start">
                <div className="flex min-w-0 flex-1 flex-col gap-4">
                  <TopologyFilterBar
                    search={search}
                    onChange={onChange}
                    {...facets}
                    cards={cards}
                    pending={false}
                  />
                  {/* The cards' names are h3 under the component's own name (h2 in the side panel, which comes
                      after them in the page): this level keeps the page's headings in order. */}
                  <h2 className="sr-only">Components of {name}</h2>
                  <TopologyCards
                    components={cards}
                    cardWidth={preferences.cardWidth}
                    agents={agents.data}
                    headingLevel="h3"
                    label={`Components of ${name}`}
                  />
                </div>
                <TopologySidePanel
                  componentId={c.id}
                  name={name}
                  status={c.status}
                  statusReason={c.status_reason}
                  details={componentDetails(c)}
                  canEditConfigs={canEditConfigs}
                  open={search.sections}
                  onOpenChange={onSectionsChange}
                />
              </div>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

const NONE: never[] = [];
