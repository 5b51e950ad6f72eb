/** The topology feature's UI that other features may embed. */
export { ComponentIcon } from './component-icon';
export { ComponentBreadcrumbs } from './component-breadcrumbs';
