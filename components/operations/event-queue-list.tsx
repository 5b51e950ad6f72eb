'use client';

import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlSorting } from '@/components/data-table/use-url-sorting';
import { PagedList } from '@/components/list/paged-list';
import { timeColumn } from '@/components/operations/cells';
import type { EventQueueItem } from '@/lib/operations/endpoints';
import { listSortOf, settingsAdminQueries } from '@/lib/operations/queries';
import { eventQueueSearch } from '@/lib/operations/search';
import { useUrlState } from '@/lib/search-params/use-url-state';

const EventQueueDetails = dynamic(
  () => import('@/components/operations/event-queue-details').then((m) => m.EventQueueDetails),
  { ssr: false },
);

const number = (v: number | string | null | undefined) =>
  v === null || v === undefined || v === '' ? null : Number(v);

const columns: DataTableColumnDef<typeof pagedListFeatures, EventQueueItem>[] = [
  { id: 'name', header: 'Name', accessorFn: (row) => row.name },
  { id: 'pending', header: 'Pending Count', accessorFn: (row) => row.pending ?? 0, meta: { align: 'end' } },
  { id: 'failed', header: 'Error Count', accessorFn: (row) => row.failed ?? 0, meta: { align: 'end' } },
  {
    id: 'average_attempts',
    header: 'Average Attempts',
    accessorFn: (row) => number(row.average_attempts),
    cell: ({ row }) => number(row.original.average_attempts)?.toFixed(1) ?? '',
    meta: { align: 'end' },
  },
  timeColumn('first_failure', 'First Failed At'),
  timeColumn('last_failure', 'Last Failed At'),
];

/** /settings/event-queue-status: pending and failed events per name, newest failure first; a row opens its details. */
export function EventQueueList() {
  const urlState = useUrlState(eventQueueSearch);
  const [values, update] = urlState;
  // The backend sorts (the column headers write the sort into the URL): no sorting code in the page's first load.
  const { sorting, onSortingChange } = useUrlSorting(urlState);
  const query = useQuery(settingsAdminQueries.eventQueue(listSortOf(values)));
  const open = values.name ? query.data?.find((e) => e.name === values.name) : undefined;
  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      <PagedList
        features={pagedListFeatures}
        query={query}
        empty="The event queue is empty"
        errorTitle="The event queue could not be loaded"
        aria-label="Event Queue"
        columns={columns}
        getRowId={(row) => row.name}
        sorting={sorting}
        onSortingChange={onSortingChange}
        manualSorting
        onRowClick={(row) => update({ name: row.name }, { history: 'push' })}
      />
      {values.name && query.data && (
        <EventQueueDetails
          name={values.name}
          item={open}
          onClose={() => update({ name: null }, { history: 'push' })}
        />
      )}
    </div>
  );
}
