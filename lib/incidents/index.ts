/** The incidents feature's public surface: what other features may import. */
/** Links to this feature's screens (light: no URL contract loads with them). */
export { componentIncidentsHref, incidentHref } from './href';
export type { EvidenceTarget } from './link-flow';
export type { ComponentIncident } from './endpoints';

/** The endpoint module loads with the query that needs it (its zod schemas stay out of the page's first load). */
export const incidentEndpoints = () => import('./endpoints');
export { incidentKeys } from './queries';

/** The list's URL contract, loaded on use (a saved view's check): it stays out of the pages that only link here. */
export const incidentsUrlContract = () => import('./search').then((m) => m.incidentsSearch);
