/** The resources feature's public surface (settings resource tables and the check/component/config picker). */
/** Links to this feature's screens (light: no table definitions load with them). */
export { canaryHref, scraperHref, teamHref, topologySettingsHref } from './href';
export { canWriteResource, resourceTableOf } from './resource-tables';
export { resourceTableQueries } from './queries';
export { linkedSourceOf } from './linked-source';
export {
  resourceQueries,
  type ResourceFilters,
  type ResourceKind,
  type ResourceOption,
} from './selector-queries';
export { RESOURCE_TABLE_PATHS } from './href';

/** The generic list's URL contract, loaded on use (a saved view's check). */
export const resourceListUrlContract = () => import('./search').then((m) => m.resourceListSearch);
