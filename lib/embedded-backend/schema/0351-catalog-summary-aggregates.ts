/**
 * Migration 0351 (issue 35): the catalog summary from small aggregate tables kept up to date by triggers, instead of a
 * scan of every item and every change in the window.
 *
 * - `console_internal.catalog_summary_items`: per key (type, config_class, status, health, agent_id, deleted) the item count, the
 *   latest created_at and updated_at, and the cost sums with the number of non-null values behind each (a sum over
 *   no value is NULL, as sum() gives). Statement-level triggers with transition tables add the new rows and take
 *   away the old ones; a maximum that may have left with an old row marks its key stale, and the key's maxima are
 *   read again from config_items (by type) before the statement ends.
 * - `console_internal.catalog_summary_changes`: per key, the number of changes of the key's items in every UTC day and every UTC hour.
 *   A window `created_at > t0` is the sum of the days starting after t0, of the hours starting after t0 within t0's
 *   day, and of the changes of t0's own hour read from config_changes (index on created_at): at most ~24 hour rows
 *   and one hour of changes per key besides the days. The bucket of a change follows its item: an
 *   item whose key changes (health, status, soft delete…) moves its changes' counts; an item hard-deleted takes its
 *   changes' counts away before the cascade deletes them (row-level BEFORE DELETE).
 *
 * Served from the aggregates: groupBy over the key's columns and the filters status, health, type and deleted
 * (endpoints/catalog.ts); label and tag filters or groupings scan as before. `console_internal.catalog_summary_rebuild()` recomputes
 * both tables (used here and by bulk loads that run with triggers off). Known limit: a change inserted by one
 * transaction while another changes its item's key is counted under the key the inserting transaction saw.
 *
 * Tables and functions live in `console_internal` (migration 0350), which `/db` does not serve: derived data that
 * only the triggers write.
 */

const KEY = 'type, config_class, status, health, agent_id, deleted';
const ITEM_KEY = (t: string) =>
  `${t}.type, ${t}.config_class, ${t}.status, ${t}.health, ${t}.agent_id, ${t}.deleted_at IS NOT NULL`;
/** Every change counts in its UTC hour and in its UTC day (`w.width` from WIDTHS). */
const BUCKET = (column: string) => `w.width, date_bin(w.width, ${column}, '2000-01-01 00:00:00+00')`;
const WIDTHS = `(VALUES (interval '1 hour'), (interval '1 day')) AS w(width)`;
const COSTS = ['cost_per_minute', 'cost_total_1d', 'cost_total_7d', 'cost_total_30d'];
const SAME_KEY = (a: string, b: string) =>
  `${a}.type = ${b}.type AND ${a}.config_class = ${b}.config_class AND ${a}.status IS NOT DISTINCT FROM ${b}.status ` +
  `AND ${a}.health IS NOT DISTINCT FROM ${b}.health AND ${a}.agent_id = ${b}.agent_id AND ${a}.deleted = ${b}.deleted`;

/** Adds signed item rows (`sign` ±1 and the config_items columns) to console_internal.catalog_summary_items. */
const addItems = (source: string) => `
  INSERT INTO console_internal.catalog_summary_items AS a (${KEY}, n, created_at, updated_at, ${COSTS.map((c) => `${c}, ${c}_n`).join(', ')})
  SELECT ${ITEM_KEY('d')}, sum(d.sign), max(d.created_at) FILTER (WHERE d.sign > 0), max(d.updated_at) FILTER (WHERE d.sign > 0),
    ${COSTS.map((c) => `coalesce(sum(d.sign * d.${c}), 0), coalesce(sum(d.sign) FILTER (WHERE d.${c} IS NOT NULL), 0)`).join(',\n    ')}
  FROM (${source}) d
  GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (${KEY}) DO UPDATE SET n = a.n + excluded.n,
    created_at = greatest(a.created_at, excluded.created_at), updated_at = greatest(a.updated_at, excluded.updated_at),
    ${COSTS.map((c) => `${c} = a.${c} + excluded.${c}, ${c}_n = a.${c}_n + excluded.${c}_n`).join(',\n    ')};`;

