/**
 * Feature flags (spec 001 §6): a feature is disabled by a property '{feature}.disable' equal to true; a few
 * settings features inherit from a parent feature.
 */

export const FEATURES = [
  'topology',
  'health',
  'incidents',
  'config',
  'logs',
  'playbooks',
  'agents',
  'settings.connections',
  'settings.users',
  'settings.teams',
  'settings.rules',
  'settings.config_scraper',
  'settings.topology',
  'settings.health',
  'settings.job_history',
  'settings.feature_flags',
  'settings.logging_backends',
  'settings.event_queue_status',
  'settings.organization_profile',
  'settings.notifications',
  'settings.playbooks',
  'settings.integrations',
  'settings.permissions',
] as const;
export type Feature = (typeof FEATURES)[number];

export const FEATURE_PARENTS: Partial<Record<Feature, Feature>> = {
  'settings.config_scraper': 'config',
  'settings.topology': 'topology',
  'settings.health': 'health',
  'settings.job_history': 'health',
};

export interface Property {
  name: string;
  value: string | boolean | null | undefined;
}

/** Property name → value, as the session carries it. */
export type FeatureProperties = Record<string, string>;

export function toFeatureProperties(properties: readonly Property[]): FeatureProperties {
  const out: FeatureProperties = {};
  for (const p of properties) {
    if (p.name.endsWith('.disable')) out[p.name] = String(p.value ?? '');
  }
  return out;
}

export function isFeatureDisabled(feature: Feature, properties: FeatureProperties): boolean {
  const value = properties[`${feature}.disable`];
  if (value !== undefined && value.trim().toLowerCase() === 'true') return true;
  const parent = FEATURE_PARENTS[feature];
  return parent ? isFeatureDisabled(parent, properties) : false;
}
