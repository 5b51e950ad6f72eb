/** The resources feature's public surface (settings resource tables and the check/component/config picker). */
export { canWriteResource, resourceTableOf } from './resource-tables';
export { resourceTableQueries } from './queries';
export {
  resourceQueries,
  type ResourceFilters,
  type ResourceKind,
  type ResourceOption,
} from './selector-queries';
