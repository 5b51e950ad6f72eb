/** The health feature's public surface: what other features may import (app/ and the feature itself use its modules). */
/** Links to this feature's screens (light: no URL contract loads with them). */
export { checkHref } from './href';
export { healthSearch } from './search';
export { timeRangeStartIso } from './time-range';
export { checkKeys, checkQueries } from './check-queries';
export { healthKeys } from './queries';

/** The list's URL contract, loaded on use (a saved view's check). */
export const healthUrlContract = () => import('./search').then((m) => m.healthSearch);
