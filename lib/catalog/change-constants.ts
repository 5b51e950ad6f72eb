/** The change feed's constants (/catalog/changes and an item's Changes tab), apart from lib/catalog/constants.ts. */

/** The change feed's sort keys (POST /catalog/changes `sort_by`). */
export const CHANGE_SORT_COLUMNS = [
  'created_at',
  'name',
  'change_type',
  'summary',
  'source',
  'severity',
  'type',
] as const;
export type ChangeSortColumn = (typeof CHANGE_SORT_COLUMNS)[number];
/** Severities from least to most; the backend's `severity` keeps this one and those above it. */
export const CHANGE_SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export const RECURSIVE_MODES = ['downstream', 'upstream', 'all', 'none'] as const;
export type RecursiveMode = (typeof RECURSIVE_MODES)[number];
/** How deep an item's changes tab walks its related items. */
export const CHANGES_DEPTH = 5;
