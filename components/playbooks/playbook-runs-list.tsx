'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlTable } from '@/components/data-table/use-url-table';
import { UrlFilterSelect } from '@/components/list/filter-select';
import { ListToolbar } from '@/components/list/list-toolbar';
import { UrlRefreshControls } from '@/components/list/refresh-controls';
import { PagedList } from '@/components/list/paged-list';
import type { UrlTimeRangePicker as UrlTimeRangePickerType } from '@/components/widgets/url-time-range-picker';
import { Age } from '@/components/widgets/age';
import {
  RunResourceLink,
  RunStatusBadge,
  resourceOfRun,
  runStatusLabel,
} from '@/components/playbooks/playbook-cells';
import type { PlaybookRun } from '@/lib/playbooks/endpoints';
import { formatDuration } from '@/lib/format/duration';
import { refreshRateToMs } from '@/lib/format/refresh-rate';
import { usePollingUnlessLive } from '@/lib/live';
import { playbookRunHref } from '@/lib/playbooks/href';
import { RUN_STATUSES, runDurationMs } from '@/lib/playbooks/run-status';
import { playbookRunsQuery } from '@/lib/playbooks/runs-queries';
import { playbookQueries } from '@/lib/playbooks/queries';
import { playbookRunsSearch } from '@/lib/playbooks/search';
import { useUrlState } from '@/lib/search-params/use-url-state';

// The picker's popover loads after the first paint (the list's budget); the placeholder keeps its place and label.
const UrlTimeRangePicker = dynamic(
  () => import('@/components/widgets/url-time-range-picker').then((m) => m.UrlTimeRangePicker),
  {
    ssr: false,
    loading: () => <div aria-hidden className="h-9 w-28 rounded-md border border-border" />,
  },
) as typeof UrlTimeRangePickerType;

// The playbook's icon is decoration: its table of lucide icons (~1.5 kB) loads after the first paint.
const PlaybookIcon = dynamic(
  () => import('@/components/playbooks/playbook-icon').then((m) => m.PlaybookIcon),
  {
    ssr: false,
    loading: () => <span aria-hidden className="size-4 shrink-0" />,
  },
);

const STATUSES = RUN_STATUSES.map((value) => ({ value, label: runStatusLabel(value) }));

const playbookTitle = (run: PlaybookRun) =>
  run.playbooks?.title || run.playbooks?.name || run.playbook_id || '';

const columns: DataTableColumnDef<typeof pagedListFeatures, PlaybookRun>[] = [
  {
    id: 'playbook',
    header: 'Playbook',
    enableSorting: false,
    accessorFn: playbookTitle,
    cell: ({ row }) => (
      <span className="flex items-center gap-2">
        <PlaybookIcon icon={row.original.playbooks?.icon} />
        {playbookTitle(row.original)}
      </span>
    ),
  },
  {
    id: 'resource',
    header: 'Resource',
    enableSorting: false,
    accessorFn: (row) => {
      const resource = resourceOfRun(row);
      return resource?.name ?? resource?.id ?? '';
    },
    cell: ({ row }) => <RunResourceLink run={row.original} />,
    meta: { truncate: true },
  },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (row) => row.status ?? '',
    cell: ({ row }) => <RunStatusBadge status={row.original.status} />,
  },
  {
    id: 'start_time',
    header: 'Start',
    accessorFn: (row) => row.start_time ?? '',
    cell: ({ row }) => <Age from={row.original.start_time} />,
  },
  {
    id: 'duration',
    header: 'Duration',
    enableSorting: false,
    accessorFn: (row) => formatDuration(runDurationMs(row)),
    cell: ({ row }) => <span suppressHydrationWarning>{formatDuration(runDurationMs(row.original))}</span>,
  },
  {
    id: 'created_at',
    header: 'Created At',
    accessorFn: (row) => row.created_at ?? '',
    cell: ({ row }) => <Age from={row.original.created_at} />,
  },
  {
    id: 'created_by',
    header: 'Created By',
    enableSorting: false,
    accessorFn: (row) => row.created_by?.name ?? '',
  },
];

/**
 * /playbooks/runs: top-level runs, paged, filtered and sorted by the backend; a row opens the run page. With
 * `playbookId` (a playbook's page, /playbooks/{id}) the list is that playbook's runs: the playbook filter is fixed
 * and not shown, the other filters, sort and page stay in the page's URL.
 */
export function PlaybookRunsList({
  serverPageSize,
  playbookId,
}: {
  serverPageSize: number;
  playbookId?: string;
}) {
  const urlState = useUrlState(playbookRunsSearch);
  const [urlValues] = urlState;
  const values = playbookId ? { ...urlValues, playbook: playbookId } : urlValues;
  const table = useUrlTable(urlState, { serverPageSize });
  const runsQuery = playbookRunsQuery(values, table.pagination.pageSize);
  const query = useQuery({
    ...playbookQueries.runs(runsQuery),
    refetchInterval: usePollingUnlessLive(refreshRateToMs(values.refresh)),
  });
  const playbooks = useQuery({ ...playbookQueries.list(), enabled: !playbookId });
  const playbookOptions = React.useMemo(
    () => (playbooks.data ?? []).map((p) => ({ value: p.id, label: p.title || p.name })),
    [playbooks.data],
  );

  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      <ListToolbar label="Playbook runs">
        {!playbookId && (
          <UrlFilterSelect label="Playbook" urlState={urlState} param="playbook" options={playbookOptions} />
        )}
        <UrlFilterSelect label="Status" urlState={urlState} param="status" options={STATUSES} />
        <UrlTimeRangePicker urlState={urlState} showFuture={false} />
        <UrlRefreshControls urlState={urlState} query={query} />
      </ListToolbar>
      <PagedList
        features={pagedListFeatures}
        query={query}
        empty="No playbook runs found"
        errorTitle="The playbook runs could not be loaded"
        aria-label="Playbook runs"
        columns={columns}
        getRowId={(row) => row.id}
        {...table}
        rowHref={(row) => playbookRunHref(row.id)}
      />
    </div>
  );
}
