/**
 * The fixed resource → RBAC object map of the /db gate (backend-contract §1.2); anything else is a 404. It decides
 * roots and embeds alike, so every relation of the /db catalog is in it (tests/backend/security-matrix.test.ts).
 * Identities and everyone's roles are the `database.identities` object (admin only, spec 000 §6), not
 * `database.public` as in the real backend.
 */
const GROUPS: Record<string, readonly string[]> = {
  'database.public': [
    'agents',
    'analysis_types',
    'analyzer_types',
    'change_types',
    'check_names',
    'checks_labels_keys',
    'component_labels',
    'component_labels_keys',
    'component_names',
    'config_labels',
    'config_names',
    'config_statuses',
    'config_tags',
    'config_tags_labels_keys',
    'config_types',
    'config_classes',
    'playbook_names',
    'team_components',
    'team_members',
    'teams',
    'teams_with_status',
    'saved_query',
    'severities',
  ],
  'database.identities': ['identities', 'people_roles'],
  canaries: [
    'canaries',
    'canaries_with_status',
    'canary_names',
    'checks',
    'check_statuses',
    'check_summary',
    'check_status_summary',
    'checks_by_component',
    'check_component_relationships',
    'check_config_relationships',
    'rpc/check_summary_for_component',
  ],
  catalog: [
    'configs',
    'config_items',
    'config_detail',
    'config_changes',
    'config_analysis',
    'config_analysis_items',
    'config_analysis_analyzers',
    'config_relationships',
    'config_component_relationships',
    'catalog_changes',
    'changes_by_component',
    'analysis_by_component',
    'check_summary_for_config',
    'config_changes_items',
    'rpc/related_configs_recursive',
    'rpc/related_changes_recursive',
    'rpc/lookup_configs_by_component',
    'rpc/config_relationships_recursive',
  ],
  topology: [
    'components',
    'topologies',
    'topologies_with_status',
    'components_with_logs',
    'component_relationships',
    'rpc/lookup_analysis_by_component',
  ],
  playbooks: [
    'playbooks',
    'playbook_runs',
    'playbook_run_actions',
    'playbook_approvals',
    'rpc/get_playbook_run_actions',
  ],
  people: ['people'],
  incident: [
    'incidents',
    'hypotheses',
    'evidences',
    'comments',
    'comment_responders',
    'responders',
    'incident_histories',
    'incident_summary',
    'incidents_by_component',
    'incidents_by_config',
    'incident_rules',
    'incident_relationships',
  ],
  notification: ['notifications', 'notification_silences'],
  connection: ['connections'],
  'database.monitor': [
    'agents_summary',
    'job_histories',
    'job_history',
    'job_history_names',
    'job_history_latest_status',
    'event_queue_summary',
    'integrations',
    'integrations_with_status',
    'config_scrapers_with_status',
    'notifications_summary',
    'notification_send_history',
    'notification_send_history_summary',
  ],
  'database.system': ['properties', 'permissions', 'permissions_summary', 'permission_groups', 'event_queue'],
  'database.config_scrapers': ['config_scrapers', 'logging_backends'],
  artifact: ['artifacts'],
  // Issue 38: status pages are edited by admins only; incidents are made public by admins and commanders.
  status_page: ['status_pages', 'status_page_entries'],
  incident_publication: ['incident_publications', 'incident_public_updates'],
  // access_tokens is a credential store: not in the /db catalog at all (postgrest/exposure.ts).
  auth: ['casbin_rule'],
};

/** Objects the backend's routes outside /db check (lib/embedded-backend/endpoints: logs, agents, kubeconfig …). */
const ENDPOINT_OBJECTS = [
  'agent',
  'connection',
  'kubernetes-proxy',
  'logs',
  'people',
  'artifact',
  // Issue 33: a person's saved views (/saved-views), scoped to the caller's own rows; the table is not in /db.
  'saved_view',
] as const;

/**
 * Every RBAC object of the backend: those of /db and those of its other routes. whoami answers, for each, what the
 * caller may do (`effective_permissions`), and the console keeps its answer for exactly these (lib/auth/backend-access.ts).
 */
export const RBAC_OBJECTS: readonly string[] = [...new Set([...Object.keys(GROUPS), ...ENDPOINT_OBJECTS])];

export const RESOURCE_OBJECTS: ReadonlyMap<string, string> = new Map(
  Object.entries(GROUPS).flatMap(([object, resources]) => resources.map((r) => [r, object] as const)),
);

/** The RBAC object of a /db resource (`checks`, `rpc/get_playbook_run_actions`), or undefined when unmapped. */
export function objectForResource(resource: string): string | undefined {
  return RESOURCE_OBJECTS.get(resource);
}

export type RbacAction = 'create' | 'read' | 'update' | 'delete';

/** GET read, POST create, PATCH update, DELETE delete; anything else (HEAD, PUT, OPTIONS) has no action → 403. */
export function actionForMethod(method: string): RbacAction | undefined {
  switch (method.toUpperCase()) {
    case 'GET':
      return 'read';
    case 'POST':
      return 'create';
    case 'PATCH':
      return 'update';
    case 'DELETE':
      return 'delete';
    default:
      return undefined;
  }
}
