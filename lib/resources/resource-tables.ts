import type { Feature } from '@/lib/feature-flags';
import { hasAccess, type AccessGrants, type ResourceArea, type Role } from '@/lib/auth/permissions';
import { RESOURCE_TABLE_PATHS, type ResourceTableName } from './href';

/**
 * The generic resource tables (spec 000 §2 "/settings/{table}", 001 §2.7, §3.6), as data: one list, detail page and
 * editor implementation renders every one of them. Config scrapers share it but live under /catalog/scrapers, so
 * they are not in RESOURCE_TABLES (the settings routes).
 */
export type { ResourceTableName };

/** A column of the generic list; each table hides the ones the spec names (upstream-ui.md §2.9). */
export type ResourceListColumn =
  | 'name'
  | 'namespace'
  | 'schedule'
  | 'labels'
  | 'source'
  | 'job_status'
  | 'last_runtime'
  | 'created_by'
  | 'created_at'
  | 'updated_at'
  | 'agent';

/** Header fields of the editor; `name` is always there. */
export type ResourceHeaderField = 'icon' | 'labels' | 'schedule' | 'namespace';

export interface ResourceTableDefinition {
  table: ResourceTableName;
  /** Singular display name ('Add Health Check'). */
  name: string;
  /** Sidebar label. */
  label: string;
  area: ResourceArea;
  feature: Feature;
  icon: string;
  /** The list page (RESOURCE_TABLE_PATHS); the detail page is resourceHref(table, id). */
  path: string;
  /** The relation the list reads (the `*_with_status` view with the latest job where the backend has one). */
  listView: string;
  /** The list carries job status, details and last run. */
  withStatus: boolean;
  columns: readonly ResourceListColumn[];
  header: readonly ResourceHeaderField[];
  /** Defaults of a new resource's columns (spec 001 §3.6). */
  defaults: { namespace?: string; icon?: string };
  /** `health` / `scraper`: a spec-type picker; otherwise the spec is edited as code. */
  specTypes?: 'health' | 'scraper';
  /** The JSON schema the backend validates the spec against (GET /schemas/{file}). */
  schemaFile?: string;
  /** `resource_type` of the table's jobs in job_histories. */
  jobResourceType: string;
  /** Teams have a Members tab. */
  members?: boolean;
  /**
   * The roles the backend's default policies let write this table where they are stricter than the console's role
   * table (backend-contract §3.4: teams are `database.public`, scrapers `database.config_scrapers`, both admin-only;
   * rules are `incident`, which editors lack), so no Add, Save or Delete is offered that the backend would refuse.
   */
  writeRoles?: readonly Role[];
  /**
   * Where the detail page's Save and Delete return when not to the table's list (001 §2.4: "After update or delete
   * it returns to /settings/integrations" for a topology).
   */
  returnPath?: string;
  /** The editor's submit text when it edits a stored resource ('Save' when it creates; 001 §2.4: 'Update'). */
  updateLabel?: string;
}

const COMMON_TAIL: readonly ResourceListColumn[] = [
  'source',
  'job_status',
  'last_runtime',
  'created_by',
  'created_at',
  'updated_at',
];

export const RESOURCE_TABLES: readonly ResourceTableDefinition[] = [
  {
    table: 'teams',
    name: 'Team',
    label: 'Teams',
    area: 'database',
    feature: 'settings.teams',
    icon: 'users-round',
    path: RESOURCE_TABLE_PATHS.teams,
    listView: 'teams_with_status',
    withStatus: true,
    // teams hide schedule and namespace and have no labels
    columns: ['name', ...COMMON_TAIL],
    header: ['icon'],
    defaults: { icon: 'group' },
    jobResourceType: 'team',
    members: true,
    writeRoles: ['admin'],
  },
  {
    table: 'incident_rules',
    name: 'Rule',
    label: 'Rules',
    area: 'incident',
    feature: 'incidents',
    icon: 'list-checks',
    path: RESOURCE_TABLE_PATHS.incident_rules,
    listView: 'incident_rules',
    withStatus: false,
    columns: ['name', 'source', 'created_by', 'created_at', 'updated_at'],
    header: [],
    defaults: {},
    jobResourceType: 'incident_rule',
    writeRoles: ['admin', 'commander', 'responder'],
  },
  {
    table: 'topologies',
    name: 'Topology',
    label: 'Topology',
    area: 'topologies',
    feature: 'settings.topology',
    icon: 'network',
    path: RESOURCE_TABLE_PATHS.topologies,
    listView: 'topologies_with_status',
    withStatus: true,
    // topologies hide schedule
    columns: ['name', 'namespace', 'labels', ...COMMON_TAIL, 'agent'],
    header: ['namespace', 'labels'],
    defaults: { namespace: 'default' },
    schemaFile: 'topology.spec.schema.json',
    jobResourceType: 'topology',
    returnPath: '/settings/integrations',
    updateLabel: 'Update',
  },
  {
    table: 'canaries',
    name: 'Health Check',
    label: 'Health Check',
    area: 'canaries',
    feature: 'settings.health',
    icon: 'heart-pulse',
    path: RESOURCE_TABLE_PATHS.canaries,
    listView: 'canaries_with_status',
    withStatus: true,
    // canaries hide namespace
    columns: ['name', 'schedule', 'labels', ...COMMON_TAIL],
    header: ['namespace', 'labels', 'schedule'],
    defaults: { namespace: 'default' },
    specTypes: 'health',
    schemaFile: 'canary.spec.schema.json',
    jobResourceType: 'canary',
  },
];

export const SCRAPER_TABLE: ResourceTableDefinition = {
  table: 'config_scrapers',
  name: 'Catalog Scraper',
  label: 'Catalog Scrapers',
  area: 'config_scrapers',
  feature: 'settings.config_scraper',
  icon: 'scan-search',
  path: RESOURCE_TABLE_PATHS.config_scrapers,
  listView: 'config_scrapers_with_status',
  withStatus: true,
  // scrapers hide schedule and namespace
  columns: ['name', ...COMMON_TAIL],
  header: ['schedule'],
  defaults: {},
  specTypes: 'scraper',
  schemaFile: 'config_scraper.spec.schema.json',
  jobResourceType: 'config_scraper',
  writeRoles: ['admin'],
};

const BY_NAME = new Map<string, ResourceTableDefinition>(
  [...RESOURCE_TABLES, SCRAPER_TABLE].map((t) => [t.table, t]),
);

export function resourceTableOf(table: ResourceTableName): ResourceTableDefinition {
  const def = BY_NAME.get(table);
  if (!def) throw new Error(`Unknown resource table ${table}`);
  return def;
}

/** Whether the signed-in person may add, change and delete rows of the table (console grants and backend policy). */
export function canWriteResource(
  def: ResourceTableDefinition,
  session: { roles: readonly Role[]; grants: AccessGrants } | null,
): boolean {
  if (!session || !hasAccess(session.grants, def.area, 'write')) return false;
  return !def.writeRoles || session.roles.some((r) => def.writeRoles?.includes(r));
}
