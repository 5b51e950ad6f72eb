/** The live-updates feature's public surface: what other features and app/ may import. */
export { usePollingUnlessLive } from './use-polling';
export { readLiveEnabled, writeLiveEnabled } from './preference';
