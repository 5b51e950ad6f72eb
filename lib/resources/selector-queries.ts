import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResourceSearch, ResourceSearchHit, ResourceSelectorFilter } from '@/lib/catalog';
import type { ResourceName } from '@/lib/backend/endpoints/resource-names';
import { endpointQuery } from '@/lib/queries/fetcher';
import { catalogEndpoints } from '@/lib/catalog';

/** The resource selector's search (POST /resources/search, spec 001 §7): checks, components and configs by text; and their names by id. */

export type ResourceKind = 'checks' | 'components' | 'configs';

export interface ResourceOption extends ResourceSearchHit {
  kind: ResourceKind;
}

/** Enough hits that the windowed list (above 20 options) matters, few enough to keep the answer small. */
export const RESOURCE_SEARCH_LIMIT = 50;

export const resourceKeys = {
  all: ['resources'] as const,
  search: (kinds: readonly ResourceKind[], term: string, filters?: ResourceFilters) =>
    [
      ...resourceKeys.all,
      'search',
      [...kinds].sort().join(','),
      term,
      ...(filters ? [filters] : []),
    ] as const,
  names: (kind: ResourceKind, ids: readonly string[]) =>
    [...resourceKeys.all, 'names', kind, [...ids].sort()] as const,
};

/** One list of options in the order of `kinds`, each hit tagged with its kind. */
export function resourceOptionsOf(result: ResourceSearch, kinds: readonly ResourceKind[]): ResourceOption[] {
  return kinds.flatMap((kind) => (result[kind] ?? []).map((hit) => ({ ...hit, kind })));
}

/** Per kind, the selectors a hit must match one of (a playbook parameter's `filter`). */
export type ResourceFilters = Partial<Record<ResourceKind, readonly ResourceSelectorFilter[]>>;

export const resourceQueries = {
  search: (kinds: readonly ResourceKind[], term: string, filters?: ResourceFilters) =>
    queryOptions({
      ...endpointQuery(resourceKeys.search(kinds, term, filters), async () =>
        (await catalogEndpoints()).resourceSearchEndpoint(term, kinds, RESOURCE_SEARCH_LIMIT, filters),
      ),
      select: (result: ResourceSearch) => resourceOptionsOf(result, kinds),
      staleTime: 30_000,
    }),
  /** Names of resources of one kind by id, as a map (an id the backend does not answer for is absent). */
  names: (kind: ResourceKind, ids: readonly string[]) =>
    queryOptions({
      ...endpointQuery(resourceKeys.names(kind, ids), async () =>
        (await import('@/lib/backend/endpoints/resource-names')).resourceNamesEndpoint(kind, [...ids].sort()),
      ),
      select: (rows: ResourceName[]) =>
        new Map(rows.filter((row) => row.name).map((row) => [row.id, row.name!])),
      enabled: ids.length > 0,
      staleTime: 60_000,
    }),
};

/** Search results for a (debounced) term; nothing is fetched for a blank term. */
export function useResourceSearch(kinds: readonly ResourceKind[], term: string, filters?: ResourceFilters) {
  const trimmed = term.trim();
  return useQuery({
    ...resourceQueries.search(kinds, trimmed, filters),
    enabled: trimmed !== '',
    placeholderData: keepPreviousData,
  });
}
