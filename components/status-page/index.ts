/** What other features embed of the status pages (issue 38). */
export { LazyIncidentPublicNotice } from '@/components/status-page/lazy';
