/**
 * The /db reads standalone mode (AUTH_PROVIDER=none, no sign-in) lets through: exactly the requests of the health
 * views (/view/health and the health screen's check panel: lib/health/check-endpoints.ts, which takes its selects from here), nothing else. Anonymous
 * visitors read as the demo guest, who may read much more through embeds and `select` (raw config JSON,
 * vulnerability reports, canary specs of every canary, playbook run parameters: 346 kB in one request, issue 31
 * item 6), so the shape of the query is part of the gate: the `select` must be one the views send, every other
 * parameter a known filter with its operator and a plain value (no `or`, no `not.`, no embedded filters), and the
 * filter that picks one check or canary must be there.
 */

/** The check panel's select (lib/health/check-endpoints.ts): declared here so the gate and the screen cannot drift. */
export const CHECK_DETAIL_SELECT =
  '*,canaries!checks_canary_id_fkey(id,name,source),agents!checks_agent_id_fkey(id,name),' +
  'components:check_component_relationships(components(id,name,icon)),' +
  'configs:check_config_relationships(configs(id,name,type))';

/** The check panel's spec read (lib/health/check-endpoints.ts). */
export const CANARY_SELECT = 'id,source,spec,name,namespace';

interface StandaloneRead {
  /** The `select` values the views send, decoded; null: the request has no `select` (every column of the root). */
  selects: readonly (string | null)[];
  /** Filter column → the one operator the views use on it. */
  filters: Readonly<Record<string, string>>;
  /** Filters every request must carry (one check, one canary). */
  required: readonly string[];
  /** `order` values the views send; paging (limit, offset) is allowed with an order. */
  orders?: readonly string[];
}

export const STANDALONE_DB_READS: Readonly<Record<string, StandaloneRead>> = {
  // The check panel: checkDetailEndpoint.
  checks: { selects: [CHECK_DETAIL_SELECT], filters: { id: 'eq' }, required: ['id'] },
  // The check panel's history: checkStatusesEndpoint (status and minimum duration filters, pages).
  check_statuses: {
    selects: [null],
    filters: { check_id: 'eq', time: 'gt', status: 'eq', duration: 'gte' },
    required: ['check_id'],
    orders: ['time.desc'],
  },
  // The check panel's spec: canaryEndpoint.
  canaries: { selects: [CANARY_SELECT], filters: { id: 'eq' }, required: ['id'] },
};

/** A filter value the views send: an id, an ISO time, a number. Nothing that PostgREST would read as syntax. */
const PLAIN_VALUE = /^[\w:.+-]{1,64}$/;
const PAGING = /^\d{1,6}$/;

/** Whether a standalone /db read (path already canonical, search as sent) is one the health views make. */
export function isStandaloneDbRead(path: string, search: string): boolean {
  const read = STANDALONE_DB_READS[path.slice('/db/'.length)];
  if (!path.startsWith('/db/') || !read) return false;
  // Decoded as the backend decodes it (URLSearchParams), so both see the same parameters.
  const params = [...new URLSearchParams(search).entries()];
  const keys = params.map(([k]) => k);
  if (new Set(keys).size !== keys.length) return false;
  const given = new Map(params);
  if (!read.selects.includes(given.get('select') ?? null)) return false;
  if (!read.required.every((column) => given.has(column))) return false;
  for (const [key, value] of given) {
    if (key === 'select') continue;
    if (key === 'order') {
      if (!read.orders?.includes(value)) return false;
      continue;
    }
    if (key === 'limit' || key === 'offset') {
      if (!read.orders || !PAGING.test(value)) return false;
      continue;
    }
    const op = read.filters[key];
    if (!op || !value.startsWith(`${op}.`) || !PLAIN_VALUE.test(value.slice(op.length + 1))) return false;
  }
  return true;
}
