import type { CheckHistoryParams } from '@/lib/backend/endpoints/db';

/** Query keys, one factory per resource, so that invalidation by prefix (`checkKeys.all`) always matches. */

export const canaryKeys = {
  all: ['canary'] as const,
  summary: (path: string) => [...canaryKeys.all, 'summary', path] as const,
  graph: (checkId: string, start: string) => [...canaryKeys.all, 'graph', checkId, start] as const,
};

export const checkKeys = {
  all: ['checks'] as const,
  detail: (id: string) => [...checkKeys.all, 'detail', id] as const,
  history: (params: CheckHistoryParams) => [...checkKeys.all, 'history', params.checkId, params] as const,
  canary: (canaryId: string) => [...checkKeys.all, 'canary', canaryId] as const,
};

export const versionKeys = {
  all: ['version'] as const,
  backend: () => [...versionKeys.all, 'backend'] as const,
};

export const propertyKeys = {
  all: ['properties'] as const,
};
