/** The catalog feature's UI that other features may embed. */
export { LazyChangeDialog } from './lazy';
