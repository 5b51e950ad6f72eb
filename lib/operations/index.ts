/** The operations feature's public surface: what other features may import. */
export { jobKeys } from './jobs-queries';
export { eventQueueKeys } from './queries';
