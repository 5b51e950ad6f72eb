/**
 * The `/db` request shapes the spec UI sends (reference §4.3), as raw URLs with `{placeholders}` filled from the
 * demo data. `expect` is the status the real backend answers (400 for the documented broken calls of §6.2).
 */

export interface Shape {
  screen: string;
  path: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: unknown;
  expect: number | number[];
  /** Keys every returned row (or the object) must have. */
  keys?: string[];
}

export interface ShapeIds {
  check: string;
  canary: string;
  component: string;
  config: string;
  change: string;
  analysis: string;
  incident: string;
  hypothesis: string;
  playbook: string;
  run: string;
  action: string;
  notification: string;
  silence: string;
  team: string;
  person: string;
  agent: string;
  connection: string;
}

/** Which id each placeholder takes: `<resource>?select=id&limit=1` (with an optional filter for a meaningful row). */
export const ID_SOURCES: Record<keyof ShapeIds, string> = {
  check: 'checks?select=id&deleted_at=is.null&order=name&limit=1',
  canary: 'canaries?select=id&deleted_at=is.null&order=name&limit=1',
  component: 'components?select=id&deleted_at=is.null&order=name&limit=1',
  config: 'config_items?select=id&deleted_at=is.null&type=eq.Kubernetes::Deployment&limit=1',
  change: 'config_changes?select=id&order=created_at.desc&limit=1',
  analysis: 'config_analysis?select=id&limit=1',
  incident: 'incidents?select=id&order=created_at.desc&limit=1',
  hypothesis: 'hypotheses?select=id&limit=1',
  playbook: 'playbooks?select=id&deleted_at=is.null&limit=1',
  run: 'playbook_runs?select=id&order=created_at.desc&limit=1',
  action: 'playbook_run_actions?select=id&limit=1',
  notification: 'notifications?select=id&deleted_at=is.null&limit=1',
  silence: 'notification_silences?select=id&limit=1',
  team: 'teams?select=id&deleted_at=is.null&order=name&limit=1',
  person: 'people?select=id&email=not.is.null&order=name&limit=1',
  agent: 'agents?select=id&limit=1',
  connection: 'connections?select=id&limit=1',
};

const COUNT = { Prefer: 'count=exact' };

/** A paged read asking for the exact count: 200 with every row, 206 with a page of them. */
const counted = (screen: string, path: string): Shape => ({
  screen,
  path,
  headers: COUNT,
  expect: [200, 206],
});

