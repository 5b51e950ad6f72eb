/** The live-updates feature's public surface: what other features and app/ may import. */
export { liveStatusStore } from './status-store';
