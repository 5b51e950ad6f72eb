/** A row of the embedded backend's `permissions` table as the enforcer reads it: nothing set but what `over` gives. */
export function permissionRow(over: Record<string, unknown>) {
  return {
    id: 'p',
    subject: 'editor',
    object: 'playbooks',
    action: 'playbook:run',
    deny: false,
    person_id: null,
    team_id: null,
    notification_id: null,
    object_selector: null,
    component_id: null,
    config_id: null,
    canary_id: null,
    playbook_id: null,
    connection_id: null,
    check_id: null,
    tags: null,
    agents: null,
    ...over,
  };
}
