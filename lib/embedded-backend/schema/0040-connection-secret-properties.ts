/**
 * Migration 0040: secrets a connection keeps in `properties` (restic's `secretKey`) read as the mask through /db
 * (postgrest/exposure.ts CONNECTION_SECRET_PROPERTIES). As for the `password` and `certificate` columns, an update
 * that writes the mask back for such a key keeps the stored value, so a client may send back what it read.
 * TG_ARGV: the secret keys.
 */
export const migration0040ConnectionSecretProperties = String.raw`
CREATE FUNCTION keep_masked_secret_properties() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text;
BEGIN
  IF jsonb_typeof(NEW.properties) <> 'object' THEN
    RETURN NEW;
  END IF;
  FOREACH k IN ARRAY TG_ARGV LOOP
    IF NEW.properties ->> k = '********' THEN
      IF jsonb_typeof(OLD.properties) = 'object' AND OLD.properties ? k THEN
        NEW.properties := jsonb_set(NEW.properties, ARRAY[k], OLD.properties -> k);
      ELSE
        NEW.properties := NEW.properties - k;
      END IF;
    END IF;
  END LOOP;
  RETURN NEW;
END $$;

CREATE TRIGGER connections_keep_masked_secret_properties
  BEFORE UPDATE OF properties ON connections
  FOR EACH ROW EXECUTE FUNCTION keep_masked_secret_properties('secretKey');
`;
