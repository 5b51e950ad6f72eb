/** The notifications feature's public surface: what other features may import. */
/** Links to this feature's screens (light: no URL contract loads with them). */
export { notificationRuleHref } from './href';
export { silenceAddHref, type SilenceAddValues } from './search';
export { notificationKeys } from './queries';
