import type { HealthCheck } from '@/lib/health/types';

/** A small health check with overridable fields. */
export function check(overrides: Partial<HealthCheck> & { id: string }): HealthCheck {
  return {
    name: overrides.id,
    labels: {},
    uptime: { passed: 10, failed: 0 },
    latency: {},
    status: 'healthy',
    ...overrides,
  };
}
