/** What other features and app/ show of live updates (the header's indicator is composed by app/). */
export { LazyWallPageRefresh, LazyWallStatus } from './lazy';
export { WallHeadline } from './wall-headline';
