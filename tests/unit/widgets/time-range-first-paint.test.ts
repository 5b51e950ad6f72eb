/**
 * Reading the URL's time range (what a screen needs for its query key on first paint) must not load date-fns or
 * @date-fns/tz: they are mocked to throw when loaded, so an import through the evaluating modules fails this test.
 */
jest.mock('date-fns', () => {
  throw new Error('date-fns was loaded');
});
jest.mock('@date-fns/tz', () => {
  throw new Error('@date-fns/tz was loaded');
});

import { timeRangeOf, timeRangePatch } from '@/lib/search-params/time-range';
import { normalizeRelativeRange } from '@/lib/time-range/relative';

describe('time range on first paint', () => {
  it('parses relative, mapped and absolute ranges from the URL without date-fns', () => {
    expect(timeRangeOf({ rangeType: 'relative', range: '15m' })).toEqual({
      type: 'relative',
      display: '15 minutes',
      range: 'now-15m',
    });
    expect(timeRangeOf({ rangeType: 'mapped', display: 'Yesterday' })).toEqual({
      type: 'mapped',
      display: 'Yesterday',
      from: 'now-1d/d',
      to: 'now-1d/d',
    });
    expect(
      timeRangeOf({ rangeType: 'absolute', from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' })?.type,
    ).toBe('absolute');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(timeRangeOf({ rangeType: 'mapped', display: 'Someday', from: 'now-1q', to: 'now' })).toBeNull();
    expect(timeRangePatch({ type: 'relative', display: '1 hour', range: 'now-1h' })).toMatchObject({
      rangeType: 'relative',
      range: 'now-1h',
    });
    expect(normalizeRelativeRange('now+2d')).toBe('now+2d');
  });
});
