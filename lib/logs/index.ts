/** The logs feature's public surface: what other features may import. */
/** Links to this feature's screens (light: no URL contract loads with them). */
export { componentLogsHref } from './href';

/** The logs screen's URL contract, loaded on use (a saved view's check): it stays out of the pages that only link here. */
export const logsUrlContract = () => import('./search').then((m) => m.logsSearch);
