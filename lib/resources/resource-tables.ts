import type { Feature } from '@/lib/feature-flags';
import type { ResourceArea } from '@/lib/auth/permissions';

/**
 * The generic settings resource tables (spec 000 §2 "/settings/{table}"), as data. Config scrapers are excluded
 * here: they live under /catalog/scrapers.
 */
export interface ResourceTableDefinition {
  table: 'teams' | 'incident_rules' | 'topologies' | 'canaries';
  /** Singular display name used in toasts ('{name} updated successfully'). */
  name: string;
  /** Sidebar label. */
  label: string;
  area: ResourceArea;
  feature: Feature;
  icon: string;
}

export const RESOURCE_TABLES: readonly ResourceTableDefinition[] = [
  { table: 'teams', name: 'Team', label: 'Teams', area: 'database', feature: 'settings.teams', icon: 'users-round' },
  {
    table: 'incident_rules',
    name: 'Rule',
    label: 'Rules',
    area: 'incident',
    feature: 'incidents',
    icon: 'list-checks',
  },
  {
    table: 'topologies',
    name: 'Topology',
    label: 'Topology',
    area: 'topologies',
    feature: 'settings.topology',
    icon: 'network',
  },
  {
    table: 'canaries',
    name: 'Health Check',
    label: 'Health Check',
    area: 'canaries',
    feature: 'settings.health',
    icon: 'heart-pulse',
  },
];
