'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { urlRowLinks } from '@/components/data-table/url-row-links';
import { useUrlSorting } from '@/components/data-table/use-url-sorting';
import { useAdminOnlyWrite } from '@/components/shell/use-backend-write';
import { PagedList } from '@/components/list/paged-list';
import { timeColumn } from '@/components/operations/cells';
import { PersonCell } from '@/components/widgets/person-cell';
import { Button } from '@/components/ui/button';
import { toastError } from '@/components/widgets/toast';
import { mergeFlags, settingsAdminQueries, sortFlags, type FeatureFlag } from '@/lib/operations/queries';
import { featureFlagsSearch } from '@/lib/operations/search';
import { useUrlState } from '@/lib/search-params/use-url-state';

const FeatureFlagDialog = dynamic(
  () => import('@/components/operations/feature-flag-dialog').then((m) => m.FeatureFlagDialog),
  { ssr: false },
);

/** Flags set in the server's properties file: shown, never edited from the console. */
export const LOCAL_FLAG_MESSAGE = 'Cannot edit local feature flags';

const columns: DataTableColumnDef<typeof pagedListFeatures, FeatureFlag>[] = [
  { id: 'name', header: 'Name', accessorFn: (row) => row.name },
  {
    id: 'description',
    header: 'Description',
    accessorFn: (row) => row.description ?? '',
    meta: { className: 'whitespace-normal' },
  },
  { id: 'value', header: 'Value', accessorFn: (row) => row.value },
  { id: 'source', header: 'Source', accessorFn: (row) => row.source ?? '' },
  {
    id: 'created_by',
    header: 'Created By',
    accessorFn: (row) => row.created_by?.name ?? '',
    cell: ({ row }) => <PersonCell person={row.original.created_by} />,
  },
  timeColumn('created_at', 'Created At'),
  timeColumn('updated_at', 'Updated At'),
];

/**
 * /settings/feature-flags: every flag the server knows (anyone signed in reads them); admins add, edit and delete
 * the stored ones (the backend allows no one else), local ones stay read-only.
 */
export function FeatureFlagsList() {
  const urlState = useUrlState(featureFlagsSearch);
  const [values, update] = urlState;
  const sorting = useUrlSorting(urlState);
  const canWrite = useAdminOnlyWrite('properties');
  const properties = useQuery(settingsAdminQueries.properties());
  // The audit columns live in the stored rows, which only admins may read.
  const rows = useQuery({ ...settingsAdminQueries.propertyRows(), enabled: canWrite });
  const { sortBy, sortOrder } = values;
  const flags = React.useMemo(
    () =>
      properties.data ? sortFlags(mergeFlags(properties.data, rows.data), { sortBy, sortOrder }) : undefined,
    [properties.data, rows.data, sortBy, sortOrder],
  );
  const [adding, setAdding] = React.useState(false);
  const named = values.name ? flags?.find((f) => f.name === values.name) : undefined;
  const editing = named?.source !== 'local' ? named : undefined;
  // A local flag's address (its row, or a reload) says why it does not open, then leaves the address.
  const local = canWrite && named?.source === 'local';
  React.useEffect(() => {
    if (!local) return;
    toastError(LOCAL_FLAG_MESSAGE);
    update({ name: null }, { history: 'replace' });
  }, [local, update]);
  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      {canWrite && (
        <div className="flex justify-end">
          <Button onClick={() => setAdding(true)}>Add Feature Flag</Button>
        </div>
      )}
      <PagedList
        features={pagedListFeatures}
        query={{ ...properties, data: flags }}
        empty="No feature flags found"
        errorTitle="The feature flags could not be loaded"
        aria-label="Feature Flags"
        columns={columns}
        getRowId={(row) => `${row.source ?? ''}:${row.name}`}
        {...sorting}
        manualSorting
        {...(canWrite ? urlRowLinks(urlState, (row: FeatureFlag) => ({ name: row.name })) : {})}
      />
      {adding && <FeatureFlagDialog onClose={() => setAdding(false)} />}
      {canWrite && editing && (
        <FeatureFlagDialog
          key={editing.name}
          flag={editing}
          onClose={() => update({ name: null }, { history: 'push' })}
        />
      )}
    </div>
  );
}
