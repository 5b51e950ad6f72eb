import type { CheckSummary } from '@/lib/backend/endpoints/canary';
import { BackendError } from '@/lib/backend/errors';
import { toHealthCheck, type HealthCheck } from '@/lib/health/types';

/**
 * The summary parsing shared by the server page and the browser. It stays free of the browser fetch helpers
 * (api-fetch and its toasts): the server page imports it, and anything the server graph reaches through a dynamic
 * import of a 'use client' package (sonner) is added to the page's first-load scripts.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The checks of a summary answer; an item without a string id and name is dropped, a wrong shape is an error. */
export function checksFromSummary(summary: unknown): HealthCheck[] {
  if (!isRecord(summary)) throw new BackendError({ status: 502, code: 'invalid_response', message: 'The health summary has an unexpected shape' });
  const items = summary.checks_summary;
  if (items === undefined || items === null) return [];
  if (!Array.isArray(items)) throw new BackendError({ status: 502, code: 'invalid_response', message: 'The health summary has an unexpected shape' });
  const checks: HealthCheck[] = [];
  for (const item of items) {
    if (!isRecord(item) || typeof item.id !== 'string' || typeof item.name !== 'string') continue;
    const labels = isRecord(item.labels) ? Object.fromEntries(Object.entries(item.labels).filter((e): e is [string, string] => typeof e[1] === 'string')) : null;
    const uptime = isRecord(item.uptime) ? item.uptime : null;
    const latency = isRecord(item.latency) ? item.latency : null;
    checks.push(toHealthCheck({ ...item, labels, uptime, latency } as CheckSummary));
  }
  return checks;
}
