import type { Metadata } from 'next';
import { EmptyState } from '@/components/shell/empty-state';
import { ComponentBreadcrumbs } from '@/components/topology/component-breadcrumbs';
import { LoadError } from '@/components/topology/load-error';
import { TopologyCardGrid } from '@/components/topology/topology-card-grid';
import { TopologyFilterBar } from '@/components/topology/topology-filter-bar';
import { TopologySidePanel } from '@/components/topology/topology-side-panel';
import { requireRouteAccess } from '@/lib/auth/server';
import { hasAccess } from '@/lib/auth/permissions';
import { getPreferences } from '@/lib/preferences/server';
import { parseTopologySearch, type RawSearchParams } from '@/lib/search-params/topology';
import { componentDetails } from '@/lib/topology/details';
import { agentOptions, labelOptions } from '@/lib/topology/filter-options';
import { loadAgents, loadBreadcrumbs, loadComponent, loadComponentLabels } from '@/lib/topology/server';
import { filterComponents, sortablePropertyNames, topologyFacets } from '@/lib/topology/tree';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<RawSearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const component = (await loadComponent(id)).data;
  return { title: component ? component.title || component.name : 'Topology' };
}

/** /topology/{id}: the component's path, its children as cards (same filters as /topology) and the side panel. */
export default async function TopologyComponentPage({ params, searchParams }: Props) {
  const session = await requireRouteAccess('/topology/[id]');
  const [{ id }, search, preferences] = await Promise.all([params, searchParams.then(parseTopologySearch), getPreferences()]);
  const [loaded, agents, labels] = await Promise.all([loadComponent(id), loadAgents(), loadComponentLabels()]);

  if (!loaded.ok) {
    return (
      <div className="p-4">
        <LoadError error={loaded.error} title="The component could not be loaded" />
      </div>
    );
  }
  const component = loaded.data;
  if (!component) return <EmptyState title="Component not found" />;

  const showHidden = preferences.showHiddenComponents;
  const children = component.components ?? [];
  const cards = filterComponents(children, search, { showHidden, statusMatchesLeaves: true });
  const facets = topologyFacets({}, children);
  const ancestors = await loadBreadcrumbs(component);
  const name = component.title || component.name;

  return (
    <div className="flex flex-col gap-4 p-4">
      <ComponentBreadcrumbs ancestors={ancestors} current={{ name, icon: component.icon, type: component.type }} />
      <div className="flex flex-col-reverse gap-4 lg:flex-row lg:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <TopologyFilterBar
            statuses={facets.statuses}
            types={facets.types}
            teams={facets.teams}
            labels={labelOptions(labels)}
            agents={agentOptions(agents)}
            sortProperties={sortablePropertyNames(cards)}
          />
          <TopologyCardGrid
            components={cards}
            cardWidth={preferences.cardWidth}
            agents={agents}
            headingLevel="h3"
            label={`Components of ${name}`}
          />
        </div>
        <TopologySidePanel
          componentId={component.id}
          name={name}
          status={component.status}
          statusReason={component.status_reason}
          details={componentDetails(component)}
          canEditConfigs={hasAccess(session.grants, 'topologies', 'write')}
        />
      </div>
    </div>
  );
}
