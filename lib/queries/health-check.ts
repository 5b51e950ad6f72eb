import { queryOptions, useQuery } from '@tanstack/react-query';
import { backendErrorFromResponse, BackendError } from '@/lib/backend/errors';
import { pgrst } from '@/lib/backend/postgrest-query';
import { NIL_AGENT_ID } from '@/lib/constants';
import type { HealthCheck } from '@/lib/health/types';
import { apiFetch } from '@/lib/queries/api-fetch';
import { checksFromSummary, isRecord } from '@/lib/queries/health-summary';
import { canaryKeys } from '@/lib/queries/keys';

/**
 * The health list's queries. This module stays free of zod so the list's first load does not carry the schema
 * library: the browser, like the server page, checks the few fields the list relies on by hand
 * (lib/queries/health-summary.ts).
 */
export const healthListKey = (path: string) => [...canaryKeys.summary(path), 'list'] as const;

async function browserJson(path: string, signal: AbortSignal): Promise<unknown> {
  const response = await apiFetch(path, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw await backendErrorFromResponse(response);
  try {
    return await response.json();
  } catch {
    throw new BackendError({ status: 502, code: 'invalid_response', message: `The backend sent an unexpected answer for ${path.split('?')[0]}: the answer is not JSON` });
  }
}

export function healthListQuery(path: string) {
  return queryOptions({
    queryKey: healthListKey(path),
    queryFn: async ({ signal }): Promise<HealthCheck[]> => checksFromSummary(await browserJson(path, signal)),
  });
}

/** Agent names for the tabs when Tab By is agent (the nil id is the local agent and is not looked up). */
export function useAgentNames(ids: readonly string[], enabled: boolean) {
  const sorted = [...ids].filter((id) => id !== NIL_AGENT_ID).sort();
  return useQuery({
    queryKey: ['agents', 'names', sorted] as const,
    queryFn: async ({ signal }) => {
      const rows = await browserJson(pgrst('agents').select('id,name').in('id', sorted).toPath(), signal);
      const names = new Map<string, string>();
      if (Array.isArray(rows)) for (const row of rows) if (isRecord(row) && typeof row.id === 'string') names.set(row.id, typeof row.name === 'string' && row.name ? row.name : row.id);
      return names;
    },
    enabled: enabled && sorted.length > 0,
  });
}
