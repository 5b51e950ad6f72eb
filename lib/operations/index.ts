/** The operations feature's public surface: what other features may import. */
export { jobKeys } from './jobs-queries';
export { eventQueueKeys } from './queries';

/** The lists' URL contracts, loaded on use (a saved view's check): they stay out of the pages that only link here. */
export const jobsUrlContract = () => import('./jobs-search').then((m) => m.jobsSearch);
export const integrationsUrlContract = () => import('./search').then((m) => m.integrationsSearch);
export const logBackendsUrlContract = () => import('./search').then((m) => m.logBackendsSearch);
export const eventQueueUrlContract = () => import('./search').then((m) => m.eventQueueSearch);
export const featureFlagsUrlContract = () => import('./search').then((m) => m.featureFlagsSearch);
