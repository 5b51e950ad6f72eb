/** What other features show of live updates (the header's indicator is composed by app/). */
export { LazyWallFreshness } from './lazy';
