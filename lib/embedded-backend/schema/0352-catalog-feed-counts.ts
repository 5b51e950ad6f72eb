/**
 * Migration 0352 (issue 35): the change feed's counts per change type (`summary` and `total` of POST /catalog/changes)
 * from an aggregate kept by triggers, instead of counting every change of the window on each request.
 *
 * `console_internal.catalog_feed_counts`: per key (the item's type and whether it is deleted, the change's type and
 * severity, the keys the feed screen filters by) the number of changes in every UTC hour and every UTC day. A window
 * (from, to] is the sum of the whole days and hours inside it plus the changes of its partial first and last hour read
 * from config_changes (index on created_at) — endpoints/catalog.ts. Kept as migration 0351 keeps the summary's
 * changes: statement-level triggers with transition tables on config_changes; an item whose type or deleted state
 * changes moves its changes' counts; a hard-deleted item takes them away before the cascade deletes its changes; a
 * change inserted before its item (the foreign key is deferred) is counted when the item arrives.
 * `console_internal.catalog_aggregates_rebuild()` recomputes this table and migration 0351's (seed and bulk loads).
 */

const KEY = 'config_type, deleted, change_type, severity';
const ITEM_KEY = (item: string) => `${item}.type, ${item}.deleted_at IS NOT NULL`;
const BUCKET = (column: string) => `w.width, date_bin(w.width, ${column}, '2000-01-01 00:00:00+00')`;
const WIDTHS = `(VALUES (interval '1 hour'), (interval '1 day')) AS w(width)`;
const UPSERT = `ON CONFLICT (${KEY}, width, bucket) DO UPDATE SET n = a.n + excluded.n;`;

/** Adds signed changes (`sign` and the config_changes columns) under the key their item has now. */
const addChanges = (source: string) => `
  INSERT INTO console_internal.catalog_feed_counts AS a (${KEY}, width, bucket, n)
  SELECT ${ITEM_KEY('ci')}, d.change_type, d.severity, ${BUCKET('d.created_at')}, sum(d.sign)
  FROM (${source}) d JOIN config_items ci ON ci.id = d.config_id CROSS JOIN ${WIDTHS}
  GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d.sign) <> 0
  ${UPSERT}`;

/** Adds the changes of signed item rows (`sign` and the config_items columns) under those rows' keys. */
const addChangesOfItems = (source: string) => `
  INSERT INTO console_internal.catalog_feed_counts AS a (${KEY}, width, bucket, n)
  SELECT ${ITEM_KEY('k')}, cc.change_type, cc.severity, ${BUCKET('cc.created_at')}, sum(k.sign)
  FROM (${source}) k JOIN config_changes cc ON cc.config_id = k.id CROSS JOIN ${WIDTHS}
  GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(k.sign) <> 0
  ${UPSERT}`;

const MOVED = `FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE (${ITEM_KEY('n')}) IS DISTINCT FROM (${ITEM_KEY('o')})`;
const CHANGE_COLUMNS = 'config_id, change_type, severity, created_at';

export const migration0352CatalogFeedCounts = String.raw`
CREATE TABLE console_internal.catalog_feed_counts (
  config_type text NOT NULL,
  deleted boolean NOT NULL,
  change_type text,
  severity text,
  width interval NOT NULL,
  bucket timestamptz NOT NULL,
  n bigint NOT NULL,
  UNIQUE NULLS NOT DISTINCT (${KEY}, width, bucket)
);
CREATE INDEX catalog_feed_counts_bucket_idx ON console_internal.catalog_feed_counts (width, bucket);

CREATE FUNCTION console_internal.catalog_feed_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM console_internal.catalog_feed_counts;
  INSERT INTO console_internal.catalog_feed_counts (${KEY}, width, bucket, n)
  SELECT ${ITEM_KEY('ci')}, cc.change_type, cc.severity, ${BUCKET('cc.created_at')}, count(*)
  FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id CROSS JOIN ${WIDTHS}
  GROUP BY 1, 2, 3, 4, 5, 6;
END $$;

-- One call for every catalog aggregate, so a bulk load that ran with triggers off cannot forget one.
CREATE FUNCTION console_internal.catalog_aggregates_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM console_internal.catalog_summary_rebuild();
  PERFORM console_internal.catalog_feed_counts_rebuild();
END $$;

CREATE FUNCTION console_internal.catalog_feed_items_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${addChangesOfItems('SELECT 1 AS sign, n.* FROM new_rows n')}
  RETURN NULL;
END $$;

CREATE FUNCTION console_internal.catalog_feed_items_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${addChangesOfItems(`SELECT 1 AS sign, n.* ${MOVED} UNION ALL SELECT -1, o.* ${MOVED}`)}
  RETURN NULL;
END $$;

CREATE FUNCTION console_internal.catalog_feed_item_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${addChangesOfItems('SELECT -1 AS sign, o.* FROM (SELECT OLD.*) o')}
  RETURN OLD;
END $$;

CREATE FUNCTION console_internal.catalog_feed_changes_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${addChanges(`SELECT 1 AS sign, ${CHANGE_COLUMNS} FROM new_rows`)}
  RETURN NULL;
END $$;

CREATE FUNCTION console_internal.catalog_feed_changes_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${addChanges(`SELECT 1 AS sign, ${CHANGE_COLUMNS} FROM new_rows UNION ALL SELECT -1, ${CHANGE_COLUMNS} FROM old_rows`)}
  RETURN NULL;
END $$;

CREATE FUNCTION console_internal.catalog_feed_changes_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${addChanges(`SELECT -1 AS sign, ${CHANGE_COLUMNS} FROM old_rows`)}
  RETURN NULL;
END $$;

CREATE FUNCTION console_internal.catalog_feed_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM console_internal.catalog_feed_counts;
  RETURN NULL;
END $$;

CREATE TRIGGER catalog_feed_items_insert AFTER INSERT ON config_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION console_internal.catalog_feed_items_insert();
CREATE TRIGGER catalog_feed_items_update AFTER UPDATE ON config_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION console_internal.catalog_feed_items_update();
CREATE TRIGGER catalog_feed_item_deleting BEFORE DELETE ON config_items
  FOR EACH ROW EXECUTE FUNCTION console_internal.catalog_feed_item_deleting();
CREATE TRIGGER catalog_feed_items_truncate AFTER TRUNCATE ON config_items
  FOR EACH STATEMENT EXECUTE FUNCTION console_internal.catalog_feed_truncate();
CREATE TRIGGER catalog_feed_changes_insert AFTER INSERT ON config_changes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION console_internal.catalog_feed_changes_insert();
CREATE TRIGGER catalog_feed_changes_update AFTER UPDATE ON config_changes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION console_internal.catalog_feed_changes_update();
CREATE TRIGGER catalog_feed_changes_delete AFTER DELETE ON config_changes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION console_internal.catalog_feed_changes_delete();
CREATE TRIGGER catalog_feed_changes_truncate AFTER TRUNCATE ON config_changes
  FOR EACH STATEMENT EXECUTE FUNCTION console_internal.catalog_feed_truncate();

SELECT console_internal.catalog_feed_counts_rebuild();
`;
