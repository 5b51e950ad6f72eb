/**
 * Migration 0007: the catalog page reads live items in (type, name) order and counts them, and every row of it counts
 * open analyses by type; partial indexes let both run as index(-only) scans instead of a scan and sort of every item.
 */
export const migration0007CatalogReadIndexes = String.raw`
CREATE INDEX config_items_live_type_name_idx ON config_items (type, name) WHERE deleted_at IS NULL;
CREATE INDEX config_analysis_open_idx ON config_analysis (config_id, analysis_type) WHERE status = 'open';
`;
