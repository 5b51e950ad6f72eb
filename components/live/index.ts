/** What other features and app/ show of live updates (the header's indicator is composed by app/). */
export { LazyWallStatus } from './lazy';
export { LazyWallPageRefresh } from './lazy-wall-page-refresh';
export { WallHeadline } from './wall-headline';
