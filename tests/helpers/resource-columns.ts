/**
 * The columns every settings resource list (and the integrations list) shows after its own ones, as spec 001 names
 * them. Written out rather than read from components/resources: the screens are checked against the spec's words.
 */
export const RESOURCE_TRAILING_COLUMNS = [
  'Source',
  'Job Status',
  'Last Run',
  'Created By',
  'Created At',
  'Updated At',
];