export function requestShapes(ids: ShapeIds, nowIso = new Date().toISOString()): Shape[] {
  const dayAgo = new Date(Date.parse(nowIso) - 86_400_000).toISOString();
  const shapes: Shape[] = [
    // Health modal
    {
      screen: 'health',
      path: `checks?id=eq.${ids.check}&select=*,canaries!checks_canary_id_fkey(id,name,source),agents!checks_agent_id_fkey(id,name),components:check_component_relationships(components(id,name,icon)),configs:check_config_relationships(configs(id,name,type))`,
      expect: 200,
      keys: ['id', 'canaries', 'agents', 'components', 'configs'],
    },
    counted(
      'health',
      `check_statuses?check_id=eq.${ids.check}&time=gt.${dayAgo}&order=time.desc&limit=50&offset=0`,
    ),
    counted(
      'health',
      `check_statuses?check_id=eq.${ids.check}&time=gt.${dayAgo}&order=time.desc&status=eq.1&duration=gte.100&limit=50&offset=0`,
    ),
    {
      screen: 'health',
      path: `canaries?id=eq.${ids.canary}&select=id,source,spec,name,namespace`,
      expect: 200,
      keys: ['id', 'spec'],
    },
    { screen: 'health', path: `checks?id=eq.${ids.check}&select=id,name,icon,status,type`, expect: 200 },
    { screen: 'health', path: 'checks_labels_keys', expect: 200 },
    { screen: 'health', path: 'check_names', expect: 200 },
    {
      screen: 'health',
      path: 'check_summary?select=*&limit=50',
      expect: 200,
      keys: ['id', 'uptime', 'latency'],
    },
    // Topology
    { screen: 'topology', path: `components?id=eq.${ids.component}`, expect: 200 },
    { screen: 'topology', path: `component_names?id=eq.${ids.component}`, expect: 200 },
    {
      screen: 'topology',
      path: 'component_names?order=name.asc&type=in.(KubernetesCluster,Namespace)',
      expect: 200,
    },
    { screen: 'topology', path: 'component_labels', expect: 200 },
    { screen: 'topology', path: 'component_labels_keys', expect: 200 },
    { screen: 'topology', path: `checks_by_component?component_id=eq.${ids.component}`, expect: 200 },
    {
      screen: 'topology',
      path: `team_components?component_id=eq.${ids.component}&select=*,team:teams(*,created_by(id,name,avatar))`,
      expect: 200,
    },
    {
      screen: 'topology',
      path: `config_component_relationships?component_id=eq.${ids.component}&configs.order=name&select=*,configs!config_component_relationships_config_id_fkey(id,type,name,config_class,deleted_at)&deleted_at=is.null`,
      expect: 200,
    },
    {
      screen: 'topology',
      path: `changes_by_component?component_id=eq.${ids.component}&select=id,change_type,created_at:configs(id,name,type)`,
      expect: 200,
    },
    counted(
      'topology',
      `analysis_by_component?component_id=eq.${ids.component}&limit=10&offset=0&select=analysis_id,config:configs(id,name,type,analysis:config_analysis(id,analysis_type,severity))`,
    ),
    { screen: 'topology', path: `rpc/lookup_analysis_by_component?id=${ids.component}`, expect: 200 },
    {
      screen: 'topology',
      path: `incidents_by_component?component_id=eq.${ids.component}&order=created_at.desc&type=eq.availability&status=eq.open`,
      expect: 200,
    },
    // Catalog list
    {
      ...counted(
        'catalog',
        'configs?select=id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d,changes,analysis&select=agent:agents(id,name)&status.filter=Running,!Stopped&health.filter=healthy,unhealthy&order=type,name.asc&deleted_at=is.null&limit=50&offset=0',
      ),
      keys: ['id', 'changes', 'analysis'],
    },
    {
      screen: 'catalog',
      path: 'configs?select=id,name,type&or=(name.ilike.*api*,type.ilike.*api*,description.ilike.*api*,namespace.ilike.*api*)&order=type,name.asc&limit=50',
      expect: 200,
    },
    { screen: 'catalog', path: 'configs?select=id,name&or=(and(labels->>app.eq.api))&limit=50', expect: 200 },
    { screen: 'catalog', path: 'config_types', expect: 200 },
    { screen: 'catalog', path: 'config_statuses', expect: 200 },
    { screen: 'catalog', path: 'config_tags', expect: 200 },
    { screen: 'catalog', path: 'config_labels', expect: 200 },
    { screen: 'catalog', path: 'config_tags_labels_keys', expect: 200 },
    // Config detail
    {
      screen: 'config',
      path: `config_detail?id=eq.${ids.config}&select=*,config_scrapers(id,name)`,
      expect: 200,
      keys: ['id', 'config_scrapers'],
    },
    { screen: 'config', path: `config_names?id=eq.${ids.config}`, expect: 200 },
    {
      screen: 'config',
      path: `rpc/related_configs_recursive?config_id=${ids.config}&include_deleted_configs=false&max_depth=10&type_filter=all&incoming_relation=both&outgoing_relation=both&type.filter=Kubernetes::Pod,Kubernetes::ReplicaSet&status.filter=!Stopped&health.filter=healthy,unhealthy,warning,unknown`,
      expect: 200,
    },
    {
      screen: 'config',
      path: `config_relationships?or=(related_id.eq.${ids.config},config_id.eq.${ids.config})&configs.order=name&select=*,configs:configs!config_relationships_config_id_fkey(id,name,type),related:configs!config_relationships_related_id_fkey(id,name,type)`,
      expect: 200,
    },
    counted(
      'config',
      `config_changes?config_id=eq.${ids.config}&order=created_at.desc&severity=eq.info&and=(created_at.gte.${dayAgo},created_at.lte.${nowIso})&limit=50&offset=0`,
    ),
    {
      screen: 'config',
      path: `config_changes?id=eq.${ids.change}&select=id,change_type,summary,config:configs(id,name,type)`,
      expect: 200,
    },
    { screen: 'config', path: `check_summary_for_config?config_id=eq.${ids.config}`, expect: 200 },
    counted(
      'config',
      `config_analysis?select=id,analysis_type,severity,config:configs(id,name,type)&config_id=eq.${ids.config}&limit=50&offset=0`,
    ),
    {
      screen: 'config',
      path: `config_component_relationships?config_id=eq.${ids.config}&select=components!config_component_relationships_component_id_fkey(id,icon,name)`,
      expect: 200,
    },
    {
      screen: 'config',
      path: `configs?id=eq.${ids.config}&select=cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d`,
      expect: 200,
    },
    { screen: 'config', path: `configs?id=in.(${ids.config})&select=id,name,config_class,type`, expect: 200 },
    {
      screen: 'config',
      path: `incidents_by_config?config_id=eq.${ids.config}&order=created_at.desc`,
      expect: 200,
    },
    // Insights
    counted(
      'insights',
      'config_analysis_items?select=id,analysis_type,analyzer,severity,status,first_observed,last_observed,config:configs(id,name,config_class,type)&limit=50&offset=0&status=eq.open&order=first_observed.desc',
    ),
    { screen: 'insights', path: 'config_analysis_items?select=id&component_id=eq.x', expect: 400 },
    { screen: 'insights', path: 'analysis_types', expect: 200 },
    { screen: 'insights', path: 'config_analysis_analyzers?order=analyzer.asc', expect: 200 },
    { screen: 'insights', path: `config_analysis?select=*&id=eq.${ids.analysis}`, expect: 200 },
    // Changes
    { screen: 'changes', path: 'change_types?change_type=not.eq.', expect: 200 },
    // Incidents
    {
      screen: 'incidents',
      path: 'incident_summary?title=ilike.*a*&order=created_at.desc&status=eq.open',
      expect: 200,
    },
    {
      screen: 'incidents',
      path: `incident_summary?order=created_at.desc&created_by=eq.${ids.person}`,
      expect: 400,
    },
    {
      screen: 'incidents',
      path: `incident_summary?order=created_at.desc&hypotheses.evidences.component_id=eq.${ids.component}`,
      expect: 400,
    },
    {
      screen: 'incidents',
      path: `incidents?id=eq.${ids.incident}&select=*,hypotheses(*,created_by(id,name,avatar),evidences(*,created_by(id,name,avatar)),comments(created_at,comment,external_created_by,responder_id(team_id(*)),created_by(id,name,avatar),id)),commander:commander_id(id,name,avatar),communicator_id(id,name,avatar),responders(created_by(id,name,avatar))`,
      expect: 200,
      keys: ['hypotheses', 'commander', 'communicator_id', 'responders'],
    },
    {
      screen: 'incidents',
      path: 'incidents?order=created_at.desc&title=ilike.*a*&select=*,hypotheses(id,type)',
      expect: 200,
    },
    {
      screen: 'incidents',
      path: `incident_histories?incident_id=eq.${ids.incident}&select=*,evidence:evidences(id,description,components(id,name),configs(id,name),config_changes(id),config_analysis(id),checks(id,name)),hypothesis:hypotheses(id,title),responder:responders(id,person:person_id(id,name),team:team_id(id,name)),comment:comments(id,comment),created_by(id,name,avatar)&order=created_at.desc`,
      expect: 200,
    },
    {
      screen: 'incidents',
      path: `hypotheses?id=eq.${ids.hypothesis}&select=id,comments(id,comment,responder_id(*,team_id(*))),evidences(id,description)`,
      expect: 200,
    },
    {
      screen: 'incidents',
      path: `hypotheses?order=created_at.desc&title=ilike.*a*&incident_id=eq.${ids.incident}`,
      expect: 200,
    },
    {
      screen: 'incidents',
      path: `responders?incident_id=eq.${ids.incident}&select=*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)&deleted_at=is.null`,
      expect: 200,
    },
    {
      screen: 'incidents',
      path: 'configs?select=id,external_id,name,type,analysis,changes&type=ilike.jira&or=(name.ilike.*a*)',
      expect: 200,
    },
    // Playbooks
    {
      screen: 'playbooks',
      path: 'playbooks?select=*,created_by(id,name,avatar)&deleted_at=is.null&order=created_at.desc',
      expect: 200,
    },
    {
      screen: 'playbooks',
      path: `playbooks?id=eq.${ids.playbook}&select=*,created_by(id,name,avatar)`,
      expect: 200,
    },
    { screen: 'playbooks', path: `playbooks?id=in.(${ids.playbook})&select=id,title,spec`, expect: 200 },
    {
      screen: 'playbooks',
      path: 'playbook_names?select=id,name,title,icon,category&order=title.asc',
      expect: 200,
    },
    counted(
      'playbooks',
      `playbook_runs?parent_id=is.null&limit=50&offset=0&order=created_at.desc&or=(and(start_time.gte.${dayAgo},start_time.lte.${nowIso}),and(created_at.gte.${dayAgo},created_at.lte.${nowIso}))&select=*,created_by(id,name,avatar),playbooks(id,name,title,spec,icon),component:components(id,name,icon),check:checks(id,name,icon),config:config_items(id,name,type)`,
    ),
    {
      screen: 'playbooks',
      path: `playbook_runs?or=(id.eq.${ids.run},parent_id.eq.${ids.run})&select=id,status,playbook_approvals(*,person_id(id,name),team_id(*))`,
      expect: 200,
    },
    { screen: 'playbooks', path: `rpc/get_playbook_run_actions?run_id=${ids.run}`, expect: 200 },
    {
      screen: 'playbooks',
      path: `playbook_run_actions?id=eq.${ids.action}&select=*,artifacts:artifacts(*)::jsonb,playbook_run:playbook_runs(spec)`,
      expect: 200,
    },
    // Notifications
    counted(
      'notifications',
      'notifications_summary?select=*,person:person_id(id,name,avatar),team:team_id(id,name,icon),created_by(id,name,avatar)&order=created_at.desc&limit=50&offset=0',
    ),
    {
      screen: 'notifications',
      path: `notifications?id=eq.${ids.notification}&select=id,name,events,filter,person_id,team_id`,
      expect: 200,
    },
    counted(
      'notifications',
      'notification_send_history_summary?select=*&order=created_at.desc&limit=50&offset=0&resource_type.filter=config,check&status.filter=sent,!error&resource->>name.filter=*a*',
    ),
    counted(
      'notifications',
      'notification_silences?select=*,checks:check_id(id,name,type,status),catalog:config_id(id,name,type),component:component_id(id,name,icon),createdBy:created_by(id,name,avatar)&order=created_at.desc&limit=50&offset=0&deleted_at=is.null',
    ),
    { screen: 'notifications', path: `notification_silences?id=eq.${ids.silence}`, expect: 200 },
    // Logs
    { screen: 'logs', path: 'components_with_logs?order=name.asc', expect: 200 },
    // Settings · resources
    {
      screen: 'settings',
      path: 'canaries_with_status?select=*,created_by(id,name,avatar)&order=name.asc&deleted_at=is.null&limit=100',
      expect: 200,
    },
    {
      screen: 'settings',
      path: 'topologies_with_status?select=*,created_by(id,name,avatar),agent:agent_id(id,name,description)&order=name.asc&deleted_at=is.null&limit=100',
      expect: 200,
    },
    {
      screen: 'settings',
      path: 'teams_with_status?select=*,created_by(id,name,avatar)&order=name.asc&deleted_at=is.null&limit=100',
      expect: 200,
    },
    {
      screen: 'settings',
      path: 'config_scrapers_with_status?select=*,created_by(id,name,avatar),agent:agent_id(id,name,description)&order=name.asc&deleted_at=is.null&limit=100',
      expect: 200,
    },
    {
      screen: 'settings',
      path: 'incident_rules?select=*,created_by(id,name,avatar)&order=name.asc&limit=100',
      expect: 200,
    },
    {
      screen: 'settings',
      path: 'connections?select=*,created_by(id,name,avatar)&order=name.asc&limit=100',
      expect: 200,
    },
    counted('settings', 'job_histories?select=*&limit=50&offset=0&resource_type.filter=canary,topology'),
    { screen: 'settings', path: 'identities', expect: 200 },
    { screen: 'settings', path: `people_roles?id=in.(${ids.person})`, expect: 200 },
    { screen: 'settings', path: 'people?select=*&order=name.asc', expect: 200 },
    { screen: 'settings', path: 'teams?deleted_at=is.null&order=name.asc', expect: 200 },
    { screen: 'settings', path: `team_members?team_id=eq.${ids.team}&select=*,person_id(*)`, expect: 200 },
    counted(
      'settings',
      `permissions_summary?subject_type=eq.person&select=*&deleted_at=is.null&limit=50&offset=0`,
    ),
    {
      screen: 'settings',
      path: `permissions_summary?person_id=eq.${ids.person}&select=*`,
      expect: [200, 400],
    },
    counted(
      'settings',
      `job_histories?&select=*&limit=50&offset=0&resource_type.filter=canary&name.filter=*Sync*&status.filter=SUCCESS,FAILED&order=time_start.desc&and=(created_at.gt.${dayAgo},created_at.lt.${nowIso})&duration_millis=gte.10`,
    ),
    { screen: 'settings', path: 'job_history_names?order=name.asc', expect: 200 },
    { screen: 'settings', path: 'properties?select=*,created_by(id,name,avatar)', expect: 200 },
    { screen: 'settings', path: 'event_queue_summary?order=last_failure.desc', expect: 200 },
    counted(
      'settings',
      'agents_summary?select=*,created_by(id,name,avatar)&order=created_at.desc&limit=50&offset=0&order=name.asc',
    ),
    { screen: 'settings', path: `agents_summary?select=*&id=eq.${ids.agent}`, expect: 200 },
    { screen: 'settings', path: `agents?select=id,name,description&id=in.(${ids.agent})`, expect: 200 },
    counted(
      'settings',
      'integrations_with_status?order=created_at.desc&select=*&deleted_at=is.null&limit=50&offset=0',
    ),
    {
      screen: 'settings',
      path: 'logging_backends?order=created_at.desc&select=id,spec,name,source,created_at,updated_at,created_by(id,name,avatar)&deleted_at=is.null',
      expect: 200,
    },
    { screen: 'settings', path: `connections?id=eq.${ids.connection}&select=id,name,type`, expect: 200 },
    // Broken calls documented in §6.1: no such view.
    { screen: 'dead', path: 'config_changes_items', expect: 404 },
  ];
  return shapes;
}
