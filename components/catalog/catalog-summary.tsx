'use client';

import { PagedList } from '@/components/list/paged-list';
import { useQuery } from '@tanstack/react-query';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { treeListFeatures } from '@/components/data-table/features/tree';
import { urlRowLinks } from '@/components/data-table/url-row-links';
import { CountBadge, HealthSplit } from '@/components/catalog/catalog-cells';
import { ConfigName } from '@/components/catalog/config-name';
import { formatCost } from '@/lib/catalog/format';
import { groupSummary, type SummaryRow } from '@/lib/catalog/summary';
import { catalogQueries } from '@/lib/catalog/queries';
import { catalogSummaryRequest } from '@/lib/catalog/requests';
import { catalogSearch } from '@/lib/catalog/search';
import { useUrlState } from '@/lib/search-params/use-url-state';

const summaryColumns: DataTableColumnDef<typeof treeListFeatures, SummaryRow>[] = [
  {
    id: 'name',
    header: 'Type',
    accessorFn: (row) => row.name,
    cell: ({ row }) =>
      row.original.kind === 'type' ? (
        <ConfigName name={row.original.name} type={row.original.type} />
      ) : (
        <span className="font-medium">{row.original.name}</span>
      ),
  },
  { id: 'count', header: 'Count', accessorFn: (row) => row.totals.count, meta: { align: 'end' } },
  {
    id: 'health',
    header: 'Health',
    accessorFn: (row) => row.totals.health.unhealthy ?? 0,
    cell: ({ row }) => <HealthSplit health={row.original.totals.health} />,
    meta: { label: 'Health', csv: (r) => JSON.stringify((r as SummaryRow).totals.health) },
  },
  {
    id: 'analysis',
    header: 'Insights',
    accessorFn: (row) => row.totals.analysis,
    cell: ({ row }) => <CountBadge count={row.original.totals.analysis} label="insights" tone="warning" />,
  },
  {
    id: 'changes',
    header: 'Changes',
    accessorFn: (row) => row.totals.changes,
    cell: ({ row }) => <CountBadge count={row.original.totals.changes} label="changes" />,
  },
  {
    id: 'cost',
    header: 'Cost (30d)',
    accessorFn: (row) => formatCost(row.totals.cost30d),
    meta: { align: 'end' },
  },
];

/** /catalog's summary mode: config types grouped by class, with counts, health, insights, changes and cost. */
export function CatalogSummary({ showDeleted }: { showDeleted: boolean }) {
  const urlState = useUrlState(catalogSearch);
  const [values] = urlState;
  const typeLinks = urlRowLinks(urlState, (row: SummaryRow) => ({
    configType: row.kind === 'type' ? row.type : null,
  }));
  const query = useQuery({
    ...catalogQueries.summary(catalogSummaryRequest(values, showDeleted)),
    select: groupSummary,
  });
  return (
    <PagedList
      features={treeListFeatures}
      query={query}
      empty="No config items found"
      errorTitle="The catalog summary could not be loaded"
      aria-label="Config types"
      columns={summaryColumns}
      getRowId={(row) => row.id}
      getSubRows={(row) => (row.kind === 'class' ? row.children : undefined)}
      manualSorting
      enableSorting={false}
      expandAll
      // A type's row shows its items (the list mode of the same page); a class's row only groups.
      rowHref={(row) => (row.kind === 'type' ? typeLinks.rowHref(row) : undefined)}
      onRowOpen={typeLinks.onRowOpen}
      tableClassName="min-w-[44rem]"
      exportName="Catalog summary"
    />
  );
}
