/**
 * Migration 0010: audit columns come from the authenticated caller, never from the request body. A write through
 * /db runs in a transaction whose `app.actor_id` setting names the caller (postgrest/executor.ts runWrite); while it
 * is set, a trigger on every table with audit columns sets the creator column on insert (and keeps the stored one on
 * update) and the updater column on every write, and the incident history names the caller, not the row's creator.
 * Writes without an actor (seed, ticker, native endpoints that pass the caller themselves) are left as they are.
 */
export const migration0010AuditActor = String.raw`
CREATE FUNCTION audit_actor() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.actor_id', true), '')::uuid
$$;

-- TG_ARGV[0]: the creator column ('' for none), TG_ARGV[1]: the updater column ('' for none).
CREATE FUNCTION stamp_audit_columns() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stamp jsonb := '{}'::jsonb;
BEGIN
  IF TG_ARGV[0] <> '' THEN
    IF TG_OP = 'INSERT' THEN
      stamp := stamp || jsonb_build_object(TG_ARGV[0], audit_actor());
    ELSE
      stamp := stamp || jsonb_build_object(TG_ARGV[0], to_jsonb(OLD) -> TG_ARGV[0]);
    END IF;
  END IF;
  IF TG_ARGV[1] <> '' THEN
    stamp := stamp || jsonb_build_object(TG_ARGV[1], audit_actor());
  END IF;
  NEW := jsonb_populate_record(NEW, stamp);
  RETURN NEW;
END $$;

-- One trigger per table that has audit columns: created_by/updated_by everywhere, and the approver of a playbook
-- approval (an approval in someone else's name would run their playbook).
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT c.relname AS name,
      CASE WHEN c.relname = 'playbook_approvals' THEN 'person_id'
           WHEN bool_or(a.attname = 'created_by') THEN 'created_by' ELSE '' END AS creator,
      CASE WHEN bool_or(a.attname = 'updated_by') THEN 'updated_by' ELSE '' END AS updater
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE c.relkind IN ('r', 'p')
      AND (a.attname IN ('created_by', 'updated_by') OR (c.relname = 'playbook_approvals' AND a.attname = 'person_id'))
    GROUP BY c.relname
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I BEFORE INSERT OR UPDATE ON %I FOR EACH ROW WHEN (audit_actor() IS NOT NULL) '
      'EXECUTE FUNCTION stamp_audit_columns(%L, %L)',
      t.name || '_audit_actor', t.name, t.creator, t.updater);
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION incident_history_writer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_incident uuid;
  v_actor uuid := coalesce(audit_actor(), NEW.created_by);
BEGIN
  IF TG_TABLE_NAME = 'incidents' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO incident_histories (incident_id, created_by, type, description, created_at, updated_at)
      VALUES (NEW.id, v_actor, 'incident.created', NEW.title, NEW.created_at, NEW.created_at);
    ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
      INSERT INTO incident_histories (incident_id, created_by, type, description)
      VALUES (NEW.id, v_actor, 'incident.status_updated', NEW.status);
    END IF;
  ELSIF TG_TABLE_NAME = 'hypotheses' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO incident_histories (incident_id, created_by, type, description, hypothesis_id, created_at, updated_at)
      VALUES (NEW.incident_id, v_actor, 'hypothesis.created', NEW.title, NEW.id, NEW.created_at, NEW.created_at);
    ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
      INSERT INTO incident_histories (incident_id, created_by, type, description, hypothesis_id)
      VALUES (NEW.incident_id, v_actor, 'hypothesis.status_updated', NEW.status, NEW.id);
    END IF;
  ELSIF TG_TABLE_NAME = 'evidences' THEN
    SELECT incident_id INTO v_incident FROM hypotheses WHERE id = NEW.hypothesis_id;
    IF TG_OP = 'INSERT' THEN
      INSERT INTO incident_histories (incident_id, created_by, type, description, hypothesis_id, evidence_id, created_at, updated_at)
      VALUES (v_incident, v_actor, 'evidence.created', NEW.description, NEW.hypothesis_id, NEW.id, NEW.created_at, NEW.created_at);
    ELSIF NEW.definition_of_done AND NOT coalesce(OLD.definition_of_done, false) THEN
      INSERT INTO incident_histories (incident_id, created_by, type, description, hypothesis_id, evidence_id)
      VALUES (v_incident, v_actor, 'evidence.done_definition_added', NEW.description, NEW.hypothesis_id, NEW.id);
    END IF;
  ELSIF TG_TABLE_NAME = 'responders' THEN
    INSERT INTO incident_histories (incident_id, created_by, type, responder_id, created_at, updated_at)
    VALUES (NEW.incident_id, v_actor, 'responder.created', NEW.id, NEW.created_at, NEW.created_at);
  ELSIF TG_TABLE_NAME = 'comments' THEN
    INSERT INTO incident_histories (incident_id, created_by, type, description, comment_id, hypothesis_id, responder_id, created_at, updated_at)
    VALUES (NEW.incident_id, v_actor, 'responder.commented', left(NEW.comment, 200), NEW.id, NEW.hypothesis_id, NEW.responder_id, NEW.created_at, NEW.created_at);
  END IF;
  RETURN NULL;
END $$;
`;
