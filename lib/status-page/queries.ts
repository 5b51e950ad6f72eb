import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/queries/fetcher';

/** Status pages and incident publications (issue 38): key families and query options. */

const endpoints = () => import('@/lib/status-page/endpoints');

export const statusPageKeys = {
  all: ['status_pages'] as const,
  list: () => [...statusPageKeys.all, 'list'] as const,
  one: (id: string) => [...statusPageKeys.all, id] as const,
  preview: (id: string) => [...statusPageKeys.all, id, 'preview'] as const,
  targets: (kind: 'component' | 'check_group') => [...statusPageKeys.all, 'targets', kind] as const,
};

export const publicationKeys = {
  all: ['incident_publications'] as const,
  one: (incidentId: string) => [...publicationKeys.all, incidentId] as const,
};

export const statusPageQueries = {
  list: () => endpointQuery(statusPageKeys.list(), async () => (await endpoints()).statusPagesEndpoint()),
  one: (id: string) =>
    endpointQuery(statusPageKeys.one(id), async () => (await endpoints()).statusPageEndpoint(id)),
  preview: (id: string) =>
    endpointQuery(statusPageKeys.preview(id), async () => (await endpoints()).previewStatusPageEndpoint(id)),
  targets: (kind: 'component' | 'check_group') =>
    queryOptions({
      ...endpointQuery(statusPageKeys.targets(kind), async () =>
        kind === 'component'
          ? (await endpoints()).componentTargetsEndpoint()
          : (await endpoints()).checkGroupTargetsEndpoint(),
      ),
      staleTime: 5 * 60_000,
    }),
  publication: (incidentId: string) =>
    endpointQuery(publicationKeys.one(incidentId), async () =>
      (await endpoints()).publicationEndpoint(incidentId),
    ),
};
