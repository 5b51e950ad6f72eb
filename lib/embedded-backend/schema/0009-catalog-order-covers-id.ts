/**
 * Migration 0009: the live catalog order index also carries the id, so a page with an offset picks its keys by an
 * index-only scan (no heap visit for each skipped item); it replaces the index of migration 0007.
 */
export const migration0009CatalogOrderCoversId = String.raw`
CREATE INDEX config_items_live_order_idx ON config_items (type, name) INCLUDE (id) WHERE deleted_at IS NULL;
DROP INDEX config_items_live_type_name_idx;
`;
