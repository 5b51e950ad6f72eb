'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumnDef } from '@/components/data-table/data-table';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { FilterSelect, UrlFilterSelect } from '@/components/list/filter-select';
import { ListToolbar } from '@/components/list/list-toolbar';
import { UrlSearchBox } from '@/components/list/search-box';
import { usePreferences } from '@/components/shell/preferences-provider';
import { QueryState } from '@/components/list/query-state';
import { UrlTimeRangePicker } from '@/components/widgets/url-time-range-picker';
import { Age } from '@/components/widgets/age';
import { LinkIncidentButton, useIncidentLinker } from '@/components/incidents';
import { ColumnWidthScope, ResizableHeader } from '@/components/data-table/column-resizer';
import type { LogLine } from '@/lib/logs/endpoints';
import { logQueries, logSearchRequest, LOG_LINE_LIMIT } from '@/lib/logs/queries';
import { columnWidthStore } from '@/components/data-table/column-widths';
import { logEvidence } from '@/lib/logs/log-evidence';
import { logsSearch } from '@/lib/logs/search';
import { useUrlState } from '@/lib/search-params/use-url-state';

// The component's path loads after the first paint: it pulls the topology queries and tree code (~3 kB), which
// the results do not need; the picker names the component meanwhile.
const LogComponentBreadcrumb = dynamic(
  () => import('@/components/logs/log-component-breadcrumb').then((m) => m.LogComponentBreadcrumb),
  { ssr: false, loading: () => <div aria-hidden className="h-5" /> },
);

// Stable across renders: a new getRowId rebuilds the table's rows and remounts its cells.
const logRowId = (row: LogLine, index: number) => `${row.timestamp ?? ''}:${index}`;

export const NO_LOGS_MESSAGE = 'There are no logs matching the search query';

function labelText(labels: LogLine['labels']): string {
  return Object.entries(labels ?? {})
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
}

/** The results' column widths, remembered in this browser (localStorage) across visits and components. */
const widthStore = columnWidthStore('logsTableColumnSizes', { timestamp: 200, message: 640, labels: 360 });

// Literal classes (Tailwind reads the source): each column's width is the variable the table's wrapper sets.
const WIDTH = {
  timestamp: 'w-[var(--col-timestamp)]',
  message: 'w-[var(--col-message)]',
  labels: 'w-[var(--col-labels)]',
} as const;

function useColumns(
  component: { id: string; name: string } | null,
): DataTableColumnDef<typeof pagedListFeatures, LogLine>[] {
  const { preferences } = usePreferences();
  const linker = useIncidentLinker();
  return React.useMemo(
    () => [
      {
        id: 'timestamp',
        header: () => <ResizableHeader id="timestamp" title="Timestamp" store={widthStore} />,
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
        meta: {
          label: 'Timestamp',
          headerClassName: WIDTH.timestamp,
          className: 'overflow-hidden text-ellipsis',
        },
      },
      {
        id: 'message',
        header: () => <ResizableHeader id="message" title="Message" store={widthStore} />,
        enableSorting: false,
        accessorFn: (row) => row.message ?? '',
        cell: ({ row }) => (
          <span className="font-mono text-xs break-all whitespace-pre-wrap">{row.original.message}</span>
        ),
        meta: { label: 'Message', headerClassName: WIDTH.message, className: 'whitespace-normal' },
      },
      {
        id: 'labels',
        header: () => <ResizableHeader id="labels" title="Labels" store={widthStore} />,
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
        meta: { label: 'Labels', headerClassName: WIDTH.labels, className: 'whitespace-normal' },
      },
      // Attaching a line to an incident (issue 17's dialog), for those who may link; the dialog loads on click.
      ...(linker && component
        ? [
            {
              id: 'incident',
              header: () => <span className="sr-only">Incident</span>,
              enableSorting: false,
              accessorFn: () => '',
              cell: ({ row }) => (
                <LinkIncidentButton
                  target={logEvidence(row.original, component.id)}
                  name={`a log line of ${component.name}`}
                  variant="ghost"
                  className="h-7"
                />
              ),
              meta: { label: 'Incident', headerClassName: 'w-40' },
            } satisfies DataTableColumnDef<typeof pagedListFeatures, LogLine>,
          ]
        : []),
    ],
    [preferences.datetimeFormat, preferences.timezone, linker, component],
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
  const search = useQuery({
    ...logQueries.search(request ?? { id: '', range: null }),
    enabled: request !== null,
  });
  const chosen = React.useMemo(
    () => (component.data ? { id: component.data.id, name: component.data.name ?? component.data.id } : null),
    [component.data],
  );
  const columns = useColumns(chosen);
  const componentOptions = (components.data ?? []).map((c) => ({ value: c.id, label: c.name ?? c.id }));
  const selectors = (component.data?.log_selectors ?? []).map((s) => ({ value: s.name, label: s.name }));

  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      {component.data && <LogComponentBreadcrumb component={component.data} />}
      <ListToolbar label="Log filters">
        <FilterSelect
          label="Component"
          value={values.topologyId}
          options={componentOptions}
          allLabel={components.isError ? 'The components could not be loaded' : 'Choose a component'}
          onChange={(id) => update({ topologyId: id || null, logsSelector: null }, { history: 'push' })}
        />
        {selectors.length > 0 && (
          <UrlFilterSelect
            label="Log selector"
            urlState={urlState}
            param="logsSelector"
            options={selectors}
            allLabel={`Default (${selectors[0]?.label})`}
          />
        )}
        <UrlSearchBox urlState={urlState} param="query" label="Search logs" placeholder="Search logs" />
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
            <ColumnWidthScope store={widthStore} className="flex flex-col gap-2">
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
                getRowId={logRowId}
                virtualize
                rowHeightRem={3}
                maxHeight="calc(100vh - 16rem)"
                tableClassName="table-fixed w-max min-w-full"
              />
            </ColumnWidthScope>
          )}
        </QueryState>
      )}
    </div>
  );
}
