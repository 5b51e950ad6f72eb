import { tz } from '@date-fns/tz';
import { formatDateTime } from '@/lib/format/date';
import { parseDateMath, isDateMath } from '@/lib/time-range/date-math';
import {
  FUTURE_RELATIVE_RANGES,
  PAST_QUICK_RANGES,
  PAST_RELATIVE_RANGES,
} from '@/lib/time-range/picker-ranges';
import {
  MAPPED_RANGES,
  SIMPLE_TIME_RANGE_OPTIONS,
  DEFAULT_SIMPLE_TIME_RANGE,
  durationLabel,
} from '@/lib/time-range/ranges';
import {
  absoluteRange,
  mappedRangeToAbsolute,
  resolveMappedRange,
  resolveRelativeRange,
  resolveTimeRange,
  simpleTimeRangeStart,
} from '@/lib/time-range/resolve';
import {
  clearTimeRangeParams,
  parseSimpleTimeRangeParam,
  parseTimeRangeParams,
  setSimpleTimeRangeParam,
  setTimeRangeParams,
} from '@/lib/time-range/url';
import { addRecentRange, loadRecentRanges, rememberRecentRange } from '@/lib/time-range/recent';
import { defaultTimeRangeFromLastRun } from '@/lib/time-range/default-range';
import { parseLocalDateTime, toLocalInputValue, validateAbsoluteInput } from '@/lib/time-range/absolute';
import type { AbsoluteTimeRange, MappedTimeRange } from '@/lib/time-range/types';

// Wednesday 2026-06-17 14:30:00 UTC
const now = new Date('2026-06-17T14:30:00.000Z');
const UTC = { now, zone: tz('UTC') };
const iso = (d: Date | null | undefined) => d?.toISOString();

describe('quick range lists', () => {
  it('has every past range and the future ones with Indefinitely first', () => {
    expect(PAST_QUICK_RANGES).toEqual([
      '5m',
      '15m',
      '30m',
      '1h',
      '3h',
      '6h',
      '12h',
      '24h',
      '2d',
      '7d',
      '30d',
      '90d',
      '6M',
      '1y',
      '2y',
      '5y',
    ]);
    expect(PAST_RELATIVE_RANGES.map((r) => r.range)).toEqual(PAST_QUICK_RANGES.map((r) => `now-${r}`));
    expect(FUTURE_RELATIVE_RANGES[0]).toEqual({
      type: 'relative',
      display: 'Indefinitely',
      range: 'indefinitely',
    });
    expect(FUTURE_RELATIVE_RANGES.slice(1).map((r) => r.range)).toEqual(
      PAST_QUICK_RANGES.map((r) => `now+${r}`),
    );
    expect(PAST_RELATIVE_RANGES[0]?.display).toBe('5 minutes');
    expect(durationLabel('6M')).toBe('6 months');
    expect(durationLabel('1h')).toBe('1 hour');
  });
  it('has every mapped range of the spec', () => {
    expect(MAPPED_RANGES.map((r) => r.display)).toEqual([
      'Yesterday',
      'Day before yesterday',
      'This day last week',
      'Previous week',
      'Previous month',
      'Previous year',
      'Today',
      'Today so far',
      'This week',
      'This week so far',
      'This month',
      'This month so far',
      'This year',
      'This year so far',
    ]);
  });
  it('has the 001 §9 simple options with 1h as the (second) default', () => {
    expect(SIMPLE_TIME_RANGE_OPTIONS).toEqual([
      '15m',
      '1h',
      '2h',
      '3h',
      '6h',
      '12h',
      '1d',
      '2d',
      '3d',
      '1w',
      '2w',
      '3w',
      '1mo',
      '2mo',
      '3mo',
      '6mo',
      '1y',
      '2y',
      '3y',
      '5y',
    ]);
    expect(DEFAULT_SIMPLE_TIME_RANGE).toBe(SIMPLE_TIME_RANGE_OPTIONS[1]);
  });
});

