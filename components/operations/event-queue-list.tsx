'use client';

import dynamic from 'next/dynamic';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { urlRowLinks } from '@/components/data-table/url-row-links';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useBackendSortedList } from '@/components/operations/use-backend-sorted-list';
import { PagedList } from '@/components/list/paged-list';
import { timeColumn } from '@/components/operations/cells';
import type { EventQueueItem } from '@/lib/operations/endpoints';
import { settingsAdminQueries } from '@/lib/operations/queries';
import { eventQueueSearch } from '@/lib/operations/search';

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
  const { urlState, query, sortProps } = useBackendSortedList(
    eventQueueSearch,
    settingsAdminQueries.eventQueue,
  );
  const [values, update] = urlState;
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
        {...sortProps}
        {...urlRowLinks(urlState, (row: EventQueueItem) => ({ name: row.name }))}
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
