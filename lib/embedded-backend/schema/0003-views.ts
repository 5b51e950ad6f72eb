/**
 * Migration 0003: the views and rpc functions the console reads (backend-contract §1.4, §1.5, §5.3), as plain views so
 * summaries are never stale; correlated sub-selects keep paged lists cheap because they run only for returned rows.
 */
export const migration0003Views = String.raw`
-- Health

CREATE VIEW check_status_summary AS
WITH recent AS (
  SELECT check_id,
    percentile_disc(0.99) WITHIN GROUP (ORDER BY duration) AS p99,
    percentile_disc(0.95) WITHIN GROUP (ORDER BY duration) AS p95,
    percentile_disc(0.50) WITHIN GROUP (ORDER BY duration) AS p50,
    round(avg(duration)::numeric, 2) AS avg,
    count(*) FILTER (WHERE status) AS passed,
    count(*) FILTER (WHERE NOT status) AS failed,
    max(time) FILTER (WHERE status) AS last_pass,
    max(time) FILTER (WHERE NOT status) AS last_fail
  FROM check_statuses
  WHERE time > now() - interval '1 hour'
  GROUP BY check_id
)
SELECT r.check_id,
  json_build_object('passed', r.passed, 'failed', r.failed, 'last_pass', r.last_pass, 'last_fail', r.last_fail) AS uptime,
  json_build_object('p99', r.p99, 'p95', r.p95, 'p50', r.p50, 'avg', r.avg) AS latency
FROM recent r
UNION ALL
SELECT l.check_id,
  json_build_object('passed', CASE WHEN l.status THEN 1 ELSE 0 END, 'failed', CASE WHEN l.status THEN 0 ELSE 1 END,
    'last_pass', CASE WHEN l.status THEN l.time END, 'last_fail', CASE WHEN NOT l.status THEN l.time END),
  json_build_object('p99', l.duration, 'p95', l.duration, 'p50', l.duration, 'avg', l.duration)
FROM checks c
CROSS JOIN LATERAL (
  SELECT s.check_id, s.status, s.time, s.duration FROM check_statuses s
  WHERE s.check_id = c.id ORDER BY s.time DESC LIMIT 1
) l
WHERE l.time <= now() - interval '1 hour';

CREATE VIEW check_summary AS
SELECT checks.id, checks.canary_id, checks.agent_id, s.uptime, s.latency, checks.last_transition_time, checks.type,
  checks.icon, checks.name, checks.status, checks.description, checks.namespace, canaries.namespace AS canary_namespace,
  canaries.name AS canary_name, coalesce(canaries.labels, '{}'::jsonb) || coalesce(checks.labels, '{}'::jsonb) AS labels,
  checks.severity, checks.owner, checks.last_runtime, checks.next_runtime, checks.created_at, checks.updated_at,
  checks.deleted_at, checks.silenced_at
FROM checks
JOIN canaries ON canaries.id = checks.canary_id
LEFT JOIN check_status_summary s ON s.check_id = checks.id;

CREATE VIEW check_names AS
SELECT id, canary_id, type, name, status FROM checks
WHERE deleted_at IS NULL AND silenced_at IS NULL ORDER BY name;

CREATE VIEW checks_labels_keys AS
SELECT DISTINCT 'label:' || k AS key FROM checks, jsonb_object_keys(coalesce(labels, '{}'::jsonb)) AS k;

CREATE VIEW checks_by_component AS
SELECT r.component_id, c.id, c.type, c.name, c.severity, c.status
FROM check_component_relationships r JOIN checks c ON c.id = r.check_id
WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL;

CREATE VIEW check_summary_for_config AS
SELECT r.config_id, s.*
FROM check_config_relationships r JOIN check_summary s ON s.id = r.check_id
WHERE r.deleted_at IS NULL;

CREATE VIEW canaries_with_status AS
SELECT c.id, c.name, c.namespace, c.spec ->> 'interval' AS interval, c.spec ->> 'schedule' AS schedule, c.labels,
  c.source, c.created_by, c.created_at, c.updated_at, c.deleted_at, c.agent_id,
  (SELECT max(k.last_runtime) FROM checks k WHERE k.canary_id = c.id) AS last_runtime,
  j.name AS job_name, j.success_count AS job_success_count, j.error_count AS job_error_count, j.details AS job_details,
  j.hostname AS job_hostname, j.duration_millis AS job_duration_millis, j.resource_type AS job_resource_type,
  j.status AS job_status, j.time_start AS job_time_start, j.time_end AS job_time_end, j.created_at AS job_created_at,
  (SELECT max(f.time_start) FROM job_history f WHERE f.resource_type = 'canary' AND f.resource_id = c.id::text AND f.status = 'FAILED') AS job_last_failed,
  json_build_object('id', a.id, 'name', a.name) AS agent
FROM canaries c
LEFT JOIN agents a ON a.id = c.agent_id
LEFT JOIN LATERAL (
  SELECT * FROM job_history h WHERE h.resource_type = 'canary' AND h.resource_id = c.id::text ORDER BY h.time_start DESC LIMIT 1
) j ON true
WHERE c.deleted_at IS NULL;

-- Topology

CREATE VIEW component_names AS
SELECT id, path, external_id, type, name, created_at, updated_at, icon, parent_id FROM components
WHERE deleted_at IS NULL AND hidden = false ORDER BY name;

CREATE VIEW component_labels AS
SELECT DISTINCT l.key, l.value FROM components, jsonb_each_text(coalesce(labels, '{}'::jsonb)) AS l
WHERE deleted_at IS NULL;

CREATE VIEW component_labels_keys AS
SELECT DISTINCT 'label:' || key AS key FROM component_labels;

CREATE VIEW components_with_logs AS
SELECT id, name, agent_id, icon, type FROM components
WHERE deleted_at IS NULL AND log_selectors IS NOT NULL AND jsonb_typeof(log_selectors) = 'array' AND jsonb_array_length(log_selectors) > 0;

CREATE VIEW topologies_with_status AS
SELECT t.*,
  j.name AS job_name, j.success_count AS job_success_count, j.error_count AS job_error_count, j.details AS job_details,
  j.hostname AS job_hostname, j.duration_millis AS job_duration_millis, j.resource_type AS job_resource_type,
  j.status AS job_status, j.time_start AS job_time_start, j.time_end AS job_time_end, j.created_at AS job_created_at,
  (SELECT max(f.time_start) FROM job_history f WHERE f.resource_type = 'topology' AND f.resource_id = t.id::text AND f.status = 'FAILED') AS job_last_failed,
  json_build_object('id', a.id, 'name', a.name) AS agent
FROM topologies t
LEFT JOIN agents a ON a.id = t.agent_id
LEFT JOIN LATERAL (
  SELECT * FROM job_history h WHERE h.resource_type = 'topology' AND h.resource_id = t.id::text ORDER BY h.time_start DESC LIMIT 1
) j ON true
WHERE t.deleted_at IS NULL;

-- Catalog

CREATE VIEW configs AS
SELECT ci.id, ci.scraper_id, ci.config_class, ci.external_id, ci.type, ci.name, ci.tags ->> 'namespace' AS namespace,
  ci.description, ci.source, ci.labels, ci.tags, ci.properties, ci.created_by, ci.created_at, ci.updated_at,
  ci.deleted_at, ci.cost_per_minute, ci.cost_total_1d, ci.cost_total_7d, ci.cost_total_30d, ci.agent_id, ci.status,
  ci.health, ci.ready, ci.path, ci.parent_id, ci.delete_reason, ci.icon,
  (SELECT count(*)::int FROM config_changes cc WHERE cc.config_id = ci.id AND cc.created_at > now() - interval '7 days') AS changes,
  (SELECT jsonb_object_agg(x.analysis_type, x.n) FROM (
     SELECT ca.analysis_type, count(*)::int AS n FROM config_analysis ca
     WHERE ca.config_id = ci.id AND ca.status = 'open' GROUP BY ca.analysis_type) x) AS analysis
FROM config_items ci;

CREATE VIEW config_names AS
SELECT id, type, external_id, name FROM config_items;

CREATE VIEW config_detail AS
SELECT ci.*, a.name AS agent_name,
  json_build_object(
    'relationships', (SELECT count(*)::int FROM config_relationships r WHERE (r.config_id = ci.id OR r.related_id = ci.id) AND r.deleted_at IS NULL),
    'analysis', (SELECT count(*)::int FROM config_analysis ca WHERE ca.config_id = ci.id),
    'changes', (SELECT count(*)::int FROM config_changes cc WHERE cc.config_id = ci.id),
    'playbook_runs', (SELECT count(*)::int FROM playbook_runs pr WHERE pr.config_id = ci.id AND pr.created_at > now() - interval '30 days'),
    'checks', (SELECT count(*)::int FROM check_config_relationships k WHERE k.config_id = ci.id AND k.deleted_at IS NULL)
  ) AS summary,
  (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'icon', c.icon)), '[]'::json)
     FROM config_component_relationships ccr JOIN components c ON c.id = ccr.component_id
     WHERE ccr.config_id = ci.id AND ccr.deleted_at IS NULL) AS components
FROM config_items ci
LEFT JOIN agents a ON a.id = ci.agent_id;

CREATE VIEW config_types AS SELECT DISTINCT type FROM config_items WHERE deleted_at IS NULL;
CREATE VIEW config_classes AS SELECT DISTINCT config_class FROM config_items WHERE deleted_at IS NULL;
CREATE VIEW config_statuses AS SELECT DISTINCT status FROM config_items WHERE status IS NOT NULL;
CREATE VIEW analysis_types AS SELECT DISTINCT analysis_type FROM config_analysis;
CREATE VIEW analyzer_types AS SELECT DISTINCT analyzer FROM config_analysis;
CREATE VIEW change_types AS SELECT DISTINCT change_type FROM config_changes;
CREATE VIEW config_analysis_analyzers AS SELECT DISTINCT analyzer FROM config_analysis WHERE status = 'open';

CREATE VIEW config_tags AS
SELECT DISTINCT t.key, t.value FROM config_items, jsonb_each_text(coalesce(tags, '{}'::jsonb)) AS t WHERE deleted_at IS NULL;
CREATE VIEW config_labels AS
SELECT DISTINCT l.key, l.value FROM config_items, jsonb_each_text(coalesce(labels, '{}'::jsonb)) AS l WHERE deleted_at IS NULL;
CREATE VIEW config_tags_labels_keys AS
SELECT DISTINCT 'tag:' || key AS key FROM config_tags
UNION
SELECT DISTINCT 'label:' || key FROM config_labels;

CREATE VIEW config_analysis_items AS
SELECT ca.*, ci.name, ci.deleted_at, ci.type, ci.tags, ci.labels, ci.config, ci.agent_id, ci.path,
  ci.name AS config_name, ci.type AS config_type, ci.config_class
FROM config_analysis ca LEFT JOIN config_items ci ON ci.id = ca.config_id;

CREATE VIEW catalog_changes AS
SELECT cc.id, cc.config_id, ci.name, ci.deleted_at, ci.type, ci.tags, ci.config, cc.external_created_by, cc.created_at,
  cc.severity, cc.change_type, cc.source, cc.summary, cc.details, cc.diff, cc.created_by, cc.count, cc.first_observed,
  ci.agent_id, ci.path, cc.inserted_at, cc.external_change_id
FROM config_changes cc LEFT JOIN config_items ci ON ci.id = cc.config_id;

CREATE VIEW changes_by_component AS
SELECT cc.id, cc.config_id, ci.name, ci.config_class, ci.type, cc.change_type, cc.created_at, cc.created_by,
  cc.id AS change_id, cc.severity, r.component_id, ci.deleted_at AS config_deleted_at
FROM config_changes cc
JOIN config_component_relationships r ON r.config_id = cc.config_id AND r.deleted_at IS NULL
JOIN config_items ci ON ci.id = cc.config_id
ORDER BY cc.created_at DESC;

CREATE VIEW analysis_by_component AS
SELECT ca.config_id, ci.name, ci.config_class, ci.type, ca.analysis_type, ca.first_observed, ca.last_observed,
  ca.created_by, ca.id AS analysis_id, ca.severity, r.component_id
FROM config_analysis ca
JOIN config_component_relationships r ON r.config_id = ca.config_id AND r.deleted_at IS NULL
JOIN config_items ci ON ci.id = ca.config_id
WHERE ca.status = 'open' AND ci.deleted_at IS NULL
ORDER BY CASE ca.severity WHEN 'critical' THEN 1 WHEN 'high' THEN 2 WHEN 'medium' THEN 3 WHEN 'low' THEN 4 ELSE 5 END, ci.name;

CREATE VIEW config_scrapers_with_status AS
SELECT s.*,
  j.name AS job_name, j.success_count AS job_success_count, j.error_count AS job_error_count, j.details AS job_details,
  j.hostname AS job_hostname, j.duration_millis AS job_duration_millis, j.resource_type AS job_resource_type,
  j.status AS job_status, j.time_start AS job_time_start, j.time_end AS job_time_end, j.created_at AS job_created_at,
  (SELECT max(f.time_start) FROM job_history f WHERE f.resource_type = 'config_scraper' AND f.resource_id = s.id::text AND f.status = 'FAILED') AS job_last_failed,
  json_build_object('id', a.id, 'name', a.name) AS agent
FROM config_scrapers s
LEFT JOIN agents a ON a.id = s.agent_id
LEFT JOIN LATERAL (
  SELECT * FROM job_history h WHERE h.resource_type = 'config_scraper' AND h.resource_id = s.id::text ORDER BY h.time_start DESC LIMIT 1
) j ON true
WHERE s.deleted_at IS NULL;

-- Incidents

CREATE VIEW incidents_by_component AS
SELECT DISTINCT i.title, i.id, i.created_at, i.type, i.status, i.severity, e.component_id
FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id JOIN incidents i ON i.id = h.incident_id
WHERE e.component_id IS NOT NULL;

CREATE VIEW incidents_by_config AS
SELECT DISTINCT i.title, i.id, i.created_at, i.type, i.status, i.severity, e.config_id
FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id JOIN incidents i ON i.id = h.incident_id
WHERE e.config_id IS NOT NULL;

CREATE VIEW incident_summary AS
SELECT i.id, i.incident_id, i.title, i.severity, i.type, i.status, i.created_at, i.updated_at,
  CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'avatar', c.avatar, 'name', c.name) END AS commander,
  (SELECT coalesce(json_agg(json_build_object('id', coalesce(p.id, t.id), 'avatar', coalesce(p.avatar, t.icon), 'name', coalesce(p.name, t.name))), '[]'::json)
     FROM responders r LEFT JOIN people p ON p.id = r.person_id LEFT JOIN teams t ON t.id = r.team_id
     WHERE r.incident_id = i.id AND r.deleted_at IS NULL) AS responders,
  (SELECT coalesce(json_agg(json_build_object('id', p.id, 'avatar', p.avatar, 'name', p.name)), '[]'::json)
     FROM (SELECT DISTINCT created_by FROM comments WHERE incident_id = i.id) cm JOIN people p ON p.id = cm.created_by) AS commenters
FROM incidents i LEFT JOIN people c ON c.id = i.commander_id;

-- Playbooks

CREATE VIEW playbook_names AS
SELECT id, title, name, namespace, coalesce(description, spec ->> 'description') AS description, category,
  coalesce(icon, spec ->> 'icon') AS icon
FROM playbooks WHERE deleted_at IS NULL ORDER BY name;

-- People, teams, RBAC, agents

CREATE VIEW people_roles AS
SELECT p.id, p.name, p.email,
  array_remove(array_agg(DISTINCT r.v1::text), NULL) AS roles
FROM people p LEFT JOIN casbin_rule r ON r.ptype = 'g' AND r.v0 = p.id::text
WHERE p.deleted_at IS NULL AND p.email IS NOT NULL
GROUP BY p.id, p.name, p.email;

CREATE VIEW teams_with_status AS
SELECT t.*,
  j.name AS job_name, j.success_count AS job_success_count, j.error_count AS job_error_count, j.details AS job_details,
  j.hostname AS job_hostname, j.duration_millis AS job_duration_millis, j.resource_type AS job_resource_type,
  j.status AS job_status, j.time_start AS job_time_start, j.time_end AS job_time_end, j.created_at AS job_created_at,
  (SELECT max(f.time_start) FROM job_history f WHERE f.resource_type = 'team' AND f.resource_id = t.id::text AND f.status = 'FAILED') AS job_last_failed
FROM teams t
LEFT JOIN LATERAL (
  SELECT * FROM job_history h WHERE h.resource_type = 'team' AND h.resource_id = t.id::text ORDER BY h.time_start DESC LIMIT 1
) j ON true
WHERE t.deleted_at IS NULL;

CREATE VIEW agents_summary AS
SELECT a.*,
  (SELECT count(*)::int FROM config_items c WHERE c.agent_id = a.id AND c.deleted_at IS NULL) AS config_count,
  (SELECT count(*)::int FROM config_scrapers s WHERE s.agent_id = a.id AND s.deleted_at IS NULL) AS config_scrapper_count,
  (SELECT count(*)::int FROM checks k WHERE k.agent_id = a.id AND k.deleted_at IS NULL) AS checks_count,
  (SELECT count(*)::int FROM playbook_runs r WHERE r.agent_id = a.id) AS playbook_runs_count
FROM agents a WHERE a.deleted_at IS NULL;

CREATE VIEW permissions_summary AS
SELECT p.id, p.name, p.namespace, p.description, p.error, p.source, p.action, p.object, p.object_selector, p.deny,
  p.subject, p.subject_type, p.created_at, p.updated_at, p.deleted_at, p.created_by, p.updated_by, p.until, p.tags,
  p.agents,
  p.person_id, p.team_id, p.notification_id, p.component_id, p.config_id, p.canary_id, p.playbook_id, p.connection_id,
  NULL::uuid AS check_id,
  CASE WHEN pe.id IS NULL THEN NULL ELSE json_build_object('id', pe.id, 'name', pe.name, 'email', pe.email) END AS person,
  CASE WHEN t.id IS NULL THEN NULL ELSE json_build_object('id', t.id, 'namespace', t.source, 'name', t.name) END AS team,
  CASE WHEN p.subject_type = 'canary' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM canaries x WHERE x.id::text = p.subject) END AS canary,
  CASE WHEN p.subject_type = 'group' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM permission_groups x WHERE x.name = p.subject LIMIT 1) END AS "group",
  CASE WHEN p.subject_type = 'notification' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM notifications x WHERE x.id::text = p.subject) END AS notification,
  CASE WHEN p.subject_type = 'playbook' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM playbooks x WHERE x.id::text = p.subject) END AS playbook,
  CASE WHEN p.subject_type = 'scraper' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM config_scrapers x WHERE x.id::text = p.subject) END AS scraper,
  CASE WHEN p.subject_type = 'topology' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM topologies x WHERE x.id::text = p.subject) END AS topology
FROM permissions p
LEFT JOIN people pe ON p.subject_type = 'person' AND pe.id::text = p.subject
LEFT JOIN teams t ON p.subject_type = 'team' AND t.id::text = p.subject
WHERE p.deleted_at IS NULL;

-- Notifications

CREATE VIEW notifications_summary AS
SELECT n.id, n.name, coalesce(n.namespace, '') AS namespace, n.error, n.title, n.events, n.filter, n.person_id,
  n.team_id, n.custom_services, n.created_at, n.updated_at, n.created_by, n.source, n.repeat_interval, n.wait_for,
  n.playbook_id,
  (SELECT count(*)::int FROM event_queue q WHERE q.name = 'notification.send' AND q.properties ->> 'id' = n.id::text AND q.attempts < 4) AS pending,
  (SELECT round(avg(h.duration_millis))::int FROM notification_send_history h WHERE h.notification_id = n.id AND h.error IS NOT NULL) AS avg_duration_ms,
  (SELECT count(*)::int FROM notification_send_history h WHERE h.notification_id = n.id AND h.error IS NOT NULL) AS failed,
  (SELECT count(*)::int FROM notification_send_history h WHERE h.notification_id = n.id AND h.status = 'sent') AS sent,
  (SELECT h.error FROM notification_send_history h WHERE h.notification_id = n.id AND h.error IS NOT NULL GROUP BY h.error ORDER BY count(*) DESC, h.error LIMIT 1) AS most_common_error,
  (SELECT max(h.created_at) FROM notification_send_history h WHERE h.notification_id = n.id AND h.error IS NOT NULL) AS last_failed_at
FROM notifications n WHERE n.deleted_at IS NULL;

CREATE VIEW notification_send_history_summary AS
SELECT h.*,
  CASE split_part(h.source_event, '.', 1)
    WHEN 'config' THEN json_build_object('id', ci.id, 'name', ci.name, 'type', ci.type, 'config_class', ci.config_class, 'health', ci.health, 'status', ci.status, 'deleted_at', ci.deleted_at)
    WHEN 'component' THEN json_build_object('id', co.id, 'name', co.name, 'type', co.type, 'icon', co.icon, 'health', co.health, 'status', co.status, 'deleted_at', co.deleted_at)
    WHEN 'check' THEN json_build_object('id', ch.id, 'name', ch.name, 'type', ch.type, 'icon', ch.icon, 'status', ch.status, 'deleted_at', ch.deleted_at)
    WHEN 'canary' THEN json_build_object('id', ca.id, 'name', ca.name, 'namespace', ca.namespace, 'deleted_at', ca.deleted_at)
  END AS resource,
  split_part(h.source_event, '.', 1) AS resource_type,
  CASE WHEN pr.id IS NULL THEN NULL ELSE json_build_object('id', pr.id, 'playbook_id', pr.playbook_id, 'status', pr.status, 'playbook_name', pb.name) END AS playbook_run
FROM notification_send_history h
LEFT JOIN config_items ci ON h.source_event LIKE 'config.%' AND ci.id = h.resource_id
LEFT JOIN components co ON h.source_event LIKE 'component.%' AND co.id = h.resource_id
LEFT JOIN checks ch ON h.source_event LIKE 'check.%' AND ch.id = h.resource_id
LEFT JOIN canaries ca ON h.source_event LIKE 'canary.%' AND ca.id = h.resource_id
LEFT JOIN playbook_runs pr ON pr.id = h.playbook_run_id
LEFT JOIN playbooks pb ON pb.id = pr.playbook_id;

-- Settings / system

CREATE VIEW job_histories AS
SELECT h.*,
  coalesce(
    (SELECT c.name FROM components c WHERE h.resource_type IN ('components', 'component') AND c.id::text = h.resource_id),
    (SELECT s.name FROM config_scrapers s WHERE h.resource_type = 'config_scraper' AND s.id::text = h.resource_id),
    (SELECT t.name FROM topologies t WHERE h.resource_type = 'topology' AND t.id::text = h.resource_id),
    (SELECT c.name FROM canaries c WHERE h.resource_type = 'canary' AND c.id::text = h.resource_id),
    (SELECT t.name FROM teams t WHERE h.resource_type = 'team' AND t.id::text = h.resource_id),
    (SELECT p.name FROM playbooks p WHERE h.resource_type = 'playbook' AND p.id::text = h.resource_id),
    h.resource_id) AS resource_name,
  json_build_object('id', a.id, 'name', a.name) AS agent
FROM job_history h LEFT JOIN agents a ON a.id = h.agent_id;

CREATE VIEW job_history_names AS SELECT DISTINCT name FROM job_history;

CREATE VIEW job_history_latest_status AS
SELECT * FROM (
  SELECT h.*, row_number() OVER (PARTITION BY h.resource_id ORDER BY h.time_start DESC) AS rn FROM job_history h
) x WHERE x.rn = 1;

CREATE VIEW integrations_with_status AS
SELECT s.id, s.name, s.description, 'scrapers'::text AS integration_type, s.source, s.agent_id, s.created_at,
  s.updated_at, s.deleted_at, s.created_by, s.job_name, s.job_success_count, s.job_error_count, s.job_details,
  s.job_hostname, s.job_duration_millis, s.job_resource_type, s.job_status, s.job_time_start, s.job_time_end,
  s.job_created_at, s.job_last_failed, s.agent,
  p.name AS creator_name, p.avatar AS creator_avatar, p.title AS creator_title, p.email AS creator_email
FROM config_scrapers_with_status s LEFT JOIN people p ON p.id = s.created_by
UNION ALL
SELECT t.id, t.name, t.spec ->> 'description', 'topologies', t.source, t.agent_id, t.created_at, t.updated_at,
  t.deleted_at, t.created_by, t.job_name, t.job_success_count, t.job_error_count, t.job_details, t.job_hostname,
  t.job_duration_millis, t.job_resource_type, t.job_status, t.job_time_start, t.job_time_end, t.job_created_at,
  t.job_last_failed, t.agent, p.name, p.avatar, p.title, p.email
FROM topologies_with_status t LEFT JOIN people p ON p.id = t.created_by
UNION ALL
SELECT l.id, l.name, l.spec ->> 'description', 'logging_backends', l.source, l.agent_id, l.created_at, l.updated_at,
  l.deleted_at, l.created_by, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
  json_build_object('id', a.id, 'name', a.name), p.name, p.avatar, p.title, p.email
FROM logging_backends l LEFT JOIN people p ON p.id = l.created_by LEFT JOIN agents a ON a.id = l.agent_id
WHERE l.deleted_at IS NULL;

CREATE VIEW event_queue_summary AS
SELECT name,
  count(*) FILTER (WHERE attempts = 0 OR error IS NULL)::int AS pending,
  count(*) FILTER (WHERE error IS NOT NULL)::int AS failed,
  round(avg(attempts), 2) AS average_attempts,
  min(last_attempt) FILTER (WHERE error IS NOT NULL) AS first_failure,
  max(last_attempt) FILTER (WHERE error IS NOT NULL) AS last_failure,
  mode() WITHIN GROUP (ORDER BY error) AS most_common_error
FROM event_queue GROUP BY name;

-- RPC functions (positional $n references because column names win over parameter names in SQL functions)

CREATE FUNCTION related_configs_recursive(
  config_id uuid,
  type_filter text DEFAULT 'outgoing',
  include_deleted_configs boolean DEFAULT false,
  max_depth integer DEFAULT 5,
  incoming_relation text DEFAULT 'both',
  outgoing_relation text DEFAULT 'both'
) RETURNS TABLE (
  id uuid, name text, type text, related_ids text[], tags jsonb, changes integer, analysis jsonb,
  cost_per_minute numeric, cost_total_1d numeric, cost_total_7d numeric, cost_total_30d numeric,
  created_at timestamptz, updated_at timestamptz, deleted_at timestamptz, agent_id uuid, health text, ready boolean,
  status text, path text
) LANGUAGE sql STABLE AS $$
  WITH RECURSIVE walk (from_id, to_id, dir, depth, visited) AS (
    SELECT r.config_id, r.related_id, 'out'::text, 1, ARRAY[r.config_id, r.related_id]
    FROM config_relationships r
    WHERE r.config_id = $1 AND r.deleted_at IS NULL AND $2 IN ('outgoing', 'all')
      AND ($6 <> 'hard' OR r.relation = 'hard')
    UNION ALL
    SELECT r.related_id, r.config_id, 'in'::text, 1, ARRAY[r.related_id, r.config_id]
    FROM config_relationships r
    WHERE r.related_id = $1 AND r.deleted_at IS NULL AND $2 IN ('incoming', 'all')
      AND ($5 <> 'hard' OR r.relation = 'hard')
    UNION ALL
    SELECT w.to_id, CASE WHEN w.dir = 'out' THEN r.related_id ELSE r.config_id END, w.dir, w.depth + 1,
      w.visited || CASE WHEN w.dir = 'out' THEN r.related_id ELSE r.config_id END
    FROM walk w
    JOIN config_relationships r
      ON r.deleted_at IS NULL
     AND ((w.dir = 'out' AND r.config_id = w.to_id AND ($6 <> 'hard' OR r.relation = 'hard'))
       OR (w.dir = 'in' AND r.related_id = w.to_id AND ($5 <> 'hard' OR r.relation = 'hard')))
    WHERE w.depth < $4
      AND NOT (CASE WHEN w.dir = 'out' THEN r.related_id ELSE r.config_id END) = ANY (w.visited)
  )
  SELECT c.id, c.name, c.type, array_agg(DISTINCT w.from_id::text), c.tags, c.changes, c.analysis,
    c.cost_per_minute, c.cost_total_1d, c.cost_total_7d, c.cost_total_30d, c.created_at, c.updated_at, c.deleted_at,
    c.agent_id, c.health, c.ready, c.status, c.path
  FROM walk w JOIN configs c ON c.id = w.to_id
  WHERE c.id <> $1 AND ($3 OR c.deleted_at IS NULL)
  GROUP BY c.id, c.name, c.type, c.tags, c.changes, c.analysis, c.cost_per_minute, c.cost_total_1d, c.cost_total_7d,
    c.cost_total_30d, c.created_at, c.updated_at, c.deleted_at, c.agent_id, c.health, c.ready, c.status, c.path
  ORDER BY min(w.depth), c.name
$$;

CREATE FUNCTION get_playbook_run_actions(run_id uuid) RETURNS TABLE (
  id uuid, name text, playbook_run_id uuid, status text, scheduled_time timestamptz, start_time timestamptz,
  end_time timestamptz, result jsonb, agent_id uuid, retry_count integer, agent json, artifacts json
) LANGUAGE sql STABLE AS $$
  SELECT a.id, a.name, a.playbook_run_id, a.status, a.scheduled_time, a.start_time, a.end_time, a.result, a.agent_id,
    a.retry_count,
    CASE WHEN ag.id IS NULL THEN NULL ELSE json_build_object('id', ag.id, 'name', ag.name) END,
    (SELECT coalesce(json_agg(row_to_json(x)), '[]'::json) FROM artifacts x WHERE x.playbook_run_action_id = a.id)
  FROM playbook_run_actions a
  LEFT JOIN agents ag ON ag.id = a.agent_id
  WHERE a.playbook_run_id = $1 OR a.playbook_run_id IN (SELECT r.id FROM playbook_runs r WHERE r.parent_id = $1)
  ORDER BY a.start_time NULLS LAST, a.scheduled_time
$$;

CREATE FUNCTION lookup_analysis_by_component(id text) RETURNS SETOF config_analysis LANGUAGE sql STABLE AS $$
  SELECT ca.* FROM config_analysis ca
  WHERE ca.config_id IN (
    SELECT r.config_id FROM config_component_relationships r WHERE r.component_id::text = $1 AND r.deleted_at IS NULL)
$$;

CREATE FUNCTION lookup_configs_by_component(id text) RETURNS SETOF config_items LANGUAGE sql STABLE AS $$
  SELECT ci.* FROM config_items ci
  WHERE ci.id IN (
    SELECT r.config_id FROM config_component_relationships r WHERE r.component_id::text = $1 AND r.deleted_at IS NULL)
$$;

CREATE FUNCTION check_summary_for_component(id uuid) RETURNS SETOF check_summary LANGUAGE sql STABLE AS $$
  SELECT s.* FROM check_summary s
  WHERE s.id IN (SELECT r.check_id FROM check_component_relationships r WHERE r.component_id = $1 AND r.deleted_at IS NULL)
$$;
`;
