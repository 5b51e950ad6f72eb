'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataTableColumnDef } from '@/components/data-table/data-table';
import { DataTableExport } from '@/components/data-table/data-table-export';
import { DataTableViewOptions } from '@/components/data-table/data-table-view-options';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { treeListFeatures } from '@/components/data-table/features/tree';
import { useUrlTable } from '@/components/data-table/use-url-table';
import {
  ConfigName,
  ChangesInsightsBadges,
  CountBadge,
  HealthCell,
  HealthSplit,
} from '@/components/catalog/catalog-cells';
import { FilterSelect, valueOptions } from '@/components/list/filter-select';
import { LabelFilter } from '@/components/list/label-filter';
import { ListToolbar } from '@/components/list/list-toolbar';
import { ListWithFilters } from '@/components/list/list-with-filters';
import { SearchBox } from '@/components/list/search-box';
import { usePreferences } from '@/components/providers/preferences-provider';
import { QueryState } from '@/components/query-state/query-state';
import { When } from '@/components/catalog/when';
import { Button } from '@/components/ui/button';
import { TagList } from '@/components/ui/tag-list';
import type { ConfigRow } from '@/lib/backend/endpoints/configs';
import { HEALTH_VALUES } from '@/lib/catalog/constants';
import { formatCost } from '@/lib/catalog/format';
import { groupSummary, type SummaryRow } from '@/lib/catalog/summary';
import { labelOptionsOf } from '@/lib/filters';
import { catalogQueries, catalogSummaryRequest, configListParams } from '@/lib/queries/catalog';
import { catalogItemHref, catalogSearch, isListMode, type CatalogSearch } from '@/lib/search-params/catalog';
import { useUrlState } from '@/lib/search-params/use-url-state';

const HEALTH_OPTIONS = valueOptions(HEALTH_VALUES);

/**
 * /catalog: the summary of config types grouped by class (no type chosen, no search), or the server-paged list of a
 * type or a search. Filters, search, sort and page live in the URL; every filter also narrows the summary.
 */
export function CatalogBrowser({ serverPageSize }: { serverPageSize: number }) {
  const urlState = useUrlState(catalogSearch);
  const [values, update] = urlState;
  const { preferences } = usePreferences();
  const listMode = isListMode(values);
  const types = useQuery(catalogQueries.configTypes());
  const statuses = useQuery(catalogQueries.statuses());
  const labels = useQuery(catalogQueries.labels());
  const labelOptions = React.useMemo(
    () => labelOptionsOf((labels.data ?? []).map((l) => ({ [l.key]: l.value ?? '' }))),
    [labels.data],
  );
  const active =
    [values.configType, values.status, values.health].filter(Boolean).length +
    Object.keys(values.labels).length;

  const filters = (
    <div className="space-y-4">
      <FilterSelect
        label="Type"
        value={values.configType}
        options={valueOptions(types.data ?? [])}
        onChange={(configType) => update({ configType: configType || null }, { history: 'push' })}
      />
      <FilterSelect
        label="Status"
        value={values.status}
        options={valueOptions(statuses.data ?? [])}
        onChange={(status) => update({ status: status || null })}
      />
      <FilterSelect
        label="Health"
        value={values.health}
        options={HEALTH_OPTIONS}
        onChange={(health) => update({ health: (health || null) as CatalogSearch['health'] })}
      />
      <LabelFilter options={labelOptions} value={values.labels} onChange={(l) => update({ labels: l })} />
    </div>
  );

  return (
    <ListWithFilters
      filters={filters}
      activeCount={active}
      description="Filter the catalog by type, status, health and labels"
    >
      {(filtersButton) => (
        <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
          <ListToolbar label="Catalog">
            <SearchBox
              value={values.search}
              onChange={(search) => update({ search })}
              label="Search the catalog"
            />
            {filtersButton}
            {listMode && (
              <Button
                variant="outline"
                onClick={() => update({ configType: null, search: '' }, { history: 'push' })}
              >
                Back to summary
              </Button>
            )}
          </ListToolbar>
          {listMode ? (
            <ConfigList serverPageSize={serverPageSize} showDeleted={preferences.showDeletedConfigs} />
          ) : (
            <CatalogSummary
              values={values}
              showDeleted={preferences.showDeletedConfigs}
              onType={(configType) => update({ configType }, { history: 'push' })}
            />
          )}
        </div>
      )}
    </ListWithFilters>
  );
}

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