describe('date math', () => {
  it('evaluates offsets and rounding', () => {
    expect(iso(parseDateMath('now', UTC))).toBe('2026-06-17T14:30:00.000Z');
    expect(iso(parseDateMath('now-15m', UTC))).toBe('2026-06-17T14:15:00.000Z');
    expect(iso(parseDateMath('now+1d', UTC))).toBe('2026-06-18T14:30:00.000Z');
    expect(iso(parseDateMath('now-1d/d', UTC))).toBe('2026-06-16T00:00:00.000Z');
    expect(iso(parseDateMath('now-1d/d', { ...UTC, roundUp: true }))).toBe('2026-06-16T23:59:59.999Z');
    expect(iso(parseDateMath('now/w', UTC))).toBe('2026-06-15T00:00:00.000Z'); // Monday
    expect(iso(parseDateMath('now-6M', UTC))).toBe('2025-12-17T14:30:00.000Z');
    expect(iso(parseDateMath('2026-01-01T00:00:00Z'))).toBe('2026-01-01T00:00:00.000Z');
  });
  it('rejects garbage', () => {
    expect(parseDateMath('now-x')).toBeNull();
    expect(parseDateMath('15')).toBeNull();
    expect(parseDateMath('')).toBeNull();
    expect(isDateMath('now-1d/d')).toBe(true);
    expect(isDateMath('yesterday')).toBe(false);
  });
  it('rounds days in the given zone', () => {
    expect(iso(parseDateMath('now/d', { now, zone: tz('Asia/Tokyo') }))).toBe('2026-06-16T15:00:00.000Z');
  });
});

describe('resolving ranges', () => {
  it('resolves past and future relative ranges and Indefinitely', () => {
    expect(resolveRelativeRange('now-1h', UTC)).toEqual({ from: new Date('2026-06-17T13:30:00Z'), to: now });
    expect(resolveRelativeRange('2d', UTC)).toEqual({ from: new Date('2026-06-15T14:30:00Z'), to: now });
    expect(resolveRelativeRange('now+30m', UTC)).toEqual({ from: now, to: new Date('2026-06-17T15:00:00Z') });
    expect(resolveRelativeRange('indefinitely', UTC)).toEqual({ from: now, to: null });
  });
  it('logs invalid relative ranges', () => {
    const err = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(resolveRelativeRange('yesterday-ish', UTC)).toBeNull();
    expect(err).toHaveBeenCalledWith('Invalid relative time range', 'yesterday-ish');
    err.mockRestore();
  });
  it.each([
    ['Yesterday', '2026-06-16T00:00:00.000Z', '2026-06-16T23:59:59.999Z'],
    ['Day before yesterday', '2026-06-15T00:00:00.000Z', '2026-06-15T23:59:59.999Z'],
    ['This day last week', '2026-06-10T00:00:00.000Z', '2026-06-10T23:59:59.999Z'],
    ['Previous week', '2026-06-08T00:00:00.000Z', '2026-06-14T23:59:59.999Z'],
    ['Previous month', '2026-05-01T00:00:00.000Z', '2026-05-31T23:59:59.999Z'],
    ['Previous year', '2025-01-01T00:00:00.000Z', '2025-12-31T23:59:59.999Z'],
    ['Today', '2026-06-17T00:00:00.000Z', '2026-06-17T23:59:59.999Z'],
    ['Today so far', '2026-06-17T00:00:00.000Z', '2026-06-17T14:30:00.000Z'],
    ['This week', '2026-06-15T00:00:00.000Z', '2026-06-21T23:59:59.999Z'],
    ['This week so far', '2026-06-15T00:00:00.000Z', '2026-06-17T14:30:00.000Z'],
    ['This month', '2026-06-01T00:00:00.000Z', '2026-06-30T23:59:59.999Z'],
    ['This month so far', '2026-06-01T00:00:00.000Z', '2026-06-17T14:30:00.000Z'],
    ['This year', '2026-01-01T00:00:00.000Z', '2026-12-31T23:59:59.999Z'],
    ['This year so far', '2026-01-01T00:00:00.000Z', '2026-06-17T14:30:00.000Z'],
  ])('mapped %s → %s … %s', (display, from, to) => {
    const r = MAPPED_RANGES.find((m) => m.display === display)!;
    expect(mappedRangeToAbsolute(r, UTC)).toEqual({ type: 'absolute', display, from, to });
  });
  it("logs 'Invalid mapped time range', and throws in the absolute-value path", () => {
    const err = jest.spyOn(console, 'error').mockImplementation(() => {});
    const bad: MappedTimeRange = { type: 'mapped', display: 'Someday', from: 'whenever', to: 'now' };
    expect(resolveMappedRange(bad, UTC)).toBeNull();
    expect(err).toHaveBeenCalledWith('Invalid mapped time range', bad);
    expect(() => mappedRangeToAbsolute(bad, UTC)).toThrow('Invalid mapped time range');
    err.mockRestore();
  });
  it('resolves a mapped range by its display name when from/to are missing', () => {
    expect(resolveTimeRange({ type: 'mapped', display: 'Today', from: '', to: '' }, UTC)?.from).toEqual(
      new Date('2026-06-17T00:00:00Z'),
    );
  });
  it('computes simple option starts with calendar months', () => {
    expect(iso(simpleTimeRangeStart('1mo', now))).toBe('2026-05-17T14:30:00.000Z');
    expect(iso(simpleTimeRangeStart('1w', now))).toBe('2026-06-10T14:30:00.000Z');
    expect(simpleTimeRangeStart('7x', now)).toBeNull();
  });
});

