'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useQueries } from '@tanstack/react-query';
import type { GraphItem } from '@/components/catalog/relationship-graph';
import { FilterSelect, valueOptions } from '@/components/list/filter-select';
import { ListToolbar } from '@/components/list/list-toolbar';
import { usePreferences } from '@/components/shell/preferences-provider';
import { QueryState } from '@/components/list/query-state';
import { RowsSkeleton } from '@/components/list/query-state';
import { HEALTH_VALUES } from '@/lib/catalog/constants';
import { catalogQueries } from '@/lib/catalog/queries';
import { relationshipWalks } from '@/lib/catalog/view-requests';
import { relationshipsSearch, type RelationshipsSearch } from '@/lib/catalog/view-search';
import { useUrlState } from '@/lib/search-params/use-url-state';

// The graph's code loads with this tab only.
const RelationshipGraph = dynamic(
  () => import('@/components/catalog/relationship-graph').then((m) => m.RelationshipGraph),
  { loading: () => <RowsSkeleton /> },
);
// The table view (and the table engine that sorts and pages it in the browser) loads when it is chosen; memoised so
// that a re-render before its code arrives keeps the server HTML (see catalog-browser.tsx).
const RelationshipsTable = React.memo(
  dynamic(() => import('@/components/catalog/relationships-table').then((m) => m.RelationshipsTable), {
    loading: () => <RowsSkeleton />,
  }),
);

/**
 * The Relationships tab: the item's related configs (incoming and outgoing, hard and soft, ten levels) as a graph or
 * a table, filtered by type, health and status on this side (the walk answers at most a few hundred items).
 */
export function RelationshipsView({
  root,
}: {
  root: { id: string; name: string; type?: string | null; health?: string | null; status?: string | null };
}) {
  const [values, update] = useUrlState(relationshipsSearch);
  const { preferences } = usePreferences();
  const walks = relationshipWalks(root.id, values, preferences.showDeletedConfigs);
  const results = useQueries({ queries: walks.map((w) => catalogQueries.related(w)) });
  const failed = results.find((r) => r.isError);
  const loaded = results.every((r) => r.data !== undefined);
  const all = React.useMemo<GraphItem[] | undefined>(() => {
    if (!loaded) return undefined;
    const seen = new Set<string>();
    const out: GraphItem[] = [];
    results.forEach((r, i) => {
      for (const row of r.data ?? []) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        out.push({ ...row, direction: walks[i]!.direction });
      }
    });
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the answers' identities are what changes
  }, [loaded, ...results.map((r) => r.data)]);
  const items = React.useMemo(
    () =>
      all?.filter(
        (i) =>
          (!values.type || i.type === values.type) &&
          (!values.health || i.health === values.health) &&
          (!values.status || i.status === values.status),
      ),
    [all, values.type, values.health, values.status],
  );
  const types = React.useMemo(
    () => [...new Set((all ?? []).map((i) => i.type).filter((t): t is string => Boolean(t)))].sort(),
    [all],
  );
  const statuses = React.useMemo(
    () => [...new Set((all ?? []).map((i) => i.status).filter((t): t is string => Boolean(t)))].sort(),
    [all],
  );
  const query = {
    data: items,
    error: failed?.error,
    isError: Boolean(failed),
    refetch: () => results.forEach((r) => void r.refetch()),
  };

  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      <ListToolbar label="Relationship filters">
        <div role="group" aria-label="View" className="flex gap-1">
          {(['graph', 'table'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={values.view === v}
              onClick={() => update({ view: v })}
              className={`rounded-md border border-border px-3 py-1.5 text-sm ${values.view === v ? 'bg-muted font-medium' : 'text-muted-foreground'}`}
            >
              {v === 'graph' ? 'Graph' : 'Table'}
            </button>
          ))}
        </div>
        <FilterSelect
          label="Direction"
          value={values.direction === 'all' ? '' : values.direction}
          allLabel="Incoming and outgoing"
          options={[
            { value: 'incoming', label: 'Incoming' },
            { value: 'outgoing', label: 'Outgoing' },
          ]}
          onChange={(direction) =>
            update({ direction: (direction || 'all') as RelationshipsSearch['direction'] })
          }
        />
        <FilterSelect
          label="Relations"
          value={values.relation === 'both' ? '' : values.relation}
          allLabel="Hard and soft"
          options={[{ value: 'hard', label: 'Hard only' }]}
          onChange={(relation) =>
            update({ relation: (relation || 'both') as RelationshipsSearch['relation'] })
          }
        />
        <FilterSelect
          label="Type"
          value={values.type}
          options={valueOptions(types)}
          onChange={(type) => update({ type: type || null })}
        />
        <FilterSelect
          label="Health"
          value={values.health}
          options={valueOptions(HEALTH_VALUES)}
          onChange={(health) => update({ health: (health || null) as RelationshipsSearch['health'] })}
        />
        <FilterSelect
          label="Status"
          value={values.status}
          options={valueOptions(statuses)}
          onChange={(status) => update({ status: status || null })}
        />
      </ListToolbar>
      <QueryState
        query={query}
        empty="No related configs found"
        errorTitle="The relationships could not be loaded"
      >
        {(rows) =>
          values.view === 'graph' ? (
            <RelationshipGraph root={root} items={rows} />
          ) : (
            <RelationshipsTable configId={root.id} rows={rows} />
          )
        }
      </QueryState>
    </div>
  );
}
