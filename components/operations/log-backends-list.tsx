'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { urlRowLinks } from '@/components/data-table/url-row-links';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useBackendSortedList } from '@/components/operations/use-backend-sorted-list';
import { useAdminOnlyWrite } from '@/components/shell/use-backend-write';
import { PagedList } from '@/components/list/paged-list';
import { timeColumn } from '@/components/operations/cells';
import { PersonCell } from '@/components/widgets/person-cell';
import { Button } from '@/components/ui/button';
import type { LogBackend } from '@/lib/operations/endpoints';
import { settingsAdminQueries } from '@/lib/operations/queries';
import { logBackendsSearch } from '@/lib/operations/search';

const LogBackendDialog = dynamic(
  () => import('@/components/operations/log-backend-dialog').then((m) => m.LogBackendDialog),
  { ssr: false },
);

const columns: DataTableColumnDef<typeof pagedListFeatures, LogBackend>[] = [
  { id: 'name', header: 'Name', accessorFn: (row) => row.name },
  { id: 'source', header: 'Source', accessorFn: (row) => row.source ?? '' },
  {
    id: 'created_by',
    header: 'Created By',
    enableSorting: false,
    accessorFn: (row) => row.created_by?.name ?? '',
    cell: ({ row }) => <PersonCell person={row.original.created_by} />,
  },
  timeColumn('created_at', 'Created At'),
  timeColumn('updated_at', 'Updated At'),
];

/** /settings/log-backends: the backends, Add and edit with the log-backend form (admin: the backend allows no one else). */
export function LogBackendsList() {
  const { urlState, query, sortProps } = useBackendSortedList(
    logBackendsSearch,
    settingsAdminQueries.logBackends,
  );
  const [values, update] = urlState;
  const canWrite = useAdminOnlyWrite('logging_backends');
  const [adding, setAdding] = React.useState(false);
  const editing = values.id ? query.data?.find((b) => b.id === values.id) : undefined;
  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      {canWrite && (
        <div className="flex justify-end">
          <Button onClick={() => setAdding(true)}>Add Log Backend</Button>
        </div>
      )}
      <PagedList
        features={pagedListFeatures}
        query={query}
        empty="No log backends found"
        errorTitle="The log backends could not be loaded"
        aria-label="Log Backends"
        columns={columns}
        getRowId={(row) => row.id}
        {...sortProps}
        {...(canWrite ? urlRowLinks(urlState, (row: LogBackend) => ({ id: row.id })) : {})}
      />
      {adding && <LogBackendDialog onClose={() => setAdding(false)} />}
      {values.id && canWrite && (
        <LogBackendDialog
          id={values.id}
          record={editing}
          onClose={() => update({ id: null }, { history: 'push' })}
        />
      )}
    </div>
  );
}
