import { queryOptions } from '@tanstack/react-query';
import { catalogKeys } from '@/lib/catalog/keys';
import { endpointQuery } from '@/lib/queries/fetcher';

/** The catalog lists' filter options (types, statuses, labels, tags, change types, analyzers). */

const configs = () => import('@/lib/catalog/configs-endpoints');

/** Filter options change rarely: five minutes before they are asked for again. */
const OPTIONS_STALE_MS = 5 * 60_000;

export const catalogOptionQueries = {
  configTypes: () =>
    queryOptions({
      ...endpointQuery(catalogKeys.options('types'), async () => (await configs()).configTypesEndpoint()),
      select: (rows) => values(rows.map((r) => r.type)),
      staleTime: OPTIONS_STALE_MS,
    }),
  statuses: () =>
    queryOptions({
      ...endpointQuery(catalogKeys.options('statuses'), async () =>
        (await configs()).configStatusesEndpoint(),
      ),
      select: (rows) => values(rows.map((r) => r.status)),
      staleTime: OPTIONS_STALE_MS,
    }),
  labels: () =>
    queryOptions({
      ...endpointQuery(catalogKeys.options('labels'), async () => (await configs()).configLabelsEndpoint()),
      staleTime: OPTIONS_STALE_MS,
    }),
  tags: () =>
    queryOptions({
      ...endpointQuery(catalogKeys.options('tags'), async () => (await configs()).configTagsEndpoint()),
      staleTime: OPTIONS_STALE_MS,
    }),
  changeTypes: () =>
    queryOptions({
      ...endpointQuery(catalogKeys.options('change-types'), async () =>
        (await configs()).changeTypesEndpoint(),
      ),
      select: (rows) => values(rows.map((r) => r.change_type)),
      staleTime: OPTIONS_STALE_MS,
    }),
  analyzers: () =>
    queryOptions({
      ...endpointQuery(catalogKeys.options('analyzers'), async () => (await configs()).analyzersEndpoint()),
      select: (rows) => values(rows.map((r) => r.analyzer)),
      staleTime: OPTIONS_STALE_MS,
    }),
};

function values(list: readonly (string | null | undefined)[]): string[] {
  return [...new Set(list.filter((v): v is string => Boolean(v)))].sort((a, b) => a.localeCompare(b));
}
