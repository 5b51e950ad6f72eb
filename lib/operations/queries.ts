import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { IntegrationsListParams, ListSort, Property, PropertyRow } from '@/lib/operations/endpoints';
import type { FEATURE_FLAG_SORTS } from '@/lib/operations/search';
import { countedQuery, endpointQuery } from '@/lib/queries/fetcher';
import { sortRowsByText } from '@/lib/sort-rows';

/** Integrations, log backends, feature flags and the event queue (issue 22). */

const endpoints = () => import('@/lib/operations/endpoints');

export const integrationKeys = {
  all: ['integrations'] as const,
  list: (p: IntegrationsListParams) => [...integrationKeys.all, 'list', p] as const,
};
export const logBackendKeys = {
  all: ['logging_backends'] as const,
  list: (sort: ListSort) => [...logBackendKeys.all, 'list', sort] as const,
  one: (id: string) => [...logBackendKeys.all, id] as const,
};
export const propertyKeys = {
  all: ['properties'] as const,
  list: () => [...propertyKeys.all, 'list'] as const,
  rows: () => [...propertyKeys.all, 'rows'] as const,
};
export const eventQueueKeys = {
  all: ['event_queue'] as const,
  list: (sort: ListSort) => [...eventQueueKeys.all, sort] as const,
};

export const settingsAdminQueries = {
  integrations: (p: IntegrationsListParams) =>
    queryOptions({
      ...countedQuery(integrationKeys.list(p), async () => (await endpoints()).integrationsEndpoint(p)),
      placeholderData: keepPreviousData,
    }),
  logBackends: (sort: ListSort) =>
    queryOptions({
      ...endpointQuery(logBackendKeys.list(sort), async () => (await endpoints()).logBackendsEndpoint(sort)),
      placeholderData: keepPreviousData,
    }),
  logBackend: (id: string) =>
    queryOptions({
      ...endpointQuery(logBackendKeys.one(id), async () => (await endpoints()).logBackendEndpoint(id)),
      select: (rows) => rows[0] ?? null,
    }),
  properties: () => endpointQuery(propertyKeys.list(), async () => (await endpoints()).propertiesEndpoint()),
  propertyRows: () =>
    endpointQuery(propertyKeys.rows(), async () => (await endpoints()).propertyRowsEndpoint()),
  eventQueue: (sort: ListSort) =>
    queryOptions({
      ...endpointQuery(eventQueueKeys.list(sort), async () => (await endpoints()).eventQueueEndpoint(sort)),
      placeholderData: keepPreviousData,
    }),
};

/** A flag as the list shows it: what /properties says, with the stored row's audit columns when the caller may read them. */
export type FeatureFlag = Property & Partial<Pick<PropertyRow, 'created_at' | 'updated_at' | 'created_by'>>;

export function mergeFlags(
  properties: readonly Property[],
  rows: readonly PropertyRow[] | undefined,
): FeatureFlag[] {
  const byName = new Map((rows ?? []).map((r) => [r.name, r]));
  return properties.map((p) => {
    const row = p.source === 'local' ? undefined : byName.get(p.name);
    return row
      ? { ...p, created_at: row.created_at, updated_at: row.updated_at, created_by: row.created_by }
      : p;
  });
}

const FLAG_SORT_TEXT: Record<(typeof FEATURE_FLAG_SORTS)[number], (flag: FeatureFlag) => string> = {
  name: (f) => f.name,
  description: (f) => f.description ?? '',
  value: (f) => f.value,
  source: (f) => f.source ?? '',
  created_by: (f) => f.created_by?.name ?? '',
  created_at: (f) => f.created_at ?? '',
  updated_at: (f) => f.updated_at ?? '',
};

/** The flags in the URL's order (merged in the browser, so the screen sorts them); ties by name, then source. */
export const sortFlags = (
  flags: readonly FeatureFlag[],
  v: { sortBy: (typeof FEATURE_FLAG_SORTS)[number] | null; sortOrder: 'asc' | 'desc' },
): FeatureFlag[] =>
  sortRowsByText(flags, FLAG_SORT_TEXT, v.sortBy ?? 'name', v.sortOrder === 'desc', [
    (f) => f.name,
    (f) => f.source ?? '',
  ]);

/** The sort of a small settings list's URL state (server page and list). */
export function listSortOf(v: { sortBy: string | null; sortOrder: 'asc' | 'desc' }): ListSort {
  return { sortBy: v.sortBy, sortDesc: v.sortOrder === 'desc' };
}

/** The integrations request of a URL state (server page and list). */
export function integrationsListParams(
  v: { sortBy: string | null; sortOrder: 'asc' | 'desc'; pageIndex: number; pageSize: number | null },
  pageSize: number,
): IntegrationsListParams {
  return {
    sortBy: v.sortBy,
    sortDesc: v.sortOrder === 'desc',
    pageIndex: v.pageIndex,
    pageSize: v.pageSize ?? pageSize,
  };
}
