'use client';

import { useQuery } from '@tanstack/react-query';
import { QueryState } from '@/components/list/query-state';
import { SectionSkeleton } from '@/components/topology/panel-section';
import { PropertyValue } from '@/components/topology/property-value';
import { topologyQueries } from '@/lib/topology/queries';
import type { ComponentDetailsModel } from '@/lib/topology/details';

export type ComponentDetails = ComponentDetailsModel;

function Pairs({
  title,
  pairs,
}: {
  title: string;
  pairs: ReadonlyArray<readonly [string, React.ReactNode]>;
}) {
  if (pairs.length === 0) return null;
  return (
    <div className="space-y-1">
      <h4 className="text-xs font-semibold uppercase text-muted-foreground">{title}</h4>
      <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">
        {pairs.map(([k, v], i) => (
          <div key={`${k}-${i}`} className="contents">
            <dt className="truncate text-muted-foreground">{k}</dt>
            <dd className="min-w-0 break-words">{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function TopologySpec({ topologyId }: { topologyId: string }) {
  const query = useQuery(topologyQueries.details(topologyId));
  return (
    <QueryState
      query={query}
      isEmpty={(d) => d === null}
      empty="No topology spec found"
      errorTitle="The topology spec could not be loaded"
      skeleton={<SectionSkeleton />}
      compact
    >
      {(t) =>
        t && (
          <div className="space-y-2">
            <Pairs
              title="Topology"
              pairs={[
                ['Name', t.namespace ? `${t.namespace}/${t.name ?? ''}` : (t.name ?? '')],
                ...(t.schedule ? [['Schedule', t.schedule] as const] : []),
                ...(t.source ? [['Source', t.source] as const] : []),
              ]}
            />
            {t.spec !== undefined && t.spec !== null && (
              <details>
                <summary className="cursor-pointer text-sm text-muted-foreground">Spec</summary>
                <pre className="mt-1 max-h-80 overflow-auto rounded bg-muted p-2 text-xs">
                  {JSON.stringify(t.spec, null, 2)}
                </pre>
              </details>
            )}
          </div>
        )
      }
    </QueryState>
  );
}

/** Details: the topology's spec (fetched when opened), and the component's properties, costs and labels. */
export function DetailsSection({ details }: { details: ComponentDetails }) {
  const about: Array<[string, string]> = [];
  if (details.type) about.push(['Type', details.type]);
  if (details.owner) about.push(['Owner', details.owner]);
  if (details.lifecycle) about.push(['Lifecycle', details.lifecycle]);
  if (details.description) about.push(['Description', details.description]);
  const nothing =
    about.length + details.properties.length + details.costs.length + details.labels.length === 0 &&
    !details.topologyId;
  if (nothing) return <p className="py-1 text-sm text-muted-foreground">No details found</p>;
  return (
    <div className="space-y-3">
      <Pairs title="Component" pairs={about} />
      <Pairs
        title="Properties"
        pairs={details.properties.map((p) => [p.label, <PropertyValue property={p} />])}
      />
      <Pairs title="Costs" pairs={details.costs} />
      <Pairs title="Labels" pairs={details.labels} />
      {details.topologyId && <TopologySpec topologyId={details.topologyId} />}
    </div>
  );
}
