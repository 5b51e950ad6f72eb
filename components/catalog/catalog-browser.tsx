'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { ConfigTypeFilter } from '@/components/catalog/config-type-filter';
import { LazyTagFilter } from '@/components/catalog/lazy-tag-filter';
import { UrlFilterSelect, valueOptions } from '@/components/list/filter-select';
import { LabelFilter } from '@/components/list/label-filter';
import { ListToolbar } from '@/components/list/list-toolbar';
import { ListWithFilters } from '@/components/list/list-with-filters';
import { UrlSearchBox } from '@/components/list/search-box';
import { usePreferences } from '@/components/shell/preferences-provider';
import { RowsSkeleton } from '@/components/list/query-state';
import { Button } from '@/components/ui/button';
import { HEALTH_VALUES } from '@/lib/catalog/constants';
import { labelOptionsOf } from '@/lib/filters';
import { catalogQueries } from '@/lib/catalog/queries';
import { catalogSearch, isListMode } from '@/lib/catalog/search';
import { useUrlState } from '@/lib/search-params/use-url-state';

// Each mode's table (columns, engine, cells) loads with that mode only; both are server-rendered. Memoised on their
// primitive props: a re-render of this screen before a mode's code has arrived would otherwise make React drop the
// server HTML and show the skeleton (an update to a boundary that has not hydrated yet switches it to client rendering).
const CatalogSummary = React.memo(
  dynamic(() => import('@/components/catalog/catalog-summary').then((m) => m.CatalogSummary), {
    loading: () => <RowsSkeleton />,
  }),
);
const ConfigList = React.memo(
  dynamic(() => import('@/components/catalog/config-list').then((m) => m.ConfigList), {
    loading: () => <RowsSkeleton />,
  }),
);

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
  const statuses = useQuery(catalogQueries.statuses());
  const labels = useQuery(catalogQueries.labels());
  const labelOptions = React.useMemo(
    () => labelOptionsOf((labels.data ?? []).map((l) => ({ [l.key]: l.value ?? '' }))),
    [labels.data],
  );
  const active =
    [values.configType, values.status, values.health].filter(Boolean).length +
    Object.keys(values.labels).length +
    Object.keys(values.tags).length;

  const filters = (
    <div className="space-y-4">
      <ConfigTypeFilter
        label="Type"
        value={values.configType}
        onChange={(configType) => update({ configType }, { history: 'push' })}
      />
      <UrlFilterSelect
        label="Status"
        urlState={urlState}
        param="status"
        options={valueOptions(statuses.data ?? [])}
      />
      <UrlFilterSelect label="Health" urlState={urlState} param="health" options={HEALTH_OPTIONS} />
      <LazyTagFilter value={values.tags} onChange={(tags) => update({ tags })} />
      <LabelFilter options={labelOptions} value={values.labels} onChange={(l) => update({ labels: l })} />
    </div>
  );

  return (
    <ListWithFilters
      filters={filters}
      activeCount={active}
      description="Filter the catalog by type, status, health, tags and labels"
    >
      {(filtersButton) => (
        <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
          <ListToolbar label="Catalog">
            <UrlSearchBox urlState={urlState} param="search" label="Search the catalog" />
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
            <CatalogSummary showDeleted={preferences.showDeletedConfigs} />
          )}
        </div>
      )}
    </ListWithFilters>
  );
}
