'use client';

import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlTable } from '@/components/data-table/use-url-table';
import { PagedList } from '@/components/list/paged-list';
import { When } from '@/components/catalog/when';
import { StatusDot } from '@/components/widgets/status-dot';
import type { PlaybookRun } from '@/lib/playbooks';
import { formatDuration } from '@/lib/format/duration';
import { playbookQueries, playbookRunHref, playbookRunsOf } from '@/lib/playbooks';
import { configRunsSearch } from '@/lib/catalog/view-search';
import { useUrlState } from '@/lib/search-params/use-url-state';

const RUN_DOT: Record<string, string> = {
  completed: 'healthy',
  failed: 'unhealthy',
  timed_out: 'unhealthy',
  cancelled: 'unknown',
};

const columns: DataTableColumnDef<typeof pagedListFeatures, PlaybookRun>[] = [
  {
    id: 'playbook',
    header: 'Playbook',
    accessorFn: (row) => row.playbooks?.title || row.playbooks?.name || '',
    cell: ({ row }) => (
      <Link href={playbookRunHref(row.original.id)} className="hover:underline">
        {row.original.playbooks?.title || row.original.playbooks?.name || row.original.id}
      </Link>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (row) => row.status ?? '',
    cell: ({ row }) => (
      <span className="flex items-center gap-1.5">
        <StatusDot status={RUN_DOT[row.original.status ?? ''] ?? 'warning'} label="" />
        {row.original.status}
      </span>
    ),
  },
  {
    id: 'created_at',
    header: 'Started',
    accessorFn: (row) => row.start_time ?? row.created_at ?? '',
    cell: ({ row }) => <When at={row.original.start_time ?? row.original.created_at} />,
  },
  {
    id: 'duration',
    header: 'Duration',
    accessorFn: (row) =>
      row.start_time && row.end_time
        ? formatDuration(Date.parse(row.end_time) - Date.parse(row.start_time))
        : '',
  },
];

/** The Playbooks tab: runs of playbooks on this item, newest first, server-paged. */
export function ConfigPlaybookRuns({
  configId,
  serverPageSize,
}: {
  configId: string;
  serverPageSize: number;
}) {
  const urlState = useUrlState(configRunsSearch);
  const table = useUrlTable(urlState, { serverPageSize });
  const query = useQuery(
    playbookQueries.runs(playbookRunsOf({ configId }, table.pagination.pageIndex, table.pagination.pageSize)),
  );
  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      <PagedList
        features={pagedListFeatures}
        query={query}
        empty="No playbook runs for this item"
        errorTitle="The playbook runs could not be loaded"
        aria-label="Playbook runs"
        columns={columns}
        getRowId={(row) => row.id}
        pagination={table.pagination}
        onPaginationChange={table.onPaginationChange}
        serverPageSize={serverPageSize}
        enableSorting={false}
        tableClassName="min-w-[36rem]"
      />
    </div>
  );
}
