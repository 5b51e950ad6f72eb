/**
 * Migration 0391 (issue 33, the palette's latency at 50,000 config items): the resource search
 * (endpoints/shared/resource-search.ts) answers `name ILIKE '%word%' ORDER BY name, id LIMIT n`. A word many names
 * contain ("checkout": 5,600 of 50,000) made the trigram index fetch every match and sort them all by name (54 ms
 * in PGlite, alone), and a word too short for trigrams ("db") scanned the table (60 ms). With the live rows in name
 * order, the planner walks them and stops at the n-th match (4–9 ms); a rare word still takes the trigram index.
 */
export const migration0391NameOrderSearch = String.raw`
CREATE INDEX config_items_live_name_idx ON config_items (name, id) WHERE deleted_at IS NULL;
CREATE INDEX checks_live_name_idx ON checks (name, id) WHERE deleted_at IS NULL;
CREATE INDEX components_live_name_idx ON components (name, id) WHERE deleted_at IS NULL;
`;
