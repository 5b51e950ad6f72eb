import type { StatusColor } from '@/lib/format/status';
import type { HealthCheck } from '@/lib/health/types';

export type HealthState = 'healthy' | 'unhealthy' | 'mixed';

/** The state of a set of checks: all healthy, none healthy, or mixed (an empty set reads as healthy). */
export function healthStateOf(checks: readonly Pick<HealthCheck, 'status'>[]): HealthState {
  let healthy = 0;
  for (const check of checks) if (check.status === 'healthy') healthy++;
  if (healthy === checks.length) return 'healthy';
  return healthy === 0 ? 'unhealthy' : 'mixed';
}

const COLOR: Record<HealthState, StatusColor> = { healthy: 'green', unhealthy: 'red', mixed: 'orange' };

/** The health dot (spec 001 §2.1): green when healthy, red otherwise, orange for mixed. */
export function healthDotColor(state: HealthState | string | null | undefined): StatusColor {
  if (state === 'healthy' || state === 'mixed') return COLOR[state];
  return 'red';
}

export const HEALTH_STATE_LABEL: Record<HealthState, string> = {
  healthy: 'Healthy',
  unhealthy: 'Unhealthy',
  mixed: 'Mixed',
};