/** Marks the keys whose latest created_at or updated_at may have left with the old rows. */
const markStale = `
  UPDATE console_internal.catalog_summary_items a SET stale = true
  FROM (SELECT ${ITEM_KEY('o')}, max(o.created_at), max(o.updated_at) FROM old_rows o GROUP BY 1, 2, 3, 4, 5, 6)
    AS o(type, config_class, status, health, agent_id, deleted, created_at, updated_at)
  WHERE ${SAME_KEY('a', 'o')}
    AND (coalesce(o.created_at >= a.created_at, false) OR coalesce(o.updated_at >= a.updated_at, false));`;

const refreshStale = `
  UPDATE console_internal.catalog_summary_items a SET stale = false, (created_at, updated_at) = (
    SELECT max(ci.created_at), max(ci.updated_at) FROM config_items ci
     WHERE ci.type = a.type AND ci.config_class = a.config_class AND ci.status IS NOT DISTINCT FROM a.status
       AND ci.health IS NOT DISTINCT FROM a.health AND ci.agent_id = a.agent_id AND (ci.deleted_at IS NOT NULL) = a.deleted)
  WHERE a.stale;`;

/** Adds signed change counts (`sign`, `config_id`, `created_at`) under the key their item has now. */
const addChanges = (source: string) => `
  INSERT INTO console_internal.catalog_summary_changes AS a (${KEY}, width, bucket, n)
  SELECT ${ITEM_KEY('ci')}, ${BUCKET('d.created_at')}, sum(d.sign)
  FROM (${source}) d JOIN config_items ci ON ci.id = d.config_id CROSS JOIN ${WIDTHS}
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d.sign) <> 0
  ON CONFLICT (${KEY}, width, bucket) DO UPDATE SET n = a.n + excluded.n;`;

/** Adds the changes of signed item rows (`sign` and config_items columns) under those rows' keys. */
const addChangesOfItems = (source: string) => `
  INSERT INTO console_internal.catalog_summary_changes AS a (${KEY}, width, bucket, n)
  SELECT ${ITEM_KEY('k')}, ${BUCKET('cc.created_at')}, sum(k.sign)
  FROM (${source}) k JOIN config_changes cc ON cc.config_id = k.id CROSS JOIN ${WIDTHS}
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(k.sign) <> 0
  ON CONFLICT (${KEY}, width, bucket) DO UPDATE SET n = a.n + excluded.n;`;

const MOVED = `FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (${ITEM_KEY('n')}) IS DISTINCT FROM (${ITEM_KEY('o')})`;

