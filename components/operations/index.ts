/** The operations feature's UI that other features may embed. */
export { JobStatus } from './job-status';
export { LazyJobHistory } from './lazy';
