import { catalogItemHref } from '@/lib/catalog';
import { playbookHref } from '@/lib/playbooks';
import { canaryHref, scraperHref, topologySettingsHref } from '@/lib/resources';

/** What the jobs table shows of a job: the resource link (spec 001 §2.2) and the status colour (001 §4). */

const RESOURCE_ROUTES: Readonly<Record<string, (id: string) => string>> = {
  canary: canaryHref,
  config_scraper: scraperHref,
  catalog_scraper: scraperHref,
  topology: topologySettingsHref,
  config: (id) => catalogItemHref(id),
  playbook: playbookHref,
};

/** The page of a job's resource, or null for a type without one (teams, checks, notifications …). */
export function jobResourceHref(
  type: string | null | undefined,
  id: string | null | undefined,
): string | null {
  if (!type || !id) return null;
  return RESOURCE_ROUTES[type]?.(id) ?? null;
}

export type JobStatusTone = 'yellow' | 'green' | 'orange' | 'red' | 'gray';

/** RUNNING yellow, SUCCESS green, WARNING orange, FAILED and STOPPED red; others (STALE, SKIPPED) gray. */
export function jobStatusTone(status: string | null | undefined): JobStatusTone {
  switch ((status ?? '').toUpperCase()) {
    case 'RUNNING':
      return 'yellow';
    case 'SUCCESS':
      return 'green';
    case 'WARNING':
      return 'orange';
    case 'FAILED':
    case 'STOPPED':
      return 'red';
    default:
      return 'gray';
  }
}
