'use client';

import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumnDef } from '@/components/data-table/data-table';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { FilterSelect } from '@/components/list/filter-select';
import { ListToolbar } from '@/components/list/list-toolbar';
import { SearchBox } from '@/components/list/search-box';
import { usePreferences } from '@/components/providers/preferences-provider';
import { QueryState } from '@/components/query-state/query-state';
import { UrlTimeRangePicker } from '@/components/time-range/url-time-range-picker';
import { ComponentBreadcrumbs } from '@/components/topology/component-breadcrumbs';
import { Age } from '@/components/ui/age';
import type { LogComponent, LogLine } from '@/lib/backend/endpoints/logs';
import { logQueries, logSearchRequest, LOG_LINE_LIMIT } from '@/lib/queries/logs';
import { topologyQueries } from '@/lib/queries/topology';
import { logsSearch } from '@/lib/search-params/logs';
import { useUrlState } from '@/lib/search-params/use-url-state';
import { ancestorIds } from '@/lib/topology/tree';

export const NO_LOGS_MESSAGE = 'There are no logs matching the search query';

function labelText(labels: LogLine['labels']): string {
  return Object.entries(labels ?? {})
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
}

function useColumns(): DataTableColumnDef<typeof pagedListFeatures, LogLine>[] {
  const { preferences } = usePreferences();
  return React.useMemo(
    () => [
      {
        id: 'timestamp',
        header: 'Timestamp',
        enableSorting: false,
        accessorFn: (row) => row.timestamp ?? '',
        cell: ({ row }) => (
          <Age
            from={row.original.timestamp}
            mode="absolute"
            format={preferences.datetimeFormat}
            timezone={preferences.timezone}
            className="font-mono text-xs"
          />
        ),
      },
      {
        id: 'message',
        header: 'Message',
        enableSorting: false,
        accessorFn: (row) => row.message ?? '',
        cell: ({ row }) => (
          <span className="font-mono text-xs break-all whitespace-pre-wrap">{row.original.message}</span>
        ),
        meta: { className: 'whitespace-normal min-w-96' },
      },
      {
        id: 'labels',
        header: 'Labels',
        enableSorting: false,
        accessorFn: (row) => labelText(row.labels),
        cell: ({ row }) => (
          <ul className="flex flex-wrap gap-1">
            {Object.entries(row.original.labels ?? {}).map(([k, v]) => (
              <li key={k} className="rounded bg-muted px-1 font-mono text-[11px]">
                {k}={String(v)}
              </li>
            ))}
          </ul>
        ),
        meta: { className: 'whitespace-normal' },
      },
    ],
    [preferences.datetimeFormat, preferences.timezone],
  );
}

function Breadcrumb({ component }: { component: LogComponent }) {
  const ids = ancestorIds({
    id: component.id,
    path: component.path ?? null,
    parent_id: component.parent_id ?? null,
  });
  const names = useQuery({ ...topologyQueries.names(ids), enabled: ids.length > 0 });
  const byId = new Map((names.data ?? []).map((n) => [n.id, n]));
  const ancestors = ids.flatMap((id) => {
    const hit = byId.get(id);
    return hit ? [hit] : [];
  });
  return (
    <ComponentBreadcrumbs
      ancestors={ancestors}
      current={{ name: component.name ?? component.id, icon: component.icon, type: component.type }}
    />
  );
}

/** /logs: a component's log lines for a query and time range, newest first (admin-only at the backend). */
export function LogsScreen() {
  const urlState = useUrlState(logsSearch);
  const [values, update] = urlState;
  const components = useQuery(logQueries.components());
  const component = useQuery({
    ...logQueries.component(values.topologyId ?? ''),
    enabled: Boolean(values.topologyId),
  });
  const request = logSearchRequest(values, values.logsSelector ?? '');
  const search = useQuery({ ...logQueries.search(request ?? { id: '' }), enabled: request !== null });
  const columns = useColumns();
  const componentOptions = (components.data ?? []).map((c) => ({ value: c.id, label: c.name ?? c.id }));
  const selectors = (component.data?.log_selectors ?? []).map((s) => ({ value: s.name, label: s.name }));

  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      {component.data && <Breadcrumb component={component.data} />}
      <ListToolbar label="Log filters">
        <FilterSelect
          label="Component"
          value={values.topologyId}
          options={componentOptions}
          allLabel={components.isError ? 'The components could not be loaded' : 'Choose a component'}
          onChange={(id) => update({ topologyId: id || null, logsSelector: null }, { history: 'push' })}
        />
        {selectors.length > 0 && (
          <FilterSelect
            label="Log selector"
            value={values.logsSelector}
            options={selectors}
            allLabel={`Default (${selectors[0]?.label})`}
            onChange={(name) => update({ logsSelector: name || null })}
          />
        )}
        <SearchBox
          value={values.query}
          onChange={(query) => update({ query })}
          label="Search logs"
          placeholder="Search logs"
        />
        <UrlTimeRangePicker urlState={urlState} showFuture={false} placeholder="Last 1 hour" />
      </ListToolbar>
      {request === null ? (
        <p className="p-4 text-sm text-muted-foreground">Choose a component to see its logs.</p>
      ) : (
        <QueryState
          query={search}
          empty={NO_LOGS_MESSAGE}
          errorTitle="The logs could not be loaded"
          compact
          isEmpty={(result) => result.results.length === 0}
        >
          {(result) => (
            <div className="flex flex-col gap-2">
              <p className="text-xs text-muted-foreground" aria-live="polite">
                {result.total !== null && result.total !== undefined && result.total > result.results.length
                  ? `Showing the newest ${result.results.length.toLocaleString()} of ${result.total.toLocaleString()} lines`
                  : `${result.results.length.toLocaleString()} lines`}
                {result.results.length >= LOG_LINE_LIMIT
                  ? ' (narrow the time range or the query to see older ones)'
                  : ''}
              </p>
              <DataTable
                features={pagedListFeatures}
                aria-label="Logs"
                columns={columns}
                data={result.results}
                getRowId={(row, index) => `${row.timestamp ?? ''}:${index}`}
                virtualize
                rowHeight={48}
                maxHeight="calc(100vh - 16rem)"
              />
            </div>
          )}
        </QueryState>
      )}
    </div>
  );
}
