/**
 * Migration 0375: a permission can target a health check by `check_id` (spec 000 §3 "target ids (component, person,
 * team, config, check, canary, playbook, connection)", issue 37). The real backend's table has no such column
 * (backend-contract §1.3); the console sends `check_id` only when a permission names a check, so its writes to that
 * backend stay as they were.
 * - the column, cascading with its check like the other resource ids, and part of the one-resource rule;
 * - the default name made from action and target names the check;
 * - permissions_summary reads the real `check_id` (it was a NULL placeholder) and embeds the check as
 *   `check_object` (id, name, type, canary_id), as it does for the other targets.
 */
export const migration0375PermissionCheckTarget = String.raw`
ALTER TABLE permissions ADD COLUMN check_id uuid REFERENCES checks(id) ON DELETE CASCADE;
ALTER TABLE permissions DROP CONSTRAINT permissions_one_resource;
ALTER TABLE permissions ADD CONSTRAINT permissions_one_resource
  CHECK (num_nonnulls(component_id, config_id, canary_id, playbook_id, connection_id, check_id) <= 1);
CREATE INDEX permissions_check_id_idx ON permissions (check_id) WHERE check_id IS NOT NULL;

CREATE OR REPLACE FUNCTION permission_subject_defaults() RETURNS trigger LANGUAGE plpgsql AS $$
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
           WHEN NEW.check_id IS NOT NULL THEN 'check ' || NEW.check_id
           WHEN NEW.playbook_id IS NOT NULL THEN 'playbook ' || NEW.playbook_id
           WHEN NEW.connection_id IS NOT NULL THEN 'connection ' || NEW.connection_id
           ELSE '*' END)), 200);
  END IF;
  RETURN NEW;
END $$;

DROP VIEW permissions_summary;
CREATE VIEW permissions_summary AS
SELECT p.id, p.name, p.namespace, p.description, p.error, p.source, p.action, p.object, p.object_selector, p.deny,
  p.subject, p.subject_type, p.created_at, p.updated_at, p.deleted_at, p.created_by, p.updated_by, p.until, p.tags,
  p.agents,
  p.person_id, p.team_id, p.notification_id, p.component_id, p.config_id, p.canary_id, p.playbook_id, p.connection_id,
  p.check_id,
  CASE WHEN pe.id IS NULL THEN NULL ELSE json_build_object('id', pe.id, 'name', pe.name, 'email', pe.email, 'avatar', pe.avatar) END AS person,
  CASE WHEN t.id IS NULL THEN NULL ELSE json_build_object('id', t.id, 'namespace', t.source, 'name', t.name, 'icon', t.icon) END AS team,
  CASE WHEN p.subject_type = 'canary' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM canaries x WHERE x.id::text = p.subject) END AS canary,
  CASE WHEN p.subject_type = 'group' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM permission_groups x WHERE x.name = p.subject LIMIT 1) END AS "group",
  CASE WHEN p.subject_type = 'notification' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM notifications x WHERE x.id::text = p.subject) END AS notification,
  CASE WHEN p.subject_type = 'playbook' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM playbooks x WHERE x.id::text = p.subject) END AS playbook,
  CASE WHEN p.subject_type = 'scraper' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM config_scrapers x WHERE x.id::text = p.subject) END AS scraper,
  CASE WHEN p.subject_type = 'topology' THEN (SELECT json_build_object('id', x.id, 'namespace', x.namespace, 'name', x.name) FROM topologies x WHERE x.id::text = p.subject) END AS topology,
  (SELECT json_build_object('id', x.id, 'name', x.name, 'icon', x.icon, 'type', x.type) FROM components x WHERE x.id = p.component_id) AS component_object,
  (SELECT json_build_object('id', x.id, 'name', x.name, 'type', x.type, 'config_class', x.config_class) FROM config_items x WHERE x.id = p.config_id) AS config_object,
  (SELECT json_build_object('id', x.id, 'name', x.name, 'namespace', x.namespace) FROM canaries x WHERE x.id = p.canary_id) AS canary_object,
  (SELECT json_build_object('id', x.id, 'name', x.name, 'namespace', x.namespace, 'icon', x.icon, 'title', x.title) FROM playbooks x WHERE x.id = p.playbook_id) AS playbook_object,
  (SELECT json_build_object('id', x.id, 'name', x.name, 'namespace', x.namespace, 'type', x.type) FROM connections x WHERE x.id = p.connection_id) AS connection_object,
  (SELECT json_build_object('id', x.id, 'name', x.name, 'type', x.type, 'config_class', x.config_class) FROM config_items x WHERE x.id = p.config_id) AS catalog,
  (SELECT json_build_object('id', x.id, 'name', x.name, 'icon', x.icon) FROM components x WHERE x.id = p.component_id) AS component,
  (SELECT json_build_object('id', x.id, 'name', x.name, 'type', x.type) FROM connections x WHERE x.id = p.connection_id) AS connection,
  (SELECT json_build_object('id', x.id, 'name', x.name, 'type', x.type, 'icon', x.icon, 'canary_id', x.canary_id) FROM checks x WHERE x.id = p.check_id) AS check_object
FROM permissions p
LEFT JOIN people pe ON p.subject_type = 'person' AND pe.id::text = p.subject
LEFT JOIN teams t ON p.subject_type = 'team' AND t.id::text = p.subject
WHERE p.deleted_at IS NULL;
`;
