/** The catalog feature's public surface: what other features may import. */
/** Links to this feature's screens (light: no URL contract loads with them). */
export { catalogItemHref, componentInsightsHref } from './href';
export type { ResourceSearch, ResourceSearchHit, ResourceSelectorFilter } from './endpoints';
export type { ComponentInsight } from './insights-endpoints';

/** Endpoint modules load with the query that needs them (their zod schemas stay out of the page's first load). */
export const catalogEndpoints = () => import('./endpoints');
export const changeEndpoints = () => import('./changes-endpoints');
export const insightEndpoints = () => import('./insights-endpoints');
export { catalogKeys } from './keys';
export { configBySourceQuery } from './queries';

/** The lists' URL contracts, loaded on use (a saved view's check): they stay out of the pages that only link here. */
export const catalogUrlContract = () => import('./search').then((m) => m.catalogSearch);
export const changesUrlContract = () => import('./changes-search').then((m) => m.changesSearch);
export const insightsUrlContract = () => import('./view-search').then((m) => m.insightsSearch);
