import type { HealthCheck } from '@/lib/health/types';

/** A check's display name falls back from name to description to endpoint (spec 001 §2.1), then its id. */
export function checkDisplayName(
  check: Pick<HealthCheck, 'name' | 'description' | 'endpoint' | 'id'>,
): string {
  for (const value of [check.name, check.description, check.endpoint]) {
    if (value && value.trim() !== '') return value;
  }
  return check.id;
}
