import { backendErrorFromResponse, BackendError } from '@/lib/backend/errors';
import { pgrst } from '@/lib/backend/postgrest-query';
import { NIL_AGENT_ID } from '@/lib/constants';
import type { HealthCheck } from '@/lib/health/types';
import { apiFetch } from '@/lib/queries/api-fetch';
import { checksFromSummary, isRecord } from '@/lib/queries/health-summary';

/**
 * The health list's requests. This module stays free of zod and react-query so the list's first load carries
 * neither: the browser, like the server page, checks the few fields the list relies on by hand
 * (lib/queries/health-summary.ts), and components/health/use-health-summary.ts runs them.
 */

async function browserJson(path: string, signal: AbortSignal): Promise<unknown> {
  const response = await apiFetch(path, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw await backendErrorFromResponse(response);
  try {
    return await response.json();
  } catch {
    throw new BackendError({ status: 502, code: 'invalid_response', message: `The backend sent an unexpected answer for ${path.split('?')[0]}: the answer is not JSON` });
  }
}

/** The health summary at `path` (spec: /canary/api/summary, configurable) as the list's checks. */
export async function fetchHealthChecks(path: string, signal: AbortSignal): Promise<HealthCheck[]> {
  return checksFromSummary(await browserJson(path, signal));
}

/** Agent names by id for the tabs when Tab By is agent (the nil id is the local agent and is not looked up). */
export async function fetchAgentNames(ids: readonly string[], signal: AbortSignal): Promise<Map<string, string>> {
  const wanted = ids.filter((id) => id !== NIL_AGENT_ID);
  const names = new Map<string, string>();
  if (wanted.length === 0) return names;
  const rows = await browserJson(pgrst('agents').select('id,name').in('id', wanted).toPath(), signal);
  if (Array.isArray(rows))
    for (const row of rows)
      if (isRecord(row) && typeof row.id === 'string') names.set(row.id, typeof row.name === 'string' && row.name ? row.name : row.id);
  return names;
}
