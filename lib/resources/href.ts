/**
 * Links to the generic resource pages (/settings/{table}, /catalog/scrapers and their detail pages), apart from
 * resource-tables.ts so that a link does not load the tables' definitions into another screen's first load.
 */

/** Each table's list page; the tables' definitions (resource-tables.ts) take their `path` from here. */
export const RESOURCE_TABLE_PATHS = {
  teams: '/settings/teams',
  incident_rules: '/settings/incident_rules',
  topologies: '/settings/topologies',
  canaries: '/settings/canaries',
  config_scrapers: '/catalog/scrapers',
} as const;

export type ResourceTableName = keyof typeof RESOURCE_TABLE_PATHS;

/** A resource's detail page. */
export const resourceHref = (table: ResourceTableName, id: string) =>
  `${RESOURCE_TABLE_PATHS[table]}/${encodeURIComponent(id)}`;

/** A team's page. */
export const teamHref = (id: string) => resourceHref('teams', id);

/** A health check definition's (canary's) page. */
export const canaryHref = (id: string) => resourceHref('canaries', id);

/** A topology definition's page in the settings (not the topology screen's component page). */
export const topologySettingsHref = (id: string) => resourceHref('topologies', id);

/** A catalog scraper's page. */
export const scraperHref = (id: string) => resourceHref('config_scrapers', id);
