'use client';

import { PagedList } from '@/components/list/paged-list';
import * as React from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumnDef } from '@/components/data-table/data-table';
import { urlRowLinks } from '@/components/data-table/url-row-links';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlTable } from '@/components/data-table/use-url-table';
import { ConfigName } from '@/components/catalog/config-name';
import { ConfigTypeFilter } from '@/components/catalog/config-type-filter';
import { UrlFilterSelect, valueOptions } from '@/components/list/filter-select';
import { ListToolbar } from '@/components/list/list-toolbar';
import { QueryState } from '@/components/list/query-state';
import { When } from '@/components/catalog/when';
import type { InsightRow } from '@/lib/catalog/configs-endpoints';
import { INSIGHT_SEVERITIES, INSIGHT_STATUSES, INSIGHT_TYPES } from '@/lib/catalog/constants';
import { catalogFeedQueries } from '@/lib/catalog/feed-queries';
import { catalogOptionQueries } from '@/lib/catalog/option-queries';
import { insightListParams } from '@/lib/catalog/view-requests';
import { catalogItemHref } from '@/lib/catalog/href';
import { insightsSearch } from '@/lib/catalog/view-search';
import { useUrlState } from '@/lib/search-params/use-url-state';

const InsightDialog = dynamic(
  () => import('@/components/catalog/insight-dialog').then((m) => m.InsightDialog),
  { ssr: false },
);

const columns: DataTableColumnDef<typeof pagedListFeatures, InsightRow>[] = [
  {
    id: 'config',
    header: 'Config',
    enableSorting: false,
    accessorFn: (row) => row.config?.name ?? '',
    cell: ({ row }) =>
      row.original.config ? (
        <Link
          href={catalogItemHref(row.original.config.id)}
          className="block min-w-0 hover:underline"
          onClick={(e) => e.stopPropagation()}
        >
          <ConfigName name={row.original.config.name} type={row.original.config.type} />
        </Link>
      ) : null,
  },
  {
    id: 'analysis_type',
    header: 'Type',
    accessorFn: (row) => row.analysis_type ?? '',
    meta: { rowLink: true },
  },
  { id: 'analyzer', header: 'Analyzer', accessorFn: (row) => row.analyzer ?? '' },
  { id: 'severity', header: 'Severity', accessorFn: (row) => row.severity ?? '' },
  { id: 'status', header: 'Status', accessorFn: (row) => row.status ?? '' },
  {
    id: 'first_observed',
    header: 'First observed',
    accessorFn: (row) => row.first_observed ?? '',
    cell: ({ row }) => <When at={row.original.first_observed} />,
  },
  {
    id: 'last_observed',
    header: 'Last observed',
    accessorFn: (row) => row.last_observed ?? '',
    cell: ({ row }) => <When at={row.original.last_observed} />,
  },
];

/**
 * Insights (config_analysis_items), server-paged: /catalog/insights, an item's tab (`configId`), or a topology
 * component's configs (`?component=`, through the component lookup). A row opens the insight (`insightId`).
 */
export function InsightsList({ serverPageSize, configId }: { serverPageSize: number; configId?: string }) {
  const urlState = useUrlState(insightsSearch);
  const [values, update] = urlState;
  const table = useUrlTable(urlState, { serverPageSize });
  const component = configId ? null : values.component;
  const componentConfigs = useQuery({
    ...catalogFeedQueries.componentConfigs(component ?? ''),
    enabled: Boolean(component),
  });
  const params = insightListParams(values, table.pagination.pageSize, {
    configId,
    componentConfigIds: component ? componentConfigs.data : undefined,
  });
  const query = useQuery({
    ...catalogFeedQueries.insights(params),
    enabled: !component || componentConfigs.data !== undefined,
  });
  const analyzers = useQuery(catalogOptionQueries.analyzers());
  const queryClient = useQueryClient();
  const fetchPage = (pageIndex: number, pageSize: number) =>
    queryClient.fetchQuery(catalogFeedQueries.insights({ ...params, pageIndex, pageSize }));
  const lookupFailed = component && componentConfigs.isError ? componentConfigs : null;

  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      <ListToolbar label="Insight filters">
        {!configId && (
          <ConfigTypeFilter value={values.configType} onChange={(configType) => update({ configType })} />
        )}
        <UrlFilterSelect
          label="Status"
          urlState={urlState}
          param="status"
          options={valueOptions(INSIGHT_STATUSES)}
        />
        <UrlFilterSelect
          label="Type"
          urlState={urlState}
          param="type"
          options={valueOptions(INSIGHT_TYPES)}
        />
        <UrlFilterSelect
          label="Severity"
          urlState={urlState}
          param="severity"
          options={valueOptions(INSIGHT_SEVERITIES)}
        />
        <UrlFilterSelect
          label="Analyzer"
          urlState={urlState}
          param="analyzer"
          options={valueOptions(analyzers.data ?? [])}
        />
      </ListToolbar>
      {lookupFailed ? (
        <QueryState
          query={lookupFailed}
          empty="No insights found"
          errorTitle="The component's configs could not be loaded"
        >
          {() => null}
        </QueryState>
      ) : (
        <PagedList
          features={pagedListFeatures}
          query={query}
          empty="No insights found"
          errorTitle="The insights could not be loaded"
          aria-label="Insights"
          columns={columns}
          getRowId={(row) => row.id}
          {...table}
          rowCount={query.data?.total ?? 0}
          {...urlRowLinks(urlState, (row: InsightRow) => ({ insightId: row.id }))}
          tableClassName="min-w-[52rem]"
          exportName="Insights"
          fetchPage={fetchPage}
        />
      )}
      {values.insightId && (
        <InsightDialog
          insightId={values.insightId}
          onClose={() => update({ insightId: null }, { history: 'push' })}
        />
      )}
    </div>
  );
}
