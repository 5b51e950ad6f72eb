/** The access feature's (agents, people, permissions, teams, users) public surface: what other features may import. */
export type { Agent } from './agents-endpoints';

/** Endpoint modules load with the query that needs them (their zod schemas stay out of the page's first load). */
export const agentEndpoints = () => import('./agents-endpoints');
export const teamEndpoints = () => import('./teams-endpoints');
