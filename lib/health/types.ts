import type { CheckSummary } from '@/lib/health/endpoints';

/**
 * The fields of a health summary item that the list, the cards and the filters use. The summary is trimmed to
 * this shape before it is cached, so the server HTML and the hydrated cache do not carry unused columns.
 */
export interface HealthCheck {
  id: string;
  name: string;
  /** The check's icon name (spec 000 §3), drawn in the list, the cards and the panel. */
  icon?: string;
  canary_name?: string;
  description?: string;
  endpoint?: string;
  type?: string;
  status?: string;
  namespace?: string;
  labels: Record<string, string>;
  agent_id?: string;
  uptime: { passed: number; failed: number };
  latency: { p95?: number; p97?: number; p99?: number; rolling1h?: number };
  last_runtime?: string;
  last_transition_time?: string;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Trims one summary item to HealthCheck; `endpoint` is read when the backend sends it (the spec lists it). */
export function toHealthCheck(item: CheckSummary): HealthCheck {
  const record = item as Record<string, unknown>;
  const latency = item.latency ?? {};
  const check: HealthCheck = {
    id: item.id,
    name: item.name,
    labels: item.labels ?? {},
    uptime: { passed: item.uptime?.passed ?? 0, failed: item.uptime?.failed ?? 0 },
    latency: {},
  };
  const optional: [keyof HealthCheck, string | undefined][] = [
    ['icon', str(item.icon)],
    ['canary_name', str(item.canary_name)],
    ['description', str(item.description)],
    ['endpoint', str(record.endpoint)],
    ['type', str(item.type)],
    ['status', str(item.status)],
    ['namespace', str(item.namespace)],
    ['agent_id', str(item.agent_id)],
    ['last_runtime', str(item.last_runtime)],
    ['last_transition_time', str(item.last_transition_time)],
  ];
  for (const [key, value] of optional)
    if (value !== undefined) (check as unknown as Record<string, unknown>)[key] = value;
  for (const key of ['p95', 'p97', 'p99', 'rolling1h'] as const) {
    const value = num(latency[key]);
    if (value !== undefined) check.latency[key] = value;
  }
  return check;
}
