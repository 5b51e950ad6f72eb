// docs/new-screen.md, step 6 — in the product: components/things/things-list.tsx
'use client';

import * as React from 'react';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlTable } from '@/components/data-table/use-url-table';
import { urlRowLinks } from '@/components/data-table/url-row-links';
import { UrlFilterSelect, valueOptions } from '@/components/list/filter-select';
import { ListToolbar } from '@/components/list/list-toolbar';
import { UrlRefreshControls } from '@/components/list/refresh-controls';
import { UrlSearchBox } from '@/components/list/search-box';
import { PagedList } from '@/components/list/paged-list';
import { refreshRateToMs } from '@/lib/format/refresh-rate';
import { useUrlState } from '@/lib/search-params/use-url-state';
import type { Thing } from './endpoint';
import { thingQueries, thingsListParams } from './queries';
import { thingsSearch } from './search-params';
import { usePagedListQuery } from '@/lib/queries/paged-list';

const STATUSES = valueOptions(['active', 'retired']);

const columns: DataTableColumnDef<typeof pagedListFeatures, Thing>[] = [
  { id: 'name', header: 'Name', accessorFn: (row) => row.name },
  { id: 'status', header: 'Status', accessorFn: (row) => row.status ?? '' },
  { id: 'created_at', header: 'Created', accessorFn: (row) => row.created_at ?? '' },
];

export function ThingsList({ serverPageSize }: { serverPageSize: number }) {
  const urlState = useUrlState(thingsSearch);
  const [values] = urlState;
  const table = useUrlTable(urlState, { serverPageSize });
  const params = thingsListParams(values, table.pagination.pageSize);
  // CSV: every page with the same filters and sort, through the same query options.
  const { query, fetchPage } = usePagedListQuery(thingQueries.list, params, {
    refetchInterval: refreshRateToMs(values.refresh) ?? false,
  });

  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      <ListToolbar label="Things">
        <UrlSearchBox urlState={urlState} param="query" label="Search things" />
        <UrlFilterSelect label="Status" urlState={urlState} param="status" options={STATUSES} />
        <UrlRefreshControls urlState={urlState} query={query} />
      </ListToolbar>
      <PagedList
        features={pagedListFeatures}
        query={query}
        empty="No things found"
        errorTitle="The things could not be loaded"
        aria-label="Things"
        columns={columns}
        getRowId={(row) => row.id}
        {...table}
        {...urlRowLinks(urlState, (row: Thing) => ({ id: row.id }))}
        columnChooser
        exportName="Things"
        fetchPage={fetchPage}
      />
      {values.id && <p role="status">Thing {values.id}</p>}
    </div>
  );
}
