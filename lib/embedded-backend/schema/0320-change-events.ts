/**
 * Migration 0320 (issue 32, live console): every write to a table the screens show sends one NOTIFY on
 * `console_changes` per statement, naming the kind, the operation and the ids of the changed rows (never their
 * contents), so `GET /events` hears writes from any process sharing the database (the demo ticker, another
 * instance). Statement-level triggers with a transition table: a ticker statement writing 500 check results is one
 * notification whose id list is left out past 20 distinct ids (`"ids": null, "n": 21`), keeping the payload far
 * below NOTIFY's 8000-byte limit. Each operation has its own trigger because a transition table belongs to one event.
 */
export const migration0320ChangeEvents = String.raw`
CREATE FUNCTION notify_console_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  -- TG_ARGV: [kind, id column]; the column name comes from this migration, never from a request.
  EXECUTE format('SELECT array_agg(id) FROM (SELECT DISTINCT %I::text AS id FROM changed_rows LIMIT 21) d', TG_ARGV[1])
    INTO ids;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('console_changes', json_build_object(
    'k', TG_ARGV[0],
    'op', lower(TG_OP),
    'ids', CASE WHEN cardinality(ids) <= 20 THEN ids END,
    'n', cardinality(ids))::text);
  RETURN NULL;
END $$;

CREATE TRIGGER check_statuses_change_insert AFTER INSERT ON check_statuses
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('check_status', 'check_id');
CREATE TRIGGER check_statuses_change_update AFTER UPDATE ON check_statuses
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('check_status', 'check_id');
CREATE TRIGGER check_statuses_change_delete AFTER DELETE ON check_statuses
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('check_status', 'check_id');
CREATE TRIGGER checks_change_insert AFTER INSERT ON checks
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('check', 'id');
CREATE TRIGGER checks_change_update AFTER UPDATE ON checks
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('check', 'id');
CREATE TRIGGER checks_change_delete AFTER DELETE ON checks
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('check', 'id');
CREATE TRIGGER canaries_change_insert AFTER INSERT ON canaries
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('canary', 'id');
CREATE TRIGGER canaries_change_update AFTER UPDATE ON canaries
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('canary', 'id');
CREATE TRIGGER canaries_change_delete AFTER DELETE ON canaries
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('canary', 'id');
CREATE TRIGGER components_change_insert AFTER INSERT ON components
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('component', 'id');
CREATE TRIGGER components_change_update AFTER UPDATE ON components
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('component', 'id');
CREATE TRIGGER components_change_delete AFTER DELETE ON components
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('component', 'id');
CREATE TRIGGER topologies_change_insert AFTER INSERT ON topologies
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('topology', 'id');
CREATE TRIGGER topologies_change_update AFTER UPDATE ON topologies
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('topology', 'id');
CREATE TRIGGER topologies_change_delete AFTER DELETE ON topologies
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('topology', 'id');
CREATE TRIGGER incidents_change_insert AFTER INSERT ON incidents
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('incident', 'id');
CREATE TRIGGER incidents_change_update AFTER UPDATE ON incidents
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('incident', 'id');
CREATE TRIGGER incidents_change_delete AFTER DELETE ON incidents
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('incident', 'id');
CREATE TRIGGER comments_change_insert AFTER INSERT ON comments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('comment', 'id');
CREATE TRIGGER comments_change_update AFTER UPDATE ON comments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('comment', 'id');
CREATE TRIGGER comments_change_delete AFTER DELETE ON comments
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('comment', 'id');
CREATE TRIGGER hypotheses_change_insert AFTER INSERT ON hypotheses
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('hypothesis', 'id');
CREATE TRIGGER hypotheses_change_update AFTER UPDATE ON hypotheses
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('hypothesis', 'id');
CREATE TRIGGER hypotheses_change_delete AFTER DELETE ON hypotheses
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('hypothesis', 'id');
CREATE TRIGGER evidences_change_insert AFTER INSERT ON evidences
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('evidence', 'id');
CREATE TRIGGER evidences_change_update AFTER UPDATE ON evidences
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('evidence', 'id');
CREATE TRIGGER evidences_change_delete AFTER DELETE ON evidences
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('evidence', 'id');
CREATE TRIGGER responders_change_insert AFTER INSERT ON responders
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('responder', 'id');
CREATE TRIGGER responders_change_update AFTER UPDATE ON responders
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('responder', 'id');
CREATE TRIGGER responders_change_delete AFTER DELETE ON responders
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('responder', 'id');
CREATE TRIGGER playbook_runs_change_insert AFTER INSERT ON playbook_runs
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('playbook_run', 'id');
CREATE TRIGGER playbook_runs_change_update AFTER UPDATE ON playbook_runs
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('playbook_run', 'id');
CREATE TRIGGER playbook_runs_change_delete AFTER DELETE ON playbook_runs
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('playbook_run', 'id');
CREATE TRIGGER playbook_run_actions_change_insert AFTER INSERT ON playbook_run_actions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('playbook_run_action', 'id');
CREATE TRIGGER playbook_run_actions_change_update AFTER UPDATE ON playbook_run_actions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('playbook_run_action', 'id');
CREATE TRIGGER playbook_run_actions_change_delete AFTER DELETE ON playbook_run_actions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('playbook_run_action', 'id');
CREATE TRIGGER notification_send_history_change_insert AFTER INSERT ON notification_send_history
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('notification_send', 'id');
CREATE TRIGGER notification_send_history_change_update AFTER UPDATE ON notification_send_history
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('notification_send', 'id');
CREATE TRIGGER notification_send_history_change_delete AFTER DELETE ON notification_send_history
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('notification_send', 'id');
CREATE TRIGGER config_changes_change_insert AFTER INSERT ON config_changes
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('config_change', 'id');
CREATE TRIGGER config_changes_change_update AFTER UPDATE ON config_changes
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('config_change', 'id');
CREATE TRIGGER config_changes_change_delete AFTER DELETE ON config_changes
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('config_change', 'id');
CREATE TRIGGER config_items_change_insert AFTER INSERT ON config_items
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('config_item', 'id');
CREATE TRIGGER config_items_change_update AFTER UPDATE ON config_items
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('config_item', 'id');
CREATE TRIGGER config_items_change_delete AFTER DELETE ON config_items
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('config_item', 'id');
CREATE TRIGGER job_history_change_insert AFTER INSERT ON job_history
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('job', 'id');
CREATE TRIGGER job_history_change_update AFTER UPDATE ON job_history
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('job', 'id');
CREATE TRIGGER job_history_change_delete AFTER DELETE ON job_history
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('job', 'id');
CREATE TRIGGER event_queue_change_insert AFTER INSERT ON event_queue
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('event_queue', 'id');
CREATE TRIGGER event_queue_change_update AFTER UPDATE ON event_queue
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('event_queue', 'id');
CREATE TRIGGER event_queue_change_delete AFTER DELETE ON event_queue
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_console_change('event_queue', 'id');
`;
