/** The notifications feature's public surface: what other features may import. */
/** Links to this feature's screens (light: no URL contract loads with them). */
export { notificationRuleHref } from './href';
export { silenceAddHref, type SilenceAddValues } from './search';
export { notificationKeys } from './queries';

/** The lists' URL contracts, loaded on use (a saved view's check): they stay out of the pages that only link here. */
export const sendHistoryUrlContract = () => import('./send-history-search').then((m) => m.sendHistorySearch);
export const rulesUrlContract = () => import('./search').then((m) => m.rulesSearch);
export const silencesUrlContract = () => import('./search').then((m) => m.silencesSearch);
