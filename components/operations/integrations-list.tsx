'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlTable } from '@/components/data-table/use-url-table';
import { JobStatus } from '@/components/operations/job-status';
import { useAdminOnlyWrite } from '@/components/shell/use-backend-write';
import { PagedList } from '@/components/list/paged-list';
import { TimeCell, timeColumn } from '@/components/operations/cells';
import { PersonCell } from '@/components/widgets/person-cell';
import { Button } from '@/components/ui/button';
import type { Integration } from '@/lib/operations/endpoints';
import { integrationHref } from '@/lib/operations/href';
import { INTEGRATION_KINDS, isIntegrationKind, jobDetailsSummary } from '@/lib/operations/integration-types';
import { integrationsListParams, settingsAdminQueries } from '@/lib/operations/queries';
import { integrationsSearch } from '@/lib/operations/search';
import { useUrlState } from '@/lib/search-params/use-url-state';

const AddIntegrationDialog = dynamic(
  () => import('@/components/operations/add-integration-dialog').then((m) => m.AddIntegrationDialog),
  { ssr: false },
);

const kindLabel = (kind: string) => (isIntegrationKind(kind) ? INTEGRATION_KINDS[kind].label : kind);

const columns: DataTableColumnDef<typeof pagedListFeatures, Integration>[] = [
  { id: 'integration_type', header: 'Type', accessorFn: (row) => kindLabel(row.integration_type) },
  { id: 'name', header: 'Name', accessorFn: (row) => row.name ?? '', meta: { rowLink: true } },
  { id: 'source', header: 'Source', accessorFn: (row) => row.source ?? '' },
  {
    id: 'job_status',
    header: 'Job Status',
    accessorFn: (row) => row.job_status ?? '',
    cell: ({ row }) => {
      const details = jobDetailsSummary(row.original.job_details);
      return (
        <span className="inline-flex max-w-80 items-center gap-2">
          <JobStatus status={row.original.job_status} />
          {details && (
            <span className="truncate text-xs text-muted-foreground" title={details}>
              {details}
            </span>
          )}
        </span>
      );
    },
  },
  {
    id: 'last_runtime',
    header: 'Last Run',
    accessorFn: (row) => row.last_runtime ?? row.job_time_start ?? '',
    cell: ({ row }) => <TimeCell value={row.original.last_runtime ?? row.original.job_time_start} />,
  },
  {
    id: 'created_by',
    header: 'Created By',
    enableSorting: false,
    accessorFn: (row) => row.creator_name ?? '',
    cell: ({ row }) => (
      <PersonCell person={{ name: row.original.creator_name, avatar: row.original.creator_avatar }} />
    ),
  },
  timeColumn('created_at', 'Created At'),
  timeColumn('updated_at', 'Updated At'),
];

/** /settings/integrations: scrapers, topologies and log backends in one server-paged list, and the Add wizard. */
export function IntegrationsList({ serverPageSize }: { serverPageSize: number }) {
  const urlState = useUrlState(integrationsSearch);
  const [values] = urlState;
  const table = useUrlTable(urlState, { serverPageSize });
  const query = useQuery(
    settingsAdminQueries.integrations(integrationsListParams(values, table.pagination.pageSize)),
  );
  const canWrite = useAdminOnlyWrite('integrations');
  const [adding, setAdding] = React.useState(false);
  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      {canWrite && (
        <div className="flex justify-end">
          <Button onClick={() => setAdding(true)}>Add Integration</Button>
        </div>
      )}
      <PagedList
        features={pagedListFeatures}
        query={query}
        empty="No integrations found"
        errorTitle="The integrations could not be loaded"
        aria-label="Integrations"
        columns={columns}
        getRowId={(row) => `${row.integration_type}:${row.id}`}
        {...table}
        rowHref={canWrite ? (row) => integrationHref(row.integration_type, row.id) : undefined}
      />
      {adding && <AddIntegrationDialog onClose={() => setAdding(false)} />}
    </div>
  );
}
