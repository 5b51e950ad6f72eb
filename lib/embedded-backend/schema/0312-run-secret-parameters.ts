/**
 * Migration 0312: password parameters of a playbook run are stored write-only (issue 31 item 3). A parameter whose
 * definition in the run's spec has `properties.format: password` (or the backend's `type: secret`, as the console's
 * textFormat reads it) keeps its value in `playbook_run_secrets`, a table the /db catalog hides
 * (postgrest/exposure.ts); `playbook_runs.parameters` and the copy in `request.params` hold the mask `********`.
 * So /db, /playbook/run/{id}, the run page's server HTML and every embed read the mask, for every role; the run
 * executor (ticker/playbook-runs.ts) joins the real value back server-side.
 *
 * A trigger, not the endpoint, so that every writer (POST /playbook/run, the seed, plain SQL) goes through it; a
 * value equal to the mask keeps the stored secret (a re-run form sending back what it read). The foreign key is
 * deferred because the BEFORE INSERT trigger writes the secret before its run row exists.
 */
export const migration0312RunSecretParameters = String.raw`
CREATE TABLE playbook_run_secrets (
  run_id uuid PRIMARY KEY REFERENCES playbook_runs(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  parameters jsonb NOT NULL
);

CREATE FUNCTION playbook_run_secret_parameters() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mask CONSTANT jsonb := to_jsonb('********'::text);
  secret_names text[];
  secrets jsonb;
BEGIN
  SELECT coalesce(array_agg(p->>'name'), '{}') INTO secret_names
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(NEW.spec->'parameters') = 'array' THEN NEW.spec->'parameters' ELSE '[]'::jsonb END) AS p
   WHERE jsonb_typeof(p) = 'object' AND (p->'properties'->>'format' = 'password' OR p->>'type' = 'secret');
  IF cardinality(secret_names) = 0 THEN
    RETURN NEW;
  END IF;
  IF jsonb_typeof(NEW.parameters) = 'object' THEN
    SELECT jsonb_object_agg(key, value) INTO secrets FROM jsonb_each(NEW.parameters)
     WHERE key = ANY(secret_names) AND value <> mask AND value <> 'null'::jsonb;
    IF secrets IS NOT NULL THEN
      INSERT INTO playbook_run_secrets (run_id, parameters) VALUES (NEW.id, secrets)
      ON CONFLICT (run_id) DO UPDATE SET parameters = playbook_run_secrets.parameters || excluded.parameters;
    END IF;
    NEW.parameters := NEW.parameters || coalesce(
      (SELECT jsonb_object_agg(key, mask) FROM jsonb_each(NEW.parameters) WHERE key = ANY(secret_names) AND value <> 'null'::jsonb),
      '{}'::jsonb);
  END IF;
  IF jsonb_typeof(NEW.request->'params') = 'object' THEN
    NEW.request := jsonb_set(NEW.request, '{params}', (NEW.request->'params') || coalesce(
      (SELECT jsonb_object_agg(key, mask) FROM jsonb_each(NEW.request->'params') WHERE key = ANY(secret_names) AND value <> 'null'::jsonb),
      '{}'::jsonb));
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER playbook_runs_secret_parameters BEFORE INSERT OR UPDATE OF parameters, request, spec ON playbook_runs
  FOR EACH ROW EXECUTE FUNCTION playbook_run_secret_parameters();

-- Runs stored before this migration whose spec has a secret parameter: the trigger moves their secrets out.
UPDATE playbook_runs SET parameters = parameters
 WHERE jsonb_typeof(spec->'parameters') = 'array'
   AND (spec->'parameters' @> '[{"properties":{"format":"password"}}]' OR spec->'parameters' @> '[{"type":"secret"}]');
`;
