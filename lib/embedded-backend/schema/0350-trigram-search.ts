/**
 * Migration 0350 (issue 35): trigram GIN indexes for the `ilike '%q%'` searches, so a free-text search reads the
 * matching rows through an index instead of scanning every row.
 *
 * What they serve: the catalog list's free-text search (`configs` view: name, type, description and the namespace
 * tag, OR-ed, answered by a BitmapOr over the four indexes), the palette's and the health screen's resource lookups
 * (POST /resources/search: names of config items, components and checks), the component link dialog (config
 * names) and the incident list's title search.
 *
 * pg_trgm ships with PGlite (loaded by the worker, pglite-worker-source.ts) and with PostgreSQL's contrib; since
 * PostgreSQL 13 it is a trusted extension, so any role with CREATE on the database may create it. Where it cannot
 * be created (contrib not installed, or a role without CREATE), the migration still succeeds without the indexes:
 * the searches give the same answers by scanning, and `ensure_search_indexes()` — called at every start (bootstrap)
 * — builds them as soon as the extension is there, and reports false meanwhile so the start-up log says so.
 *
 * The function lives in the schema `console_internal`, which `/db` does not serve (its catalog is `public` only), so
 * no request can call it as an rpc.
 */
export const migration0350TrigramSearch = String.raw`
CREATE SCHEMA IF NOT EXISTS console_internal;

CREATE FUNCTION console_internal.ensure_search_indexes() RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN OTHERS THEN
      RAISE WARNING 'pg_trgm unavailable (%): free-text searches scan every row', SQLERRM;
      RETURN false;
    END;
  END IF;
  CREATE INDEX IF NOT EXISTS config_items_name_trgm_idx ON config_items USING gin (name gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS config_items_type_trgm_idx ON config_items USING gin (type gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS config_items_description_trgm_idx ON config_items USING gin (description gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS config_items_namespace_trgm_idx ON config_items
    USING gin ((tags ->> 'namespace') gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS components_name_trgm_idx ON components USING gin (name gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS checks_name_trgm_idx ON checks USING gin (name gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS incidents_title_trgm_idx ON incidents USING gin (title gin_trgm_ops);
  RETURN true;
END $$;

SELECT console_internal.ensure_search_indexes();
`;
