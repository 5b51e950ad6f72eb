'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { urlRowLinks } from '@/components/data-table/url-row-links';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlTable } from '@/components/data-table/use-url-table';
import { PagedList } from '@/components/list/paged-list';
import { When } from '@/components/catalog/when';
import { StatusDot } from '@/components/widgets/status-dot';
import type { ConfigCheck } from '@/lib/catalog/configs-endpoints';
import { catalogKeys } from '@/lib/catalog/keys';
import { catalogQueries } from '@/lib/catalog/queries';
import { configChecksParams } from '@/lib/catalog/view-requests';
import { configChecksSearch } from '@/lib/catalog/view-search';
import { useUrlState } from '@/lib/search-params/use-url-state';
import { LazyCheckPanel } from '@/components/health';

const columns: DataTableColumnDef<typeof pagedListFeatures, ConfigCheck>[] = [
  {
    id: 'name',
    header: 'Check',
    accessorFn: (row) => row.name ?? '',
    cell: ({ row }) => (
      <span className="flex items-center gap-2">
        <StatusDot status={row.original.status ?? 'unknown'} label={row.original.status ?? 'unknown'} />
        {row.original.name}
      </span>
    ),
  },
  { id: 'canary_name', header: 'Canary', accessorFn: (row) => row.canary_name ?? '' },
  { id: 'type', header: 'Type', accessorFn: (row) => row.type ?? '' },
  { id: 'severity', header: 'Severity', accessorFn: (row) => row.severity ?? '' },
  {
    id: 'last_runtime',
    header: 'Last run',
    accessorFn: (row) => row.last_runtime ?? '',
    cell: ({ row }) => <When at={row.original.last_runtime} />,
  },
];

/**
 * The Checks tab (check_summary_for_config), sorted and paged on the server like every catalog list: a row opens
 * the health screen's check panel.
 */
export function ConfigChecks({
  configId,
  serverPageSize,
  canRunChecks,
}: {
  configId: string;
  serverPageSize: number;
  canRunChecks: boolean;
}) {
  const urlState = useUrlState(configChecksSearch);
  const [values, update] = urlState;
  const table = useUrlTable(urlState, { serverPageSize });
  const query = useQuery(
    catalogQueries.checks(configChecksParams(configId, values, table.pagination.pageSize)),
  );
  const queryClient = useQueryClient();
  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      <PagedList
        features={pagedListFeatures}
        query={query}
        empty="No checks are linked to this item"
        errorTitle="The checks could not be loaded"
        aria-label="Checks"
        columns={columns}
        getRowId={(row) => row.id}
        {...table}
        {...urlRowLinks(urlState, (row: ConfigCheck) => ({ checkId: row.id, timeRange: '1h' as const }))}
        tableClassName="min-w-[40rem]"
      />
      {values.checkId && (
        <LazyCheckPanel
          checkId={values.checkId}
          timeRange={values.timeRange}
          onTimeRangeChange={(timeRange) => update({ timeRange })}
          onClose={() => update({ checkId: null, timeRange: null }, { history: 'push' })}
          canRunChecks={canRunChecks}
          standalone={false}
          onCheckRan={() => void queryClient.invalidateQueries({ queryKey: catalogKeys.checks(configId) })}
        />
      )}
    </div>
  );
}
