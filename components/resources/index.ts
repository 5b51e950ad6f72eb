/** The resources feature's UI that other features may embed: the resource picker and the resource editors. */
export { ResourceSelector, ResourceSelectorField } from './resource-selector';
export { LazyResourceEditor } from './lazy-resource-editor';
export { LazyAddResourceDialog, LazyDeleteResourceDialog } from './lazy';
