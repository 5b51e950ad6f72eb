/**
 * Migration 0006: a data version for the health summary's response cache. Statement-level triggers advance a sequence
 * on every write to the tables the summary reads (statuses, checks, canaries, silences), so a cached answer is reused
 * only while nothing it depends on changed, whichever path wrote (Run now, ticker, /db, seed, another process).
 * A sequence rather than a counter row: writers never wait on each other for it, and it cannot deadlock.
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
