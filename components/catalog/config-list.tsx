'use client';

import { PagedList } from '@/components/list/paged-list';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumnDef } from '@/components/data-table/data-table';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlColumns } from '@/components/data-table/use-url-columns';
import { useUrlTable } from '@/components/data-table/use-url-table';
import { ChangesInsightsBadges } from '@/components/catalog/catalog-cells';
import { configColumns } from '@/components/catalog/config-columns';
import { When } from '@/components/catalog/when';
import type { ConfigRow } from '@/lib/catalog/configs-endpoints';
import { formatCost } from '@/lib/catalog/format';
import { catalogQueries } from '@/lib/catalog/queries';
import { configListParams } from '@/lib/catalog/requests';
import { catalogItemHref } from '@/lib/catalog/href';
import { catalogSearch } from '@/lib/catalog/search';
import { useUrlState } from '@/lib/search-params/use-url-state';

type CostKey = 'cost_per_minute' | 'cost_total_1d' | 'cost_total_7d' | 'cost_total_30d';
/** A cost figure of the item: formatted and right-aligned. */
const costColumn = (
  id: CostKey,
  header: string,
): DataTableColumnDef<typeof pagedListFeatures, ConfigRow> => ({
  id,
  header,
  accessorFn: (row) => formatCost(row[id]),
  meta: { align: 'end' },
});

const base = configColumns<typeof pagedListFeatures, ConfigRow>();
const listColumns: DataTableColumnDef<typeof pagedListFeatures, ConfigRow>[] = [
  base.name,
  base.type,
  base.health,
  base.tags,
  {
    id: 'changes',
    header: 'Changes / Insights',
    enableSorting: false,
    accessorFn: (row) => row.changes ?? 0,
    cell: ({ row }) => (
      <ChangesInsightsBadges changes={row.original.changes} analysis={row.original.analysis} />
    ),
  },
  costColumn('cost_per_minute', 'Cost/min'),
  costColumn('cost_total_1d', 'Cost (1d)'),
  costColumn('cost_total_7d', 'Cost (7d)'),
  costColumn('cost_total_30d', 'Cost (30d)'),
  {
    id: 'created_at',
    header: 'Created',
    accessorFn: (row) => row.created_at ?? '',
    cell: ({ row }) => <When at={row.original.created_at} />,
  },
  {
    id: 'updated_at',
    header: 'Updated',
    accessorFn: (row) => row.deleted_at ?? row.updated_at ?? '',
    cell: ({ row }) =>
      row.original.deleted_at ? (
        <span className="text-destructive">
          Deleted <When at={row.original.deleted_at} />
        </span>
      ) : (
        <When at={row.original.updated_at} />
      ),
  },
  { id: 'agent', header: 'Agent', enableSorting: false, accessorFn: (row) => row.agent?.name ?? '' },
];

const HIDDEN_COLUMNS = { cost_per_minute: false, cost_total_1d: false, cost_total_7d: false };

/** /catalog's list mode: the server-paged items of a type or a search, sort and page in the URL. */
export function ConfigList({
  serverPageSize,
  showDeleted,
}: {
  serverPageSize: number;
  showDeleted: boolean;
}) {
  const urlState = useUrlState(catalogSearch);
  const [values] = urlState;
  const table = useUrlTable(urlState, { serverPageSize });
  const columns = useUrlColumns(urlState, HIDDEN_COLUMNS);
  const params = configListParams(values, table.pagination.pageSize, showDeleted);
  const query = useQuery(catalogQueries.list(params));
  const queryClient = useQueryClient();
  const fetchPage = (pageIndex: number, pageSize: number) =>
    queryClient.fetchQuery(catalogQueries.list({ ...params, pageIndex, pageSize }));
  return (
    <PagedList
      features={pagedListFeatures}
      query={query}
      empty="No config items found"
      errorTitle="The config items could not be loaded"
      aria-label={values.configType ? `${values.configType} items` : 'Config items'}
      columns={listColumns}
      getRowId={(row) => row.id}
      {...table}
      {...columns}
      rowHref={(row) => catalogItemHref(row.id)}
      getRowClassName={(row) => (row.deleted_at ? 'opacity-70' : undefined)}
      tableClassName="min-w-[64rem]"
      columnChooser
      exportName="Catalog"
      fetchPage={fetchPage}
    />
  );
}
