import { healthSearch } from '@/lib/health';
import { catalogUrlContract, changesUrlContract } from '@/lib/catalog';
import { incidentsUrlContract } from '@/lib/incidents';
import { logsUrlContract } from '@/lib/logs';
import { playbookRunsUrlContract } from '@/lib/playbooks';
import { topologyUrlContract } from '@/lib/topology';
import type { SearchParamsContract } from '@/lib/search-params/define';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyContract = Pick<SearchParamsContract<any>, 'keys' | 'params'>;

/** The list screens whose view can be saved, each with its URL contract (lib/<feature>/search.ts), loaded on use. */
const VIEW_CONTRACTS: Record<string, () => Promise<AnyContract> | AnyContract> = {
  '/health': () => healthSearch,
  '/incidents': incidentsUrlContract,
  '/catalog': catalogUrlContract,
  '/catalog/changes': changesUrlContract,
  '/playbooks/runs': playbookRunsUrlContract,
  '/logs': logsUrlContract,
  '/topology': topologyUrlContract,
};

export const canSaveViewOf = (pathname: string) => pathname in VIEW_CONTRACTS;

export interface CheckedSearch {
  /** The query with only what the contract still reads (`?a=1`, or '' when nothing is left). */
  search: string;
  /** `key=value` of each part the contract no longer knows or cannot read. */
  dropped: string[];
}

/**
 * Keeps the parts of a query string the screen's contract parses and names the rest: a parameter it does not
 * know (renamed since the view was saved) or a value its parser refuses.
 */
export function checkSearch(contract: AnyContract, search: string): CheckedSearch {
  const kept = new URLSearchParams();
  const dropped: string[] = [];
  for (const [key, value] of new URLSearchParams(search)) {
    const param = (contract.keys as readonly string[]).includes(key) ? contract.params[key] : undefined;
    if (param && (value === '' || param.parse(value) !== undefined)) kept.append(key, value);
    else dropped.push(`${key}=${value}`);
  }
  const text = kept.toString();
  return { search: text ? `?${text}` : '', dropped };
}

/** A saved view's address as it opens today: the parts that still parse, and what was dropped. */
export async function checkViewHref(href: string): Promise<{ href: string; dropped: string[] }> {
  const url = new URL(href, 'http://console.invalid');
  const load = VIEW_CONTRACTS[url.pathname];
  if (!load) return { href, dropped: [] };
  const { search, dropped } = checkSearch(await load(), url.search);
  return { href: `${url.pathname}${search}`, dropped };
}