export const migration0351CatalogSummaryAggregates = String.raw`
CREATE TABLE console_internal.catalog_summary_items (
  type text NOT NULL,
  config_class text NOT NULL,
  status text,
  health text,
  agent_id uuid NOT NULL,
  deleted boolean NOT NULL,
  n bigint NOT NULL,
  created_at timestamptz,
  updated_at timestamptz,
  ${COSTS.map((c) => `${c} numeric NOT NULL, ${c}_n bigint NOT NULL`).join(',\n  ')},
  stale boolean NOT NULL DEFAULT false,
  UNIQUE NULLS NOT DISTINCT (${KEY})
);

CREATE TABLE console_internal.catalog_summary_changes (
  type text NOT NULL,
  config_class text NOT NULL,
  status text,
  health text,
  agent_id uuid NOT NULL,
  deleted boolean NOT NULL,
  width interval NOT NULL,
  bucket timestamptz NOT NULL,
  n bigint NOT NULL,
  UNIQUE NULLS NOT DISTINCT (${KEY}, width, bucket)
);
CREATE INDEX catalog_summary_changes_bucket_idx ON console_internal.catalog_summary_changes (width, bucket);

CREATE FUNCTION console_internal.catalog_summary_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM console_internal.catalog_summary_items;
  DELETE FROM console_internal.catalog_summary_changes;
  INSERT INTO console_internal.catalog_summary_items (${KEY}, n, created_at, updated_at, ${COSTS.map((c) => `${c}, ${c}_n`).join(', ')})
  SELECT ${ITEM_KEY('ci')}, count(*), max(ci.created_at), max(ci.updated_at),
    ${COSTS.map((c) => `coalesce(sum(ci.${c}), 0), count(ci.${c})`).join(', ')}
  FROM config_items ci GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO console_internal.catalog_summary_changes (${KEY}, width, bucket, n)
  SELECT ${ITEM_KEY('ci')}, ${BUCKET('cc.created_at')}, count(*)
  FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id CROSS JOIN ${WIDTHS}
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
END $$;

CREATE FUNCTION console_internal.catalog_summary_items_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${addItems('SELECT 1 AS sign, n.* FROM new_rows n')}
  ${addChangesOfItems('SELECT 1 AS sign, n.* FROM new_rows n')}
  RETURN NULL;
END $$;

CREATE FUNCTION console_internal.catalog_summary_items_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${markStale}
  ${addItems('SELECT 1 AS sign, n.* FROM new_rows n UNION ALL SELECT -1, o.* FROM old_rows o')}
  ${refreshStale}
  ${addChangesOfItems(`SELECT 1 AS sign, n.* ${MOVED} UNION ALL SELECT -1, o.* ${MOVED}`)}
  RETURN NULL;
END $$;

CREATE FUNCTION console_internal.catalog_summary_items_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${markStale}
  ${addItems('SELECT -1 AS sign, o.* FROM old_rows o')}
  ${refreshStale}
  RETURN NULL;
END $$;

-- A hard delete cascades to the item's changes after the item is gone: their counts leave first, under its key.
CREATE FUNCTION console_internal.catalog_summary_item_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${addChangesOfItems('SELECT -1 AS sign, o.* FROM (SELECT OLD.*) o')}
  RETURN OLD;
END $$;

CREATE FUNCTION console_internal.catalog_summary_items_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM console_internal.catalog_summary_items;
  DELETE FROM console_internal.catalog_summary_changes;
  RETURN NULL;
END $$;

CREATE FUNCTION console_internal.catalog_summary_changes_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${addChanges('SELECT 1 AS sign, n.config_id, n.created_at FROM new_rows n')}
  RETURN NULL;
END $$;

CREATE FUNCTION console_internal.catalog_summary_changes_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${addChanges('SELECT 1 AS sign, n.config_id, n.created_at FROM new_rows n UNION ALL SELECT -1, o.config_id, o.created_at FROM old_rows o')}
  RETURN NULL;
END $$;

CREATE FUNCTION console_internal.catalog_summary_changes_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${addChanges('SELECT -1 AS sign, o.config_id, o.created_at FROM old_rows o')}
  RETURN NULL;
END $$;

CREATE FUNCTION console_internal.catalog_summary_changes_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM console_internal.catalog_summary_changes;
  RETURN NULL;
END $$;

CREATE TRIGGER catalog_summary_items_insert AFTER INSERT ON config_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION console_internal.catalog_summary_items_insert();
CREATE TRIGGER catalog_summary_items_update AFTER UPDATE ON config_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION console_internal.catalog_summary_items_update();
CREATE TRIGGER catalog_summary_items_delete AFTER DELETE ON config_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION console_internal.catalog_summary_items_delete();
CREATE TRIGGER catalog_summary_item_deleting BEFORE DELETE ON config_items
  FOR EACH ROW EXECUTE FUNCTION console_internal.catalog_summary_item_deleting();
CREATE TRIGGER catalog_summary_items_truncate AFTER TRUNCATE ON config_items
  FOR EACH STATEMENT EXECUTE FUNCTION console_internal.catalog_summary_items_truncate();
CREATE TRIGGER catalog_summary_changes_insert AFTER INSERT ON config_changes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION console_internal.catalog_summary_changes_insert();
CREATE TRIGGER catalog_summary_changes_update AFTER UPDATE ON config_changes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION console_internal.catalog_summary_changes_update();
CREATE TRIGGER catalog_summary_changes_delete AFTER DELETE ON config_changes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION console_internal.catalog_summary_changes_delete();
CREATE TRIGGER catalog_summary_changes_truncate AFTER TRUNCATE ON config_changes
  FOR EACH STATEMENT EXECUTE FUNCTION console_internal.catalog_summary_changes_truncate();

SELECT console_internal.catalog_summary_rebuild();
`;
