import { agentsUrlContract, permissionsUrlContract, usersUrlContract } from '@/lib/access';
import { catalogUrlContract, changesUrlContract, insightsUrlContract } from '@/lib/catalog';
import { connectionsUrlContract } from '@/lib/connections';
import { healthUrlContract } from '@/lib/health';
import { incidentsUrlContract } from '@/lib/incidents';
import { logsUrlContract } from '@/lib/logs';
import { rulesUrlContract, sendHistoryUrlContract, silencesUrlContract } from '@/lib/notifications';
import {
  eventQueueUrlContract,
  featureFlagsUrlContract,
  integrationsUrlContract,
  jobsUrlContract,
  logBackendsUrlContract,
} from '@/lib/operations';
import { playbookRunsUrlContract, playbooksUrlContract } from '@/lib/playbooks';
import { RESOURCE_TABLE_PATHS, resourceListUrlContract } from '@/lib/resources';
import { statusPagesUrlContract } from '@/lib/status-page';
import { topologyUrlContract } from '@/lib/topology';
import type { SearchParamsContract } from '@/lib/search-params/define';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyContract = Pick<SearchParamsContract<any>, 'keys' | 'params'>;

/** A list screen whose view can be saved. */
interface ViewScreen {
  /** Its URL contract (lib/<feature>/…search.ts), loaded when a view is opened: the header only needs the path. */
  contract: () => Promise<AnyContract>;
  /** Parameters that open a dialog, panel or editor over the list: a moment, not the view, so a save leaves them out. */
  dialogs?: readonly string[];
}

const resourceList: ViewScreen = { contract: resourceListUrlContract, dialogs: ['add', 'type'] };

/** Every list screen (issue 33: "on every list screen, the current view can be saved"), by path. */
const VIEW_SCREENS: Readonly<Record<string, ViewScreen>> = {
  // timeRange is the check panel's range (it only applies while a check is open).
  '/health': { contract: healthUrlContract, dialogs: ['checkId', 'timeRange'] },
  '/incidents': { contract: incidentsUrlContract },
  '/catalog': { contract: catalogUrlContract },
  '/catalog/changes': { contract: changesUrlContract, dialogs: ['changeId'] },
  '/catalog/insights': { contract: insightsUrlContract, dialogs: ['insightId'] },
  '/playbooks': { contract: playbooksUrlContract },
  '/playbooks/runs': { contract: playbookRunsUrlContract },
  '/logs': { contract: logsUrlContract },
  '/topology': { contract: topologyUrlContract },
  '/notifications': { contract: sendHistoryUrlContract, dialogs: ['id'] },
  '/notifications/rules': { contract: rulesUrlContract, dialogs: ['id'] },
  '/notifications/silences': { contract: silencesUrlContract },
  '/settings/users': { contract: usersUrlContract, dialogs: ['id'] },
  '/settings/connections': { contract: connectionsUrlContract, dialogs: ['id'] },
  '/settings/agents': { contract: agentsUrlContract, dialogs: ['id'] },
  '/settings/permissions': { contract: permissionsUrlContract, dialogs: ['permission'] },
  '/settings/jobs': { contract: jobsUrlContract, dialogs: ['jobId'] },
  '/settings/integrations': { contract: integrationsUrlContract },
  '/settings/log-backends': { contract: logBackendsUrlContract, dialogs: ['id'] },
  '/settings/event-queue-status': { contract: eventQueueUrlContract, dialogs: ['name'] },
  '/settings/feature-flags': { contract: featureFlagsUrlContract, dialogs: ['name'] },
  '/settings/status-page': { contract: statusPagesUrlContract },
  ...Object.fromEntries(Object.values(RESOURCE_TABLE_PATHS).map((path) => [path, resourceList])),
};

export const canSaveViewOf = (pathname: string) => Object.hasOwn(VIEW_SCREENS, pathname);

/** The address to save for the current one: without the dialog or panel open over the list. */
export function viewHrefToSave(href: string): string {
  const url = new URL(href, 'http://console.invalid');
  const screen = Object.hasOwn(VIEW_SCREENS, url.pathname) ? VIEW_SCREENS[url.pathname] : undefined;
  for (const key of screen?.dialogs ?? []) url.searchParams.delete(key);
  return `${url.pathname}${url.search}`;
}

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
  const screen = Object.hasOwn(VIEW_SCREENS, url.pathname) ? VIEW_SCREENS[url.pathname] : undefined;
  if (!screen) return { href, dropped: [] };
  const { search, dropped } = checkSearch(await screen.contract(), url.search);
  return { href: `${url.pathname}${search}`, dropped };
}
