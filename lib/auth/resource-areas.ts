/**
 * The backend's resource areas, apart from the role table: grants.ts (in every page's first load) types its
 * grants with them without importing permissions.ts, which imports grants.ts (no cycle).
 */
export const RESOURCE_AREAS = [
  'database',
  'rbac',
  'auth',
  'responder',
  'incident',
  'evidences',
  'comments',
  'canaries',
  'topologies',
  'config_scrapers',
  'identities',
  'connections',
  'kratos',
  'agents',
  'properties',
  'logging_backends',
  'integrations',
  'notifications',
  'playbooks',
  'playbook_runs',
  'permissions',
  // Status pages (issue 38): admin only, like the backend's status_page object.
  'status_pages',
] as const;
export type ResourceArea = (typeof RESOURCE_AREAS)[number];
