/** The access feature's (agents, people, permissions, teams, users) public surface: what other features may import. */
/** Links to this feature's screens (light: no URL contract loads with them). */
export { agentHref, connectionPermissionsHref, userHref } from './href';
export type { Agent } from './agents-endpoints';
export { agentQueries } from './agents-queries';
export { peopleQueries } from './people-queries';
export { teamQueries } from './teams-queries';

/** The endpoint module loads with the query that needs it (its zod schemas stay out of the page's first load). */
export const teamEndpoints = () => import('./teams-endpoints');

/** The lists' URL contracts, loaded on use (a saved view's check): they stay out of the pages that only link here. */
export const agentsUrlContract = () => import('./agents-search').then((m) => m.agentsSearch);
export const permissionsUrlContract = () => import('./permissions-search').then((m) => m.permissionsSearch);
export const usersUrlContract = () => import('./users-search').then((m) => m.usersSearch);
