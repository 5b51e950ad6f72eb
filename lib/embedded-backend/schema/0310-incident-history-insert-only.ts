/**
 * Migration 0310: the incident history is insert-only (issue 31 item 4). Commanders and responders may write
 * incidents, so the /db gate lets their PATCH and DELETE of `incident_histories` through; this trigger is what
 * refuses them, on every path (/db, native endpoints, plain SQL), with SQLSTATE 42501 (a 403 on /db).
 *
 * Rows still go when what they describe goes: deleting an incident, hypothesis, evidence, responder or comment
 * cascades to its entries. Those deletes arrive from the referential-action trigger of the parent, so they run one
 * trigger level deeper (pg_trigger_depth() > 1) than any statement a client can send. TRUNCATE is refused outright.
 */
export const migration0310IncidentHistoryInsertOnly = String.raw`
CREATE FUNCTION incident_histories_insert_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'incident history is insert-only' USING ERRCODE = '42501';
END $$;

CREATE TRIGGER incident_histories_insert_only BEFORE UPDATE OR DELETE ON incident_histories
  FOR EACH ROW EXECUTE FUNCTION incident_histories_insert_only();
CREATE TRIGGER incident_histories_no_truncate BEFORE TRUNCATE ON incident_histories
  FOR EACH STATEMENT EXECUTE FUNCTION incident_histories_insert_only();
`;
