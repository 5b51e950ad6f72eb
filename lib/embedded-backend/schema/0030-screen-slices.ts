/**
 * Migration 0030: the backend slices the settings, catalog, notification and playbook screens read (issues 16–22).
 * - `canary_names` (spec 000 §7, the permission dialog's check picker).
 * - permissions written the way the console writes them (subject ids, no name) get their subject and a name from
 *   the ids, and hold at most one subject id and one resource id (spec 001 §3.6).
 * - an agent's soft delete ends its tokens and its person; with `cleanup` it also soft-deletes everything the
 *   agent reported (backend-contract §1.3, agents).
 * - permissions_summary with the resource objects, agents_summary with health and status, the `*_with_status`
 *   views with the last run, job_histories naming every resource kind, notifications_summary with job status,
 *   config_detail with its scraper.
 * - a catalog data version (as migration 0006 for checks) that the catalog summary's response cache is keyed by.
 */
export const migration0030ScreenSlices = String.raw`
CREATE VIEW canary_names AS
SELECT id, name, namespace FROM canaries WHERE deleted_at IS NULL ORDER BY name;

-- ---- permissions -------------------------------------------------------------------------------------------

ALTER TABLE permissions ADD CONSTRAINT permissions_one_subject CHECK (num_nonnulls(person_id, team_id, notification_id) <= 1);
ALTER TABLE permissions ADD CONSTRAINT permissions_one_resource
  CHECK (num_nonnulls(component_id, config_id, canary_id, playbook_id, connection_id) <= 1);

-- The console names the subject by id (person_id, team_id or notification_id) and sends no name: the subject the
-- enforcer and permissions_summary read follows the id, and a missing name is made from action and target.
CREATE FUNCTION permission_subject_defaults() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.person_id IS NOT NULL THEN
    NEW.subject := NEW.person_id::text;
    NEW.subject_type := 'person';
  ELSIF NEW.team_id IS NOT NULL THEN
    NEW.subject := NEW.team_id::text;
    NEW.subject_type := 'team';
  ELSIF NEW.notification_id IS NOT NULL THEN
    NEW.subject := NEW.notification_id::text;
    NEW.subject_type := 'notification';
  END IF;
  IF NEW.name IS NULL OR btrim(NEW.name) = '' THEN
    NEW.name := left(concat_ws(' ', NEW.action, 'on', coalesce(NEW.object,
      CASE WHEN NEW.component_id IS NOT NULL THEN 'component ' || NEW.component_id
           WHEN NEW.config_id IS NOT NULL THEN 'config ' || NEW.config_id
           WHEN NEW.canary_id IS NOT NULL THEN 'canary ' || NEW.canary_id
           WHEN NEW.playbook_id IS NOT NULL THEN 'playbook ' || NEW.playbook_id
           WHEN NEW.connection_id IS NOT NULL THEN 'connection ' || NEW.connection_id
           ELSE '*' END)), 200);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER permissions_subject_defaults BEFORE INSERT OR UPDATE ON permissions
  FOR EACH ROW EXECUTE FUNCTION permission_subject_defaults();

DROP VIEW permissions_summary;
CREATE VIEW permissions_summary AS
SELECT p.id, p.name, p.namespace, p.description, p.error, p.source, p.action, p.object, p.object_selector, p.deny,
  p.subject, p.subject_type, p.created_at, p.updated_at, p.deleted_at, p.created_by, p.updated_by, p.until, p.tags,
  p.agents,
  p.person_id, p.team_id, p.notification_id, p.component_id, p.config_id, p.canary_id, p.playbook_id, p.connection_id,
  NULL::uuid AS check_id,
  CASE WHEN pe.id IS NULL THEN NULL ELSE json_build_object('id', pe.id, 'name', pe.name, 'email', pe.email, 'avatar', pe.avatar) END AS person,
  CASE WHEN t.id IS NULL THEN NULL ELSE json_build_object('id', t.id, 'namespace', t.source, 'name', t.name, 'icon', t.icon) END AS team,
  CASE WHEN p.subject_type = 'canary' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM canaries x WHERE x.id::text = p.subject) END AS canary,
  CASE WHEN p.subject_type = 'group' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM permission_groups x WHERE x.name = p.subject LIMIT 1) END AS "group",
  CASE WHEN p.subject_type = 'notification' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM notifications x WHERE x.id::text = p.subject) END AS notification,
  CASE WHEN p.subject_type = 'playbook' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM playbooks x WHERE x.id::text = p.subject) END AS playbook,
  CASE WHEN p.subject_type = 'scraper' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM config_scrapers x WHERE x.id::text = p.subject) END AS scraper,
  CASE WHEN p.subject_type = 'topology' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM topologies x WHERE x.id::text = p.subject) END AS topology,
  -- The resource a permission is scoped to (HEAD names), and the spec console's names where they do not collide.
  (SELECT json_build_object('id', x.id, 'name', x.name, 'icon', x.icon, 'type', x.type) FROM components x WHERE x.id = p.component_id) AS component_object,
  (SELECT json_build_object('id', x.id, 'name', x.name, 'type', x.type, 'config_class', x.config_class) FROM config_items x WHERE x.id = p.config_id) AS config_object,
  (SELECT json_build_object('id', x.id, 'name', x.name, 'namespace', x.namespace) FROM canaries x WHERE x.id = p.canary_id) AS canary_object,
  (SELECT json_build_object('id', x.id, 'name', x.name, 'namespace', x.namespace, 'icon', x.icon, 'title', x.title) FROM playbooks x WHERE x.id = p.playbook_id) AS playbook_object,
  (SELECT json_build_object('id', x.id, 'name', x.name, 'namespace', x.namespace, 'type', x.type) FROM connections x WHERE x.id = p.connection_id) AS connection_object,
  (SELECT json_build_object('id', x.id, 'name', x.name, 'type', x.type, 'config_class', x.config_class) FROM config_items x WHERE x.id = p.config_id) AS catalog,
  (SELECT json_build_object('id', x.id, 'name', x.name, 'icon', x.icon) FROM components x WHERE x.id = p.component_id) AS component,
  (SELECT json_build_object('id', x.id, 'name', x.name, 'type', x.type) FROM connections x WHERE x.id = p.connection_id) AS connection
FROM permissions p
LEFT JOIN people pe ON p.subject_type = 'person' AND pe.id::text = p.subject
LEFT JOIN teams t ON p.subject_type = 'team' AND t.id::text = p.subject
WHERE p.deleted_at IS NULL;

-- ---- agents ------------------------------------------------------------------------------------------------

-- A soft-deleted agent's tokens expire and its person goes with it (so no cached or long-lived credential of the
-- agent keeps working); with cleanup, everything the agent reported is soft-deleted in the same statement.
CREATE FUNCTION agent_soft_delete_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_at timestamptz := NEW.deleted_at;
BEGIN
  IF v_at IS NULL THEN
    RETURN NULL;
  END IF;
  IF OLD.deleted_at IS NULL AND NEW.person_id IS NOT NULL THEN
    UPDATE access_tokens SET expires_at = least(v_at, now())
     WHERE person_id = NEW.person_id AND (expires_at IS NULL OR expires_at > least(v_at, now()));
    UPDATE people SET deleted_at = v_at, updated_at = now()
     WHERE id = NEW.person_id AND type = 'agent' AND deleted_at IS NULL;
  END IF;
  IF NEW.cleanup AND (OLD.deleted_at IS NULL OR NOT OLD.cleanup) THEN
    UPDATE topologies SET deleted_at = v_at WHERE agent_id = NEW.id AND deleted_at IS NULL;
    UPDATE components SET deleted_at = v_at WHERE agent_id = NEW.id AND deleted_at IS NULL;
    UPDATE canaries SET deleted_at = v_at WHERE agent_id = NEW.id AND deleted_at IS NULL;
    UPDATE checks SET deleted_at = v_at WHERE agent_id = NEW.id AND deleted_at IS NULL;
    UPDATE config_scrapers SET deleted_at = v_at WHERE agent_id = NEW.id AND deleted_at IS NULL;
    UPDATE config_items SET deleted_at = v_at, delete_reason = 'AgentDeleted' WHERE agent_id = NEW.id AND deleted_at IS NULL;
    UPDATE logging_backends SET deleted_at = v_at WHERE agent_id = NEW.id AND deleted_at IS NULL;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER agents_soft_delete_cascade AFTER UPDATE OF deleted_at, cleanup ON agents
  FOR EACH ROW EXECUTE FUNCTION agent_soft_delete_cascade();

-- health: unknown without last_seen, healthy when seen within 61 s, else unhealthy; status the same as
-- unknown / online / offline (backend-contract §1.4, the agents page's Online rule).
CREATE OR REPLACE VIEW agents_summary AS
SELECT a.*,
  (SELECT count(*)::int FROM config_items c WHERE c.agent_id = a.id AND c.deleted_at IS NULL) AS config_count,
  (SELECT count(*)::int FROM config_scrapers s WHERE s.agent_id = a.id AND s.deleted_at IS NULL) AS config_scrapper_count,
  (SELECT count(*)::int FROM checks k WHERE k.agent_id = a.id AND k.deleted_at IS NULL) AS checks_count,
  (SELECT count(*)::int FROM playbook_runs r WHERE r.agent_id = a.id) AS playbook_runs_count,
  CASE WHEN a.last_seen IS NULL THEN 'unknown' WHEN a.last_seen > now() - interval '61 seconds' THEN 'healthy' ELSE 'unhealthy' END AS health,
  CASE WHEN a.last_seen IS NULL THEN 'unknown' WHEN a.last_seen > now() - interval '61 seconds' THEN 'online' ELSE 'offline' END AS status
FROM agents a WHERE a.deleted_at IS NULL;

-- ---- resources with their job status ------------------------------------------------------------------------

CREATE OR REPLACE VIEW topologies_with_status AS
SELECT t.*,
  j.name AS job_name, j.success_count AS job_success_count, j.error_count AS job_error_count, j.details AS job_details,
  j.hostname AS job_hostname, j.duration_millis AS job_duration_millis, j.resource_type AS job_resource_type,
  j.status AS job_status, j.time_start AS job_time_start, j.time_end AS job_time_end, j.created_at AS job_created_at,
  (SELECT max(f.time_start) FROM job_history f WHERE f.resource_type = 'topology' AND f.resource_id = t.id::text AND f.status = 'FAILED') AS job_last_failed,
  json_build_object('id', a.id, 'name', a.name) AS agent,
  j.time_start AS last_runtime
FROM topologies t
LEFT JOIN agents a ON a.id = t.agent_id
LEFT JOIN LATERAL (
  SELECT * FROM job_history h WHERE h.resource_type = 'topology' AND h.resource_id = t.id::text ORDER BY h.time_start DESC LIMIT 1
) j ON true
WHERE t.deleted_at IS NULL;

CREATE OR REPLACE VIEW config_scrapers_with_status AS
SELECT s.*,
  j.name AS job_name, j.success_count AS job_success_count, j.error_count AS job_error_count, j.details AS job_details,
  j.hostname AS job_hostname, j.duration_millis AS job_duration_millis, j.resource_type AS job_resource_type,
  j.status AS job_status, j.time_start AS job_time_start, j.time_end AS job_time_end, j.created_at AS job_created_at,
  (SELECT max(f.time_start) FROM job_history f WHERE f.resource_type = 'config_scraper' AND f.resource_id = s.id::text AND f.status = 'FAILED') AS job_last_failed,
  json_build_object('id', a.id, 'name', a.name) AS agent,
  j.time_start AS last_runtime,
  (SELECT count(*)::int FROM config_items ci WHERE ci.scraper_id = s.id AND ci.deleted_at IS NULL) AS config_count
FROM config_scrapers s
LEFT JOIN agents a ON a.id = s.agent_id
LEFT JOIN LATERAL (
  SELECT * FROM job_history h WHERE h.resource_type = 'config_scraper' AND h.resource_id = s.id::text ORDER BY h.time_start DESC LIMIT 1
) j ON true
WHERE s.deleted_at IS NULL;

CREATE OR REPLACE VIEW teams_with_status AS
SELECT t.*,
  j.name AS job_name, j.success_count AS job_success_count, j.error_count AS job_error_count, j.details AS job_details,
  j.hostname AS job_hostname, j.duration_millis AS job_duration_millis, j.resource_type AS job_resource_type,
  j.status AS job_status, j.time_start AS job_time_start, j.time_end AS job_time_end, j.created_at AS job_created_at,
  (SELECT max(f.time_start) FROM job_history f WHERE f.resource_type = 'team' AND f.resource_id = t.id::text AND f.status = 'FAILED') AS job_last_failed,
  j.time_start AS last_runtime
FROM teams t
LEFT JOIN LATERAL (
  SELECT * FROM job_history h WHERE h.resource_type = 'team' AND h.resource_id = t.id::text ORDER BY h.time_start DESC LIMIT 1
) j ON true
WHERE t.deleted_at IS NULL;

CREATE OR REPLACE VIEW integrations_with_status AS
SELECT s.id, s.name, s.description, 'scrapers'::text AS integration_type, s.source, s.agent_id, s.created_at,
  s.updated_at, s.deleted_at, s.created_by, s.job_name, s.job_success_count, s.job_error_count, s.job_details,
  s.job_hostname, s.job_duration_millis, s.job_resource_type, s.job_status, s.job_time_start, s.job_time_end,
  s.job_created_at, s.job_last_failed, s.agent,
  p.name AS creator_name, p.avatar AS creator_avatar, p.title AS creator_title, p.email AS creator_email,
  s.last_runtime, s.namespace
FROM config_scrapers_with_status s LEFT JOIN people p ON p.id = s.created_by
UNION ALL
SELECT t.id, t.name, t.spec ->> 'description', 'topologies', t.source, t.agent_id, t.created_at, t.updated_at,
  t.deleted_at, t.created_by, t.job_name, t.job_success_count, t.job_error_count, t.job_details, t.job_hostname,
  t.job_duration_millis, t.job_resource_type, t.job_status, t.job_time_start, t.job_time_end, t.job_created_at,
  t.job_last_failed, t.agent, p.name, p.avatar, p.title, p.email, t.last_runtime, t.namespace
FROM topologies_with_status t LEFT JOIN people p ON p.id = t.created_by
UNION ALL
SELECT l.id, l.name, l.spec ->> 'description', 'logging_backends', l.source, l.agent_id, l.created_at, l.updated_at,
  l.deleted_at, l.created_by, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
  json_build_object('id', a.id, 'name', a.name), p.name, p.avatar, p.title, p.email, NULL::timestamptz, NULL::text
FROM logging_backends l LEFT JOIN people p ON p.id = l.created_by LEFT JOIN agents a ON a.id = l.agent_id
WHERE l.deleted_at IS NULL;

-- ---- jobs, notifications, catalog -------------------------------------------------------------------------

CREATE OR REPLACE VIEW job_histories AS
SELECT h.*,
  coalesce(
    (SELECT c.name FROM components c WHERE h.resource_type IN ('components', 'component') AND c.id::text = h.resource_id),
    (SELECT s.name FROM config_scrapers s WHERE h.resource_type IN ('config_scraper', 'catalog_scraper') AND s.id::text = h.resource_id),
    (SELECT t.name FROM topologies t WHERE h.resource_type = 'topology' AND t.id::text = h.resource_id),
    (SELECT c.name FROM canaries c WHERE h.resource_type = 'canary' AND c.id::text = h.resource_id),
    (SELECT c.name FROM checks c WHERE h.resource_type = 'check' AND c.id::text = h.resource_id),
    (SELECT t.name FROM teams t WHERE h.resource_type = 'team' AND t.id::text = h.resource_id),
    (SELECT p.name FROM playbooks p WHERE h.resource_type = 'playbook' AND p.id::text = h.resource_id),
    (SELECT c.name FROM config_items c WHERE h.resource_type = 'config' AND c.id::text = h.resource_id),
    (SELECT r.name FROM incident_rules r WHERE h.resource_type = 'incident_rule' AND r.id::text = h.resource_id),
    (SELECT n.name FROM notifications n WHERE h.resource_type = 'notification' AND n.id::text = h.resource_id),
    (SELECT l.name FROM logging_backends l WHERE h.resource_type = 'logging_backend' AND l.id::text = h.resource_id),
    h.resource_id) AS resource_name,
  json_build_object('id', a.id, 'name', a.name) AS agent
FROM job_history h LEFT JOIN agents a ON a.id = h.agent_id;

CREATE OR REPLACE VIEW notifications_summary AS
SELECT n.id, n.name, coalesce(n.namespace, '') AS namespace, n.error, n.title, n.events, n.filter, n.person_id,
  n.team_id, n.custom_services, n.created_at, n.updated_at, n.created_by, n.source, n.repeat_interval, n.wait_for,
  n.playbook_id,
  (SELECT count(*)::int FROM event_queue q WHERE q.name = 'notification.send' AND q.properties ->> 'id' = n.id::text AND q.attempts < 4) AS pending,
  (SELECT round(avg(h.duration_millis))::int FROM notification_send_history h WHERE h.notification_id = n.id AND h.error IS NOT NULL) AS avg_duration_ms,
  (SELECT count(*)::int FROM notification_send_history h WHERE h.notification_id = n.id AND h.error IS NOT NULL) AS failed,
  (SELECT count(*)::int FROM notification_send_history h WHERE h.notification_id = n.id AND h.status = 'sent') AS sent,
  (SELECT h.error FROM notification_send_history h WHERE h.notification_id = n.id AND h.error IS NOT NULL GROUP BY h.error ORDER BY count(*) DESC, h.error LIMIT 1) AS most_common_error,
  (SELECT max(h.created_at) FROM notification_send_history h WHERE h.notification_id = n.id AND h.error IS NOT NULL) AS last_failed_at,
  j.status AS job_status, j.details AS job_details, j.name AS job_name, j.time_start AS job_time_start,
  j.time_end AS job_time_end, n.template, n.properties, n.wait_for_eval_period, n.group_by, n.inhibitions,
  n.fallback_playbook_id, n.fallback_person_id, n.fallback_team_id, n.fallback_custom_services, n.fallback_delay
FROM notifications n
LEFT JOIN LATERAL (
  SELECT * FROM job_history h WHERE h.resource_type = 'notification' AND h.resource_id = n.id::text ORDER BY h.time_start DESC LIMIT 1
) j ON true
WHERE n.deleted_at IS NULL;

CREATE OR REPLACE VIEW config_detail AS
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
     WHERE ccr.config_id = ci.id AND ccr.deleted_at IS NULL) AS components,
  (SELECT json_build_object('id', s.id, 'name', s.name) FROM config_scrapers s WHERE s.id = ci.scraper_id) AS scraper
FROM config_items ci
LEFT JOIN agents a ON a.id = ci.agent_id;

-- Statement triggers advance a sequence on every write to what the catalog summary reads (never a row: writers
-- neither wait nor deadlock on it), so its response cache notices scrapes, /db writes and resets at once.
CREATE SEQUENCE catalog_data_version;
-- TG_ARGV[0]: the sequence to advance (a name fixed in this file).
CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval(TG_ARGV[0]::regclass);
  RETURN NULL;
END $$;
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['config_items', 'config_changes', 'config_analysis'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version(%L)', t || '_catalog_version', t, 'catalog_data_version');
  END LOOP;
END $$;

-- The changes page reads the newest changes first, page by page: (created_at DESC, id) is its exact order, so a page
-- is an index walk that stops after offset + limit rows instead of a sort of every change in the window.
-- It carries config_id, change_type and severity so the page's per-type counts are an index-only scan.
CREATE INDEX config_changes_created_id_idx ON config_changes (created_at DESC, id) INCLUDE (config_id, change_type, severity);
DROP INDEX config_changes_created_idx;
-- The few deleted items, which the changes page leaves out unless asked (a hashed set read by an index-only scan).
CREATE INDEX config_items_deleted_idx ON config_items (id) WHERE deleted_at IS NOT NULL;

CREATE INDEX notification_send_history_resource_idx ON notification_send_history (resource_id, created_at DESC);
CREATE INDEX job_history_status_idx ON job_history (status, created_at DESC);
`;
