/**
 * Migration 0006: statement triggers advance a sequence (never a row, so writers neither wait nor deadlock on it) on
 * every write to what the health summary reads, so its response cache notices Run now, the ticker, /db and others.
 */
export const migration0006SummaryCacheVersion = String.raw`
CREATE SEQUENCE check_data_version;

CREATE FUNCTION bump_check_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('check_data_version');
  RETURN NULL;
END $$;

CREATE TRIGGER check_statuses_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON check_statuses
  FOR EACH STATEMENT EXECUTE FUNCTION bump_check_data_version();
CREATE TRIGGER checks_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON checks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_check_data_version();
CREATE TRIGGER canaries_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON canaries
  FOR EACH STATEMENT EXECUTE FUNCTION bump_check_data_version();
CREATE TRIGGER notification_silences_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON notification_silences
  FOR EACH STATEMENT EXECUTE FUNCTION bump_check_data_version();
`;
