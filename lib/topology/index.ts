/** The topology feature's public surface: what other features may import. */
/** Links to this feature's screens (light: no URL contract loads with them). */
export { componentChecksHref, componentHref, componentStatusHref } from './href';
export { topologyKeys, topologyQueries } from './queries';
export { ancestorIds } from './tree';

/** The dashboard's URL contract, loaded on use (a saved view's check): it stays out of the pages that only link here. */
export const topologyUrlContract = () => import('./search').then((m) => m.topologySearch);
