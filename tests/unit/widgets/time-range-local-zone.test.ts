/**
 * Lists resolve their range in the browser's zone (logs, send history): that must not load @date-fns/tz, which is
 * mocked to throw when loaded; a zone is passed as its context (`tz(name)`) by the callers that need one.
 */
jest.mock('@date-fns/tz', () => {
  throw new Error('@date-fns/tz was loaded');
});

import { resolveTimeRange } from '@/lib/time-range/resolve';

describe('resolving a range in the local zone', () => {
  it('resolves relative and mapped ranges without @date-fns/tz', () => {
    const now = new Date(2026, 5, 17, 14, 30);
    expect(resolveTimeRange({ type: 'relative', display: '1 hour', range: 'now-1h' }, { now })).toEqual({
      from: new Date(2026, 5, 17, 13, 30),
      to: now,
    });
    expect(
      resolveTimeRange({ type: 'mapped', display: 'Yesterday', from: 'now-1d/d', to: 'now-1d/d' }, { now }),
    ).toEqual({
      from: new Date(2026, 5, 16, 0, 0, 0, 0),
      to: new Date(2026, 5, 16, 23, 59, 59, 999),
    });
  });
});
