/**
 * The cost bounds of one `/db` request beyond the 2000-row page cap: chosen so that every screen request of
 * backend-contract §4.3 stays well under them (the largest embeds 12 relations, none returns more than a few hundred
 * embedded rows per parent, the largest unpaged list is about 2.5 MB).
 */
export const CAPS = {
  /** Most embeds in one request, counted at every depth (`!inner` ones included). */
  embeds: 16,
  /** Most rows in one embedded array (one parent's one-to-many embed). */
  embedRows: 1000,
  /** Most bytes of JSON in one response body. */
  responseBytes: 8 * 1024 * 1024,
  /**
   * Most regular-expression conditions (`match`, `imatch`, negated or not, at any depth and scope) in one request:
   * each one runs over every candidate row, and forty of them held PGlite's one connection for seconds (issue 31).
   * No screen sends any.
   */
  regexTerms: 10,
  /** Most characters in one regular expression of a filter. */
  regexLength: 512,
} as const;

/**
 * Names of configuration parameters that do not exist: `set_config(<name>, …)` raises 42704 naming it, which stops
 * a statement the moment a cap is passed (rows stream through the check, so the rest is never built).
 */
export const CAP_MARKERS = {
  embedRows: 'pgrst_embed_rows_cap_exceeded',
  responseBytes: 'pgrst_response_bytes_cap_exceeded',
} as const;
