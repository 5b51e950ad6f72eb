'use client';

import { PagedList } from '@/components/list/paged-list';
import * as React from 'react';
import dynamic from 'next/dynamic';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumnDef } from '@/components/data-table/data-table';
import { urlRowLinks } from '@/components/data-table/url-row-links';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlTable } from '@/components/data-table/use-url-table';
import { ConfigName, ConfigNameLink } from '@/components/catalog/config-name';
import { ConfigTypeFilter } from '@/components/catalog/config-type-filter';
import { LazyTagFilter } from '@/components/catalog/lazy-tag-filter';
import { FilterSelect, UrlFilterSelect, valueOptions } from '@/components/list/filter-select';
import { ListToolbar } from '@/components/list/list-toolbar';
import { usePreferences } from '@/components/shell/preferences-provider';
import { When } from '@/components/catalog/when';
import type { CatalogChange } from '@/lib/catalog/endpoints';
import { CHANGE_SEVERITIES, type RecursiveMode } from '@/lib/catalog/change-constants';
import { changesFeedQuery } from '@/lib/catalog/changes-feed-queries';
import { catalogOptionQueries } from '@/lib/catalog/option-queries';
import { changesFeedInput, changesSearch, type ChangesSearch } from '@/lib/catalog/changes-search';
import { useUrlState } from '@/lib/search-params/use-url-state';

// The picker's code loads after the first paint (first-load budget); until then a placeholder of its size.
const UrlTimeRangePicker = dynamic(
  () => import('@/components/widgets/url-time-range-picker').then((m) => m.UrlTimeRangePicker),
  {
    ssr: false,
    loading: () => <div className="h-9 w-40 rounded-md border border-border" aria-hidden />,
  },
);
const ChangeDialog = dynamic(() => import('@/components/catalog/change-dialog').then((m) => m.ChangeDialog), {
  ssr: false,
});

const SEVERITY_OPTIONS = valueOptions(CHANGE_SEVERITIES);
const RECURSIVE_OPTIONS = [
  { value: 'downstream', label: 'Downstream' },
  { value: 'upstream', label: 'Upstream' },
  { value: 'all', label: 'Upstream and downstream' },
  { value: 'none', label: 'This item only' },
] satisfies { value: RecursiveMode; label: string }[];

const columns: DataTableColumnDef<typeof pagedListFeatures, CatalogChange>[] = [
  {
    id: 'created_at',
    header: 'Time',
    accessorFn: (row) => row.created_at ?? '',
    cell: ({ row }) => <When at={row.original.created_at} />,
  },
  {
    id: 'name',
    header: 'Config',
    accessorFn: (row) => row.name ?? '',
    cell: ({ row }) =>
      row.original.config_id ? (
        <ConfigNameLink
          id={row.original.config_id}
          name={row.original.name}
          type={row.original.type}
          deletedAt={row.original.deleted_at}
        />
      ) : (
        <ConfigName name={row.original.name} type={row.original.type} />
      ),
  },
  {
    id: 'change_type',
    header: 'Change',
    accessorFn: (row) => row.change_type ?? '',
    meta: { rowLink: true },
  },
  {
    id: 'summary',
    header: 'Summary',
    accessorFn: (row) => row.summary ?? '',
    meta: { truncate: true },
  },
  { id: 'source', header: 'Source', accessorFn: (row) => row.source ?? '' },
  {
    id: 'created_by',
    header: 'Created by',
    enableSorting: false,
    accessorFn: (row) => row.external_created_by ?? '',
  },
];

/**
 * The change feed (POST /catalog/changes), server-paged: /catalog/changes over every item, or an item's tab with
 * its related items' changes (downstream by default, depth 5). A row opens the change dialog (`changeId`).
 */
export function ChangesList({ serverPageSize, configId }: { serverPageSize: number; configId?: string }) {
  const urlState = useUrlState(changesSearch);
  const [values, update] = urlState;
  const { preferences } = usePreferences();
  const table = useUrlTable(urlState, { serverPageSize });
  const input = changesFeedInput(values, table.pagination.pageSize, preferences.showDeletedConfigs, configId);
  const query = useQuery(changesFeedQuery(input));
  const changeTypes = useQuery(catalogOptionQueries.changeTypes());
  const queryClient = useQueryClient();
  const fetchPage = async (pageIndex: number, pageSize: number) => {
    const page = await queryClient.fetchQuery(
      changesFeedQuery({ ...input, values: { ...input.values, pageIndex }, pageSize }),
    );
    return { data: page.changes ?? [], total: page.total ?? undefined };
  };
  // The changes answer in the kit's page shape (rows and total), so the list reads it as any server page.
  const page = query.data && { data: query.data.changes ?? NONE, total: query.data.total ?? 0 };

  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      <ListToolbar label="Change filters">
        {!configId && (
          <ConfigTypeFilter value={values.configType} onChange={(configType) => update({ configType })} />
        )}
        <UrlFilterSelect
          label="Change type"
          urlState={urlState}
          param="changeType"
          options={valueOptions(changeTypes.data ?? [])}
        />
        <UrlFilterSelect label="Severity" urlState={urlState} param="severity" options={SEVERITY_OPTIONS} />
        <LazyTagFilter value={values.tags} onChange={(tags) => update({ tags })} className="w-48" />
        {configId && (
          <FilterSelect
            label="Related items"
            value={values.recursive}
            allLabel="Downstream"
            options={RECURSIVE_OPTIONS.slice(1)}
            onChange={(recursive) =>
              update({ recursive: (recursive || 'downstream') as ChangesSearch['recursive'] })
            }
          />
        )}
        <UrlTimeRangePicker urlState={urlState} placeholder="Last 2 days" showFuture={false} />
      </ListToolbar>
      <PagedList
        features={pagedListFeatures}
        query={{ ...query, data: page }}
        empty="No changes found"
        errorTitle="The changes could not be loaded"
        aria-label="Config changes"
        columns={columns}
        getRowId={(row) => row.id}
        {...table}
        {...urlRowLinks(urlState, (row: CatalogChange) => ({ changeId: row.id }))}
        tableClassName="min-w-[56rem]"
        exportName="Config changes"
        fetchPage={fetchPage}
      />
      {values.changeId && (
        <ChangeDialog
          changeId={values.changeId}
          onClose={() => update({ changeId: null }, { history: 'push' })}
        />
      )}
    </div>
  );
}

const NONE: CatalogChange[] = [];