function CatalogSummary({
  values,
  showDeleted,
  onType,
}: {
  values: CatalogSearch;
  showDeleted: boolean;
  onType: (type: string) => void;
}) {
  const query = useQuery({
    ...catalogQueries.summary(catalogSummaryRequest(values, showDeleted)),
    select: groupSummary,
  });
  return (
    <QueryState
      query={query}
      empty="No config items found"
      errorTitle="The catalog summary could not be loaded"
    >
      {(rows) => (
        <DataTable
          features={treeListFeatures}
          aria-label="Config types"
          columns={summaryColumns}
          data={rows}
          getRowId={(row) => row.id}
          getSubRows={(row) => (row.kind === 'class' ? row.children : undefined)}
          manualSorting
          enableSorting={false}
          expandAll
          onRowClick={(row) => row.kind === 'type' && onType(row.type)}
          tableClassName="min-w-[44rem]"
          toolbar={(table) => (
            <div className="flex justify-end">
              <DataTableExport table={table} name="Catalog summary" />
            </div>
          )}
        />
      )}
    </QueryState>
  );
}

const listColumns: DataTableColumnDef<typeof pagedListFeatures, ConfigRow>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (row) => row.name ?? '',
    cell: ({ row }) => (
      <Link
        href={catalogItemHref(row.original.id)}
        className="block min-w-0 hover:underline"
        onClick={(e) => e.stopPropagation()}
      >
        <ConfigName
          name={row.original.name}
          type={row.original.type}
          deleted={Boolean(row.original.deleted_at)}
        />
      </Link>
    ),
  },
  { id: 'type', header: 'Type', accessorFn: (row) => row.type ?? '' },
  {
    id: 'health',
    header: 'Health',
    accessorFn: (row) => row.health ?? '',
    cell: ({ row }) => <HealthCell health={row.original.health} status={row.original.status} />,
  },
  {
    id: 'tags',
    header: 'Tags',
    enableSorting: false,
    accessorFn: (row) => JSON.stringify(row.tags ?? {}),
    cell: ({ row }) => <TagList tags={row.original.tags as Record<string, string> | null} max={3} />,
  },
  {
    id: 'changes',
    header: 'Changes / Insights',
    enableSorting: false,
    accessorFn: (row) => row.changes ?? 0,
    cell: ({ row }) => (
      <ChangesInsightsBadges changes={row.original.changes} analysis={row.original.analysis} />
    ),
  },
  {
    id: 'cost_per_minute',
    header: 'Cost/min',
    accessorFn: (row) => formatCost(row.cost_per_minute),
    meta: { align: 'end' },
  },
  {
    id: 'cost_total_1d',
    header: 'Cost (1d)',
    accessorFn: (row) => formatCost(row.cost_total_1d),
    meta: { align: 'end' },
  },
  {
    id: 'cost_total_7d',
    header: 'Cost (7d)',
    accessorFn: (row) => formatCost(row.cost_total_7d),
    meta: { align: 'end' },
  },
  {
    id: 'cost_total_30d',
    header: 'Cost (30d)',
    accessorFn: (row) => formatCost(row.cost_total_30d),
    meta: { align: 'end' },
  },
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

function ConfigList({ serverPageSize, showDeleted }: { serverPageSize: number; showDeleted: boolean }) {
  const urlState = useUrlState(catalogSearch);
  const [values] = urlState;
  const table = useUrlTable(urlState, { serverPageSize });
  const params = configListParams(values, table.pagination.pageSize, showDeleted);
  const query = useQuery(catalogQueries.list(params));
  const queryClient = useQueryClient();
  const router = useRouter();
  const fetchPage = (pageIndex: number, pageSize: number) =>
    queryClient.fetchQuery(catalogQueries.list({ ...params, pageIndex, pageSize }));
  return (
    <QueryState
      query={query}
      empty="No config items found"
      errorTitle="The config items could not be loaded"
      isEmpty={(page) => page.data.length === 0}
    >
      {(page) => (
        <DataTable
          features={pagedListFeatures}
          aria-label={values.configType ? `${values.configType} items` : 'Config items'}
          columns={listColumns}
          data={page.data}
          getRowId={(row) => row.id}
          {...table}
          manualSorting
          manualPagination
          enablePagination
          rowCount={page.total}
          columnVisibility={HIDDEN_COLUMNS}
          onRowClick={(row) => router.push(catalogItemHref(row.id))}
          getRowClassName={(row) => (row.deleted_at ? 'opacity-70' : undefined)}
          tableClassName="min-w-[64rem]"
          toolbar={(instance) => (
            <div className="flex justify-end gap-2">
              <DataTableViewOptions table={instance} />
              <DataTableExport table={instance} name="Catalog" fetchPage={fetchPage} />
            </div>
          )}
        />
      )}
    </QueryState>
  );
}
