/**
 * Migration 0001: the spec-era subset of the Mission Control tables (backend-contract §1.3, §5.2), with the real
 * table, column and foreign-key names (inline REFERENCES gives the `<table>_<column>_fkey` names embedding needs).
 */
export const migration0001Tables = String.raw`
CREATE OR REPLACE FUNCTION generate_ulid() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT (lpad(to_hex(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0')
          || substr(replace(gen_random_uuid()::text, '-', ''), 13))::uuid
$$;

CREATE TABLE people (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  avatar text,
  type text,
  team_id uuid,
  organization text,
  title text,
  email text UNIQUE,
  phone text,
  properties jsonb,
  external_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  last_login timestamptz
);

-- Kept apart from people so that select=* on /db/people can never expose a password hash.
CREATE TABLE people_passwords (
  person_id uuid PRIMARY KEY REFERENCES people(id) ON DELETE CASCADE,
  password_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE teams (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL UNIQUE,
  icon text,
  spec jsonb,
  source text,
  created_by uuid NOT NULL REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
ALTER TABLE people ADD FOREIGN KEY (team_id) REFERENCES teams(id);

CREATE TABLE team_members (
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  person_id uuid NOT NULL REFERENCES people(id) ON DELETE CASCADE,
  source text NOT NULL DEFAULT 'UI',
  PRIMARY KEY (team_id, person_id)
);

CREATE TABLE agents (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL UNIQUE,
  hostname text,
  description text,
  ip text,
  version text,
  username text,
  person_id uuid,
  properties jsonb,
  tls text,
  created_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  cleanup boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  last_seen timestamptz,
  last_received timestamptz
);

CREATE TABLE casbin_rule (
  id bigserial PRIMARY KEY,
  ptype varchar(100) NOT NULL,
  v0 varchar(100) NOT NULL,
  v1 varchar(100) NOT NULL,
  v2 varchar(100),
  v3 varchar(100),
  v4 varchar(100),
  v5 varchar(100),
  UNIQUE NULLS NOT DISTINCT (ptype, v0, v1, v2, v3, v4, v5)
);

CREATE TABLE identities (
  id uuid PRIMARY KEY,
  nid uuid,
  schema_id text NOT NULL DEFAULT 'default',
  traits jsonb NOT NULL,
  state text NOT NULL DEFAULT 'active',
  state_changed_at timestamptz,
  metadata_public jsonb,
  metadata_admin jsonb,
  available_aal text,
  organization_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE access_tokens (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  person_id uuid NOT NULL REFERENCES people(id) ON DELETE CASCADE,
  value text NOT NULL,
  auto_renew boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz
);

-- Health checks

CREATE TABLE canaries (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents(id),
  name text NOT NULL,
  namespace text NOT NULL,
  labels jsonb,
  annotations jsonb,
  spec jsonb NOT NULL,
  source text,
  is_pushed boolean NOT NULL DEFAULT false,
  created_at timestamptz DEFAULT now(),
  created_by uuid REFERENCES people(id),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE checks (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  canary_id uuid NOT NULL REFERENCES canaries(id) ON DELETE CASCADE,
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents(id),
  type text NOT NULL,
  name text NOT NULL,
  namespace text,
  description text,
  icon text,
  spec jsonb,
  labels jsonb,
  owner text,
  severity text,
  category text,
  is_pushed boolean NOT NULL DEFAULT false,
  transformed boolean,
  last_runtime timestamptz,
  last_transition_time timestamptz,
  next_runtime timestamptz,
  silenced_at timestamptz,
  status text,
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  UNIQUE (canary_id, type, name, agent_id)
);

CREATE TABLE check_statuses (
  check_id uuid NOT NULL REFERENCES checks(id) ON DELETE CASCADE,
  details jsonb,
  duration integer,
  error text,
  time timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  invalid boolean,
  message text,
  status boolean,
  severity text,
  is_pushed boolean NOT NULL DEFAULT false,
  PRIMARY KEY (check_id, time)
);
CREATE INDEX check_statuses_time_idx ON check_statuses (time DESC);

-- Catalog

CREATE TABLE config_scrapers (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  description text,
  name text,
  namespace text,
  spec jsonb NOT NULL,
  source text NOT NULL,
  created_by uuid REFERENCES people(id),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  is_pushed boolean NOT NULL DEFAULT false
);

CREATE TABLE config_items (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents(id),
  icon text,
  scraper_id uuid REFERENCES config_scrapers(id),
  config_class text NOT NULL,
  status text,
  health text,
  ready boolean,
  external_id text[],
  type text NOT NULL,
  name text,
  namespace text,
  description text,
  config jsonb,
  source text,
  labels jsonb,
  tags jsonb,
  properties jsonb,
  parent_id uuid REFERENCES config_items(id) DEFERRABLE INITIALLY DEFERRED,
  path text,
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  last_scraped_time timestamptz,
  is_pushed boolean NOT NULL DEFAULT false,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  delete_reason text,
  inserted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX config_items_parent_idx ON config_items (parent_id);
CREATE INDEX config_items_type_idx ON config_items (type);

CREATE TABLE config_changes (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  config_id uuid NOT NULL REFERENCES config_items(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  external_change_id text,
  external_created_by text,
  change_type text,
  severity text,
  source text,
  summary text,
  patches jsonb,
  diff text,
  details jsonb,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  count integer NOT NULL DEFAULT 1,
  fingerprint text,
  first_observed timestamptz NOT NULL DEFAULT now(),
  is_pushed boolean NOT NULL DEFAULT false,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (config_id, external_change_id)
);
CREATE INDEX config_changes_config_created_idx ON config_changes (config_id, created_at DESC);
CREATE INDEX config_changes_created_idx ON config_changes (created_at DESC);

CREATE TABLE config_analysis (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  config_id uuid NOT NULL REFERENCES config_items(id) ON DELETE CASCADE,
  scraper_id uuid,
  created_by uuid REFERENCES people(id),
  source text,
  analyzer text NOT NULL,
  analysis_type text,
  severity text,
  summary text,
  status text DEFAULT 'open',
  message text,
  analysis jsonb,
  first_observed timestamptz NOT NULL DEFAULT now(),
  last_observed timestamptz,
  is_pushed boolean NOT NULL DEFAULT false
);
CREATE INDEX config_analysis_config_idx ON config_analysis (config_id);

CREATE TABLE config_relationships (
  config_id uuid NOT NULL REFERENCES config_items(id) ON DELETE CASCADE,
  related_id uuid NOT NULL REFERENCES config_items(id) ON DELETE CASCADE,
  relation text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  selector_id text NOT NULL DEFAULT '',
  is_pushed boolean NOT NULL DEFAULT false,
  UNIQUE (related_id, config_id, relation, selector_id)
);
CREATE INDEX config_relationships_config_idx ON config_relationships (config_id);

-- Topology

CREATE TABLE topologies (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents(id),
  name text NOT NULL,
  namespace text NOT NULL,
  labels jsonb,
  source text NOT NULL DEFAULT 'UI',
  spec jsonb,
  schedule text,
  created_by uuid REFERENCES people(id),
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  is_pushed boolean NOT NULL DEFAULT false,
  UNIQUE (agent_id, name, namespace)
);

CREATE TABLE components (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents(id),
  topology_id uuid REFERENCES topologies(id),
  external_id text NOT NULL,
  parent_id uuid REFERENCES components(id) DEFERRABLE INITIALLY DEFERRED,
  config_id uuid REFERENCES config_items(id),
  name text NOT NULL,
  text text,
  topology_type text,
  namespace text,
  labels jsonb,
  hidden boolean NOT NULL DEFAULT false,
  silenced boolean NOT NULL DEFAULT false,
  is_pushed boolean NOT NULL DEFAULT false,
  status text NOT NULL,
  status_expr text,
  health_expr text,
  health text,
  description text,
  lifecycle text,
  tooltip text,
  status_reason text,
  schedule text,
  icon text,
  type text,
  owner text,
  selectors jsonb,
  log_selectors jsonb,
  component_checks jsonb,
  configs jsonb,
  properties jsonb,
  path text,
  summary jsonb,
  is_leaf boolean DEFAULT false,
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  created_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  UNIQUE NULLS NOT DISTINCT (topology_id, type, name, parent_id)
);
CREATE INDEX components_parent_idx ON components (parent_id);

CREATE TABLE component_relationships (
  component_id uuid NOT NULL REFERENCES components(id) ON DELETE CASCADE,
  relationship_id uuid NOT NULL REFERENCES components(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  selector_id text NOT NULL DEFAULT '',
  relationship_path text,
  is_pushed boolean NOT NULL DEFAULT false,
  UNIQUE (component_id, relationship_id, selector_id)
);

CREATE TABLE config_component_relationships (
  component_id uuid NOT NULL REFERENCES components(id) ON DELETE CASCADE,
  config_id uuid NOT NULL REFERENCES config_items(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  selector_id text,
  is_pushed boolean NOT NULL DEFAULT false,
  UNIQUE (component_id, config_id)
);

CREATE TABLE check_component_relationships (
  component_id uuid NOT NULL REFERENCES components(id) ON DELETE CASCADE,
  check_id uuid NOT NULL REFERENCES checks(id) ON DELETE CASCADE,
  canary_id uuid NOT NULL REFERENCES canaries(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  selector_id text NOT NULL DEFAULT '',
  is_pushed boolean NOT NULL DEFAULT false,
  UNIQUE (component_id, check_id, canary_id, selector_id)
);

CREATE TABLE check_config_relationships (
  config_id uuid NOT NULL REFERENCES config_items(id) ON DELETE CASCADE,
  check_id uuid NOT NULL REFERENCES checks(id) ON DELETE CASCADE,
  canary_id uuid NOT NULL REFERENCES canaries(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz,
  selector_id text NOT NULL DEFAULT '',
  is_pushed boolean NOT NULL DEFAULT false,
  UNIQUE (config_id, check_id, canary_id, selector_id)
);

CREATE TABLE team_components (
  team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  component_id uuid NOT NULL REFERENCES components(id) ON DELETE CASCADE,
  role text,
  selector_id text,
  PRIMARY KEY (team_id, component_id)
);

-- Incidents

CREATE TABLE incident_rules (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL UNIQUE,
  spec jsonb,
  source text,
  created_by uuid NOT NULL REFERENCES people(id),
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz
);

CREATE SEQUENCE incident_id_sequence START 1;

CREATE TABLE incidents (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  incident_id varchar(10) NOT NULL UNIQUE DEFAULT ('INC-' || nextval('incident_id_sequence')::text),
  incident_rule_id uuid REFERENCES incident_rules(id),
  title text NOT NULL,
  created_by uuid NOT NULL REFERENCES people(id),
  commander_id uuid REFERENCES people(id),
  communicator_id uuid REFERENCES people(id),
  severity text NOT NULL,
  description text NOT NULL,
  type text NOT NULL,
  status text NOT NULL DEFAULT 'open',
  acknowledged timestamptz,
  resolved timestamptz,
  closed timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE responders (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  incident_id uuid NOT NULL REFERENCES incidents(id) ON DELETE CASCADE,
  type text NOT NULL,
  index smallint,
  person_id uuid REFERENCES people(id),
  team_id uuid REFERENCES teams(id),
  external_id text,
  properties jsonb,
  acknowledged timestamptz,
  resolved timestamptz,
  closed timestamptz,
  created_by uuid NOT NULL REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE hypotheses (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  created_by uuid NOT NULL REFERENCES people(id),
  incident_id uuid NOT NULL REFERENCES incidents(id) ON DELETE CASCADE,
  parent_id uuid REFERENCES hypotheses(id) DEFERRABLE INITIALLY DEFERRED,
  owner uuid REFERENCES responders(id),
  team_id uuid REFERENCES teams(id),
  type text NOT NULL DEFAULT 'root',
  title text NOT NULL,
  status text NOT NULL DEFAULT 'possible',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE evidences (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  description text NOT NULL,
  hypothesis_id uuid NOT NULL REFERENCES hypotheses(id) ON DELETE CASCADE,
  config_id uuid REFERENCES config_items(id),
  config_change_id uuid REFERENCES config_changes(id),
  config_analysis_id uuid REFERENCES config_analysis(id),
  component_id uuid REFERENCES components(id),
  check_id uuid REFERENCES checks(id),
  definition_of_done boolean DEFAULT false,
  done boolean,
  factor boolean,
  mitigator boolean,
  created_by uuid NOT NULL REFERENCES people(id),
  type text NOT NULL,
  evidence jsonb,
  properties jsonb,
  script text,
  script_result text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE comments (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  created_by uuid NOT NULL REFERENCES people(id),
  comment text NOT NULL,
  external_id text,
  external_created_by text,
  incident_id uuid NOT NULL REFERENCES incidents(id) ON DELETE CASCADE,
  responder_id uuid REFERENCES responders(id),
  hypothesis_id uuid REFERENCES hypotheses(id) ON DELETE CASCADE,
  read smallint[],
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE comment_responders (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  comment_id uuid NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
  responder_id uuid NOT NULL REFERENCES responders(id) ON DELETE CASCADE,
  external_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE incident_histories (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  incident_id uuid NOT NULL REFERENCES incidents(id) ON DELETE CASCADE,
  created_by uuid NOT NULL REFERENCES people(id),
  type text,
  description text,
  hypothesis_id uuid REFERENCES hypotheses(id) ON DELETE CASCADE,
  responder_id uuid REFERENCES responders(id) ON DELETE CASCADE,
  evidence_id uuid REFERENCES evidences(id) ON DELETE CASCADE,
  comment_id uuid REFERENCES comments(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE incident_relationships (
  incident_id uuid NOT NULL REFERENCES incidents(id) ON DELETE CASCADE,
  related_id uuid NOT NULL REFERENCES incidents(id) ON DELETE CASCADE,
  relationship text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE severities (
  id integer PRIMARY KEY,
  name text NOT NULL,
  aliases text[],
  icon text
);

-- Playbooks

CREATE TABLE playbooks (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  namespace text NOT NULL DEFAULT 'default',
  name text NOT NULL,
  title text NOT NULL DEFAULT '',
  icon text,
  description text,
  spec jsonb NOT NULL,
  tags jsonb,
  created_by uuid REFERENCES people(id),
  source text NOT NULL DEFAULT 'UI',
  category text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  UNIQUE (namespace, name, category)
);

-- Connections, notifications (playbook_runs references notification_send_history)

CREATE TABLE connections (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  type text NOT NULL,
  url text,
  source text,
  username text,
  password text,
  certificate text,
  properties jsonb,
  insecure_tls boolean DEFAULT true,
  created_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  UNIQUE (name, namespace)
);

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  namespace text,
  events text[] NOT NULL,
  error text,
  title text,
  template text,
  filter text,
  properties jsonb,
  playbook_id uuid REFERENCES playbooks(id),
  person_id uuid REFERENCES people(id) ON DELETE CASCADE,
  team_id uuid REFERENCES teams(id) ON DELETE CASCADE,
  repeat_interval text,
  inhibitions jsonb,
  wait_for bigint,
  wait_for_eval_period bigint,
  group_by text[],
  group_by_interval bigint,
  watchdog_interval bigint,
  custom_services jsonb,
  fallback_delay bigint,
  fallback_custom_services jsonb,
  fallback_playbook_id uuid REFERENCES playbooks(id),
  fallback_person_id uuid REFERENCES people(id),
  fallback_team_id uuid REFERENCES teams(id),
  created_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  source text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  UNIQUE NULLS NOT DISTINCT (name, namespace)
);

CREATE TABLE notification_send_history (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  notification_id uuid NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  body text,
  status text,
  not_before timestamptz,
  retries integer NOT NULL DEFAULT 0,
  payload jsonb,
  count integer NOT NULL DEFAULT 1,
  first_observed timestamptz NOT NULL DEFAULT now(),
  source_event text NOT NULL,
  resource_id uuid NOT NULL,
  person_id uuid REFERENCES people(id) ON DELETE CASCADE,
  team_id uuid REFERENCES teams(id),
  connection_id uuid REFERENCES connections(id),
  silenced_by uuid,
  playbook_run_id uuid,
  error text,
  duration_millis integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  group_id uuid,
  parent_id uuid REFERENCES notification_send_history(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED
);
CREATE INDEX notification_send_history_created_idx ON notification_send_history (created_at DESC);

CREATE TABLE playbook_runs (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  playbook_id uuid NOT NULL REFERENCES playbooks(id) ON DELETE CASCADE,
  spec jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'scheduled',
  created_at timestamptz NOT NULL DEFAULT now(),
  start_time timestamptz,
  scheduled_time timestamptz NOT NULL DEFAULT now(),
  end_time timestamptz,
  timeout bigint NOT NULL DEFAULT 1800000000000,
  created_by uuid REFERENCES people(id),
  notification_send_id uuid REFERENCES notification_send_history(id),
  check_id uuid REFERENCES checks(id),
  config_id uuid REFERENCES config_items(id),
  component_id uuid REFERENCES components(id),
  parameters jsonb,
  request jsonb,
  agent_id uuid DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents(id),
  parent_id uuid REFERENCES playbook_runs(id) DEFERRABLE INITIALLY DEFERRED,
  error text
);
CREATE INDEX playbook_runs_created_idx ON playbook_runs (created_at DESC);

CREATE TABLE playbook_run_actions (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  status text NOT NULL DEFAULT 'running',
  retry_count integer DEFAULT 0,
  playbook_run_id uuid REFERENCES playbook_runs(id) ON DELETE CASCADE,
  start_time timestamptz,
  scheduled_time timestamptz NOT NULL DEFAULT now(),
  end_time timestamptz,
  result jsonb,
  is_pushed boolean NOT NULL DEFAULT false,
  agent_id uuid DEFAULT '00000000-0000-0000-0000-000000000000' REFERENCES agents(id),
  error text
);
CREATE INDEX playbook_run_actions_run_idx ON playbook_run_actions (playbook_run_id);

CREATE TABLE playbook_approvals (
  id uuid NOT NULL DEFAULT generate_ulid(),
  run_id uuid NOT NULL REFERENCES playbook_runs(id) ON DELETE CASCADE,
  person_id uuid REFERENCES people(id),
  team_id uuid REFERENCES teams(id),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE artifacts (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  check_id uuid REFERENCES checks(id) ON DELETE CASCADE,
  check_time timestamptz,
  playbook_run_action_id uuid REFERENCES playbook_run_actions(id) ON DELETE CASCADE,
  connection_id uuid REFERENCES connections(id),
  path text NOT NULL,
  filename text NOT NULL,
  content_type text,
  size integer NOT NULL,
  checksum text NOT NULL,
  content text,
  is_pushed boolean NOT NULL DEFAULT false,
  is_data_pushed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  expires_at timestamptz
);

CREATE TABLE notification_silences (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  namespace text,
  name text NOT NULL,
  description text,
  filter text,
  selectors jsonb,
  error text,
  "from" timestamptz,
  until timestamptz,
  recursive boolean,
  config_id uuid REFERENCES config_items(id) ON DELETE CASCADE,
  check_id uuid REFERENCES checks(id) ON DELETE CASCADE,
  canary_id uuid REFERENCES canaries(id) ON DELETE CASCADE,
  component_id uuid REFERENCES components(id) ON DELETE CASCADE,
  source text,
  created_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

-- RBAC

CREATE TABLE permission_groups (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  namespace text NOT NULL DEFAULT 'default',
  selectors jsonb NOT NULL,
  source text NOT NULL DEFAULT 'UI',
  created_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  UNIQUE (namespace, name)
);

CREATE TABLE permissions (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  namespace text,
  description text,
  source text NOT NULL DEFAULT 'UI',
  subject_type text NOT NULL DEFAULT 'group',
  subject text,
  action text NOT NULL,
  object text,
  object_selector jsonb,
  deny boolean DEFAULT false,
  component_id uuid REFERENCES components(id) ON DELETE CASCADE,
  config_id uuid REFERENCES config_items(id) ON DELETE CASCADE,
  canary_id uuid REFERENCES canaries(id) ON DELETE CASCADE,
  playbook_id uuid REFERENCES playbooks(id) ON DELETE CASCADE,
  connection_id uuid REFERENCES connections(id) ON DELETE CASCADE,
  created_by uuid REFERENCES people(id),
  person_id uuid REFERENCES people(id) ON DELETE CASCADE,
  team_id uuid REFERENCES teams(id) ON DELETE CASCADE,
  notification_id uuid REFERENCES notifications(id) ON DELETE CASCADE,
  updated_by uuid REFERENCES people(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  error text,
  until timestamptz,
  agents text[],
  tags jsonb
);

-- Settings / system

CREATE TABLE logging_backends (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  labels jsonb,
  spec jsonb NOT NULL,
  source text,
  agent_id uuid REFERENCES agents(id),
  created_at timestamptz DEFAULT now(),
  created_by uuid REFERENCES people(id),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE properties (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_by uuid REFERENCES people(id),
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE job_history (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  agent_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  name text,
  success_count integer,
  error_count integer,
  details jsonb,
  hostname text,
  duration_millis integer,
  resource_type text,
  resource_id text,
  status text,
  time_start timestamptz,
  time_end timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  is_pushed boolean NOT NULL DEFAULT false
);
CREATE INDEX job_history_resource_idx ON job_history (resource_type, resource_id, time_start DESC);
CREATE INDEX job_history_created_idx ON job_history (created_at DESC);

CREATE TABLE event_queue (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  properties jsonb,
  error text,
  delay bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_attempt timestamptz,
  attempts integer DEFAULT 0,
  priority integer NOT NULL DEFAULT 100
);

CREATE TABLE integrations (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  name text NOT NULL,
  icon text,
  spec jsonb,
  source text,
  created_by uuid NOT NULL REFERENCES people(id),
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now()
);

CREATE TABLE saved_query (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  icon text,
  description text,
  query text NOT NULL,
  columns jsonb,
  created_by uuid REFERENCES people(id),
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  deleted_at timestamptz
);

-- Bookkeeping of the demo seed (not exposed through /db).
CREATE TABLE embedded_seed (
  version integer PRIMARY KEY,
  seeded_at timestamptz NOT NULL DEFAULT now(),
  options jsonb,
  duration_ms integer
);
`;
