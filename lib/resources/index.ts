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