describe('URL state', () => {
  it('choosing a relative range removes stale absolute/mapped/simple keys and keeps others', () => {
    const p = new URLSearchParams(
      'rangeType=absolute&display=x&from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&timeRange=1h&q=keep&pageIndex=3',
    );
    const next = setTimeRangeParams(p, PAST_RELATIVE_RANGES[3]!, ['pageIndex']);
    expect(Object.fromEntries(next)).toEqual({
      rangeType: 'relative',
      display: '1 hour',
      range: 'now-1h',
      q: 'keep',
    });
    expect(p.get('from')).toBe('2026-01-01T00:00:00Z'); // pure
  });
  it('choosing mapped or absolute removes range', () => {
    const p = new URLSearchParams('rangeType=relative&display=1+hour&range=now-1h');
    expect(Object.fromEntries(setTimeRangeParams(p, MAPPED_RANGES[0]!))).toEqual({
      rangeType: 'mapped',
      display: 'Yesterday',
      from: 'now-1d/d',
      to: 'now-1d/d',
    });
    const abs: AbsoluteTimeRange = {
      type: 'absolute',
      display: 'd',
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-01-02T00:00:00.000Z',
    };
    expect(Object.fromEntries(setTimeRangeParams(p, abs))).toEqual({
      rangeType: 'absolute',
      display: 'd',
      from: abs.from,
      to: abs.to,
    });
  });
  it('Clear removes every range parameter', () => {
    const p = new URLSearchParams(
      'rangeType=relative&display=a&from=b&to=c&range=now-1h&timeRange=1h&other=1',
    );
    expect(clearTimeRangeParams(p).toString()).toBe('other=1');
    expect(setTimeRangeParams(p, null).toString()).toBe('other=1');
  });
  it('the simple dropdown writes timeRange only', () => {
    const p = new URLSearchParams('rangeType=relative&range=now-1h');
    expect(setSimpleTimeRangeParam(p, '2d').toString()).toBe('timeRange=2d');
    expect(parseSimpleTimeRangeParam(new URLSearchParams('timeRange=2d'))).toBe('2d');
    expect(parseSimpleTimeRangeParam(new URLSearchParams('timeRange=9q'))).toBe('1h');
  });
  it('round-trips every kind of range', () => {
    const all = [...PAST_RELATIVE_RANGES, ...FUTURE_RELATIVE_RANGES, ...MAPPED_RANGES];
    for (const r of all) {
      const url = setTimeRangeParams(new URLSearchParams(), r).toString();
      expect(parseTimeRangeParams(new URLSearchParams(url))).toEqual(r);
    }
  });
  it('parses, logs and ignores invalid URL ranges', () => {
    const err = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(parseTimeRangeParams(new URLSearchParams(''))).toBeNull();
    expect(parseTimeRangeParams(new URLSearchParams('rangeType=relative&range=bogus'))).toBeNull();
    expect(err).toHaveBeenCalledWith('Invalid relative time range', 'bogus');
    expect(parseTimeRangeParams(new URLSearchParams('rangeType=mapped&display=Nope'))).toBeNull();
    expect(err).toHaveBeenCalledWith('Invalid mapped time range', expect.anything());
    expect(parseTimeRangeParams(new URLSearchParams('rangeType=absolute&from=x&to=y'))).toBeNull();
    expect(parseTimeRangeParams(new URLSearchParams('rangeType=relative&range=2d'))).toEqual({
      type: 'relative',
      display: '2 days',
      range: 'now-2d',
    });
    err.mockRestore();
  });
});

