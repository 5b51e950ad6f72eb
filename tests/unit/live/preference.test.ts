import { LIVE_UPDATES_STORAGE_KEY, readLiveEnabled, writeLiveEnabled } from '@/lib/live/preference';

describe('live-updates switch', () => {
  beforeEach(() => window.localStorage.clear());

  it('is on by default and remembers off in this browser', () => {
    expect(readLiveEnabled()).toBe(true);
    writeLiveEnabled(false);
    expect(window.localStorage.getItem(LIVE_UPDATES_STORAGE_KEY)).toBe('off');
    expect(readLiveEnabled()).toBe(false);
    writeLiveEnabled(true);
    expect(window.localStorage.getItem(LIVE_UPDATES_STORAGE_KEY)).toBeNull();
    expect(readLiveEnabled()).toBe(true);
  });
});
