/** The topology feature's public surface: what other features may import. */
/** Links to this feature's screens (light: no URL contract loads with them). */
export { componentChecksHref, componentHref, componentStatusHref } from './href';
export { topologyKeys, topologyQueries } from './queries';
export { ancestorIds } from './tree';
