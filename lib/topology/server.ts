import 'server-only';
import { cache } from 'react';
import { getBackend } from '@/lib/backend/client';
import { BackendError } from '@/lib/backend/errors';
import {
  agentsEndpoint,
  componentLabelsEndpoint,
  componentNamesEndpoint,
  topologyTreeEndpoint,
  type Agent,
  type ComponentLabel,
  type ComponentName,
  type TopologyComponent,
  type TopologyTree,
  type TopologyTreeParams,
} from '@/lib/backend/endpoints/topology';
import type { TopologySearch } from '@/lib/search-params/topology';
import { ancestorIds } from '@/lib/topology/tree';

/**
 * The server reads of the topology pages. A failed read returns its error instead of throwing, so each part of
 * the page shows its own Unauthorized or error state rather than the whole route failing.
 */
export type Loaded<T> = { ok: true; data: T } | { ok: false; data?: undefined; error: unknown };

async function attempt<T>(run: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    return { ok: false, error };
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof BackendError && (error.status === 404 || error.status === 400);
}

export function treeParams(search: TopologySearch, showHidden: boolean, id?: string): TopologyTreeParams {
  return {
    id,
    status: search.status,
    type: search.type,
    team: search.team,
    labels: search.labels,
    agentId: search.agent,
    sortBy: search.sortBy,
    sortOrder: search.sortOrder,
    showHidden,
  };
}

/** One tree read per request and parameter set (generateMetadata and the page share it). */
export const loadTopologyTree = cache(
  async (key: string): Promise<Loaded<TopologyTree>> => {
    const params = JSON.parse(key) as TopologyTreeParams;
    const backend = await getBackend();
    return attempt(() => backend.request(topologyTreeEndpoint(params)));
  },
);

export function loadTree(params: TopologyTreeParams): Promise<Loaded<TopologyTree>> {
  return loadTopologyTree(JSON.stringify(params));
}

/**
 * The component itself with its descendants, unfiltered: it was asked for by id, so it shows even when hidden, and
 * the filters apply to its children on this side.
 */
export const loadComponent = cache(async (id: string): Promise<Loaded<TopologyComponent | null>> => {
  const result = await loadTree({ id });
  // A malformed or unknown id is a missing component, not a failure.
  if (!result.ok) return isMissing(result.error) ? { ok: true, data: null } : result;
  const components = result.data.components ?? [];
  return { ok: true, data: components.find((c) => c.id === id) ?? components[0] ?? null };
});

export const loadAgents = cache(async (): Promise<Agent[]> => {
  const backend = await getBackend();
  const result = await attempt(() => backend.request(agentsEndpoint()));
  return result.data ?? [];
});

export const loadComponentLabels = cache(async (): Promise<ComponentLabel[]> => {
  const backend = await getBackend();
  const result = await attempt(() => backend.request(componentLabelsEndpoint()));
  return result.data ?? [];
});

/** The ancestors of a component, root first, with names (unknown ones keep their id so the trail stays whole). */
export async function loadBreadcrumbs(component: TopologyComponent): Promise<ComponentName[]> {
  const ids = ancestorIds(component);
  if (ids.length === 0) return [];
  const backend = await getBackend();
  const result = await attempt(() => backend.request(componentNamesEndpoint(ids)));
  const byId = new Map((result.data ?? []).map((n) => [n.id, n]));
  return ids.map((id) => byId.get(id) ?? { id, name: null });
}
