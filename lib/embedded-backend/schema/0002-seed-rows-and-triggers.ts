/**
 * Migration 0002: the rows the real schema seeds itself (nil "local" agent, System person and scraper, severities)
 * and the triggers the screens depend on (check transitions, incident histories, parent → hard relationship).
 */
export const migration0002SeedRowsAndTriggers = String.raw`
INSERT INTO people (id, name, type) VALUES ('00000000-0000-0000-0000-000000000000', 'System', 'system');
INSERT INTO agents (id, name, description) VALUES ('00000000-0000-0000-0000-000000000000', 'local', 'The local agent');
INSERT INTO config_scrapers (id, name, spec, source) VALUES ('00000000-0000-0000-0000-000000000000', 'System', '{}', 'System');
INSERT INTO severities (id, name, aliases, icon) VALUES
  (1, 'Critical', ARRAY['P1'], 'critical'),
  (2, 'Blocker', ARRAY['P2'], 'blocker'),
  (3, 'High', ARRAY['P3'], 'high'),
  (4, 'Medium', ARRAY['P4'], 'medium'),
  (5, 'Low', ARRAY['P4'], 'low');

CREATE OR REPLACE FUNCTION check_status_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status IS DISTINCT FROM OLD.status THEN
    NEW.last_transition_time := now();
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER checks_last_transition_time BEFORE UPDATE ON checks
  FOR EACH ROW EXECUTE FUNCTION check_status_transition();

CREATE OR REPLACE FUNCTION config_parent_relationship() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.parent_id IS DISTINCT FROM OLD.parent_id) THEN
    INSERT INTO config_relationships (config_id, related_id, relation, created_at)
    VALUES (NEW.parent_id, NEW.id, 'hard', NEW.created_at)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER config_items_parent_relationship AFTER INSERT OR UPDATE OF parent_id ON config_items
  FOR EACH ROW EXECUTE FUNCTION config_parent_relationship();

CREATE OR REPLACE FUNCTION incident_history_writer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_incident uuid;
BEGIN
  IF TG_TABLE_NAME = 'incidents' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO incident_histories (incident_id, created_by, type, description, created_at, updated_at)
      VALUES (NEW.id, NEW.created_by, 'incident.created', NEW.title, NEW.created_at, NEW.created_at);
    ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
      INSERT INTO incident_histories (incident_id, created_by, type, description)
      VALUES (NEW.id, NEW.created_by, 'incident.status_updated', NEW.status);
    END IF;
  ELSIF TG_TABLE_NAME = 'hypotheses' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO incident_histories (incident_id, created_by, type, description, hypothesis_id, created_at, updated_at)
      VALUES (NEW.incident_id, NEW.created_by, 'hypothesis.created', NEW.title, NEW.id, NEW.created_at, NEW.created_at);
    ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
      INSERT INTO incident_histories (incident_id, created_by, type, description, hypothesis_id)
      VALUES (NEW.incident_id, NEW.created_by, 'hypothesis.status_updated', NEW.status, NEW.id);
    END IF;
  ELSIF TG_TABLE_NAME = 'evidences' THEN
    SELECT incident_id INTO v_incident FROM hypotheses WHERE id = NEW.hypothesis_id;
    IF TG_OP = 'INSERT' THEN
      INSERT INTO incident_histories (incident_id, created_by, type, description, hypothesis_id, evidence_id, created_at, updated_at)
      VALUES (v_incident, NEW.created_by, 'evidence.created', NEW.description, NEW.hypothesis_id, NEW.id, NEW.created_at, NEW.created_at);
    ELSIF NEW.definition_of_done AND NOT coalesce(OLD.definition_of_done, false) THEN
      INSERT INTO incident_histories (incident_id, created_by, type, description, hypothesis_id, evidence_id)
      VALUES (v_incident, NEW.created_by, 'evidence.done_definition_added', NEW.description, NEW.hypothesis_id, NEW.id);
    END IF;
  ELSIF TG_TABLE_NAME = 'responders' THEN
    INSERT INTO incident_histories (incident_id, created_by, type, responder_id, created_at, updated_at)
    VALUES (NEW.incident_id, NEW.created_by, 'responder.created', NEW.id, NEW.created_at, NEW.created_at);
  ELSIF TG_TABLE_NAME = 'comments' THEN
    INSERT INTO incident_histories (incident_id, created_by, type, description, comment_id, hypothesis_id, responder_id, created_at, updated_at)
    VALUES (NEW.incident_id, NEW.created_by, 'responder.commented', left(NEW.comment, 200), NEW.id, NEW.hypothesis_id, NEW.responder_id, NEW.created_at, NEW.created_at);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER incidents_history AFTER INSERT OR UPDATE OF status ON incidents
  FOR EACH ROW EXECUTE FUNCTION incident_history_writer();
CREATE TRIGGER hypotheses_history AFTER INSERT OR UPDATE OF status ON hypotheses
  FOR EACH ROW EXECUTE FUNCTION incident_history_writer();
CREATE TRIGGER evidences_history AFTER INSERT OR UPDATE OF definition_of_done ON evidences
  FOR EACH ROW EXECUTE FUNCTION incident_history_writer();
CREATE TRIGGER responders_history AFTER INSERT ON responders
  FOR EACH ROW EXECUTE FUNCTION incident_history_writer();
CREATE TRIGGER comments_history AFTER INSERT ON comments
  FOR EACH ROW EXECUTE FUNCTION incident_history_writer();
`;