describe('recent absolute ranges', () => {
  const mk = (i: number): AbsoluteTimeRange => ({
    type: 'absolute',
    display: `r${i}`,
    from: `2026-01-0${i}T00:00:00.000Z`,
    to: `2026-01-0${i}T01:00:00.000Z`,
  });
  beforeEach(() => localStorage.clear());
  it('keeps the 4 most recent, newest first, without duplicates', () => {
    let list: AbsoluteTimeRange[] = [];
    for (let i = 1; i <= 6; i++) list = addRecentRange(list, mk(i));
    expect(list.map((r) => r.display)).toEqual(['r6', 'r5', 'r4', 'r3']);
    list = addRecentRange(list, mk(4));
    expect(list.map((r) => r.display)).toEqual(['r4', 'r6', 'r5', 'r3']);
  });
  it('persists in localStorage under recentlyUsedTimeRanges and tolerates bad data', () => {
    rememberRecentRange(mk(1));
    rememberRecentRange(mk(2));
    expect(JSON.parse(localStorage.getItem('recentlyUsedTimeRanges')!)).toHaveLength(2);
    expect(loadRecentRanges().map((r) => r.display)).toEqual(['r2', 'r1']);
    localStorage.setItem('recentlyUsedTimeRanges', '{oops');
    expect(loadRecentRanges()).toEqual([]);
  });
});

describe('default time range from the last run age', () => {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const H = 3_600_000;
  const D = 24 * H;
  it.each([
    [ago(5 * 60_000), '1h'],
    [ago(H), '1h'],
    [ago(H + 1), '2h'],
    [ago(5 * H), '6h'],
    [ago(20 * H), '1d'],
    [ago(4 * D), '1w'],
    [ago(20 * D), '3w'],
    [ago(40 * D), '2mo'],
    [ago(200 * D), '1y'],
    [ago(4 * 365 * D), '5y'],
    [ago(20 * 365 * D), '5y'],
  ])('%s → %s', (last, expected) => {
    expect(defaultTimeRangeFromLastRun(last, now)).toBe(expected);
  });
  it('uses 1h for missing, invalid or future last runs', () => {
    expect(defaultTimeRangeFromLastRun(null, now)).toBe('1h');
    expect(defaultTimeRangeFromLastRun('garbage', now)).toBe('1h');
    expect(defaultTimeRangeFromLastRun(new Date(now.getTime() + D), now)).toBe('1h');
  });
});

describe('absolute input validation', () => {
  it('is invalid until both fields are filled with valid dates', () => {
    expect(validateAbsoluteInput('', '')).toEqual({ valid: false, error: null });
    expect(validateAbsoluteInput('2026-01-01T00:00', '')).toEqual({ valid: false, error: null });
    expect(validateAbsoluteInput('2026-02-30T00:00', '2026-03-01T00:00')).toEqual({
      valid: false,
      error: 'From is not a valid date',
    });
    expect(validateAbsoluteInput('2026-01-01T00:00', 'nope')).toEqual({
      valid: false,
      error: 'To is not a valid date',
    });
    expect(validateAbsoluteInput('2026-01-02T00:00', '2026-01-01T00:00')).toEqual({
      valid: false,
      error: 'From must be before To',
    });
    const ok = validateAbsoluteInput('2026-01-01T00:00', '2026-01-02T06:30', 'UTC');
    expect(ok.valid).toBe(true);
    expect(ok.range).toMatchObject({
      type: 'absolute',
      from: '2026-01-01T00:00:00.000Z',
      to: '2026-01-02T06:30:00.000Z',
    });
  });
  it('converts between datetime-local values and instants in a zone', () => {
    expect(parseLocalDateTime('2026-01-01T09:00', 'Asia/Tokyo')?.toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
    expect(toLocalInputValue('2026-01-01T00:00:00.000Z', 'Asia/Tokyo')).toBe('2026-01-01T09:00');
    expect(toLocalInputValue('bad')).toBe('');
  });
});

describe('absoluteRange display', () => {
  it('reads as formatDateTime to the minute, in the zone, the browser zone and for an unknown zone', () => {
    const from = new Date('2026-03-29T00:59:30.000Z');
    const to = new Date('2026-11-02T23:05:00.000Z');
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/New_York', 'Browser', undefined, 'Nowhere/Unknown']) {
      const minute = (d: Date) => formatDateTime(d, { format: 'timestamp', timezone: zone }).slice(0, 16);
      expect(absoluteRange(from, to, zone).display).toBe(`${minute(from)} to ${minute(to)}`);
    }
  });
});
