/**
 * Migration 0060: a severity change is written to incident_histories (`incident.severity_updated`, the new
 * severity as its description), as status changes already are, so the incident timeline shows both (issue 17).
 */
export const migration0060IncidentSeverityHistory = String.raw`
CREATE FUNCTION incident_severity_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO incident_histories (incident_id, created_by, type, description)
  VALUES (NEW.id, coalesce(audit_actor(), NEW.created_by), 'incident.severity_updated', NEW.severity);
  RETURN NEW;
END $$;

CREATE TRIGGER incidents_severity_history AFTER UPDATE OF severity ON incidents
  FOR EACH ROW WHEN (OLD.severity IS DISTINCT FROM NEW.severity) EXECUTE FUNCTION incident_severity_history();
`;
