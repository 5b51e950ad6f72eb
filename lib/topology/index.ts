/** The topology feature's public surface: what other features may import. */
export { topologyQueries } from './queries';
export { ancestorIds } from './tree';
