import {
  agoCell,
  formatAgo,
  formatRelativeShort,
  showAgoCell,
  shortRelativeFromMs,
} from '@/lib/format/relative-time';
import { formatDuration } from '@/lib/format/duration';
import { formatPercent, formatUptime } from '@/lib/format/percent';
import {
  formatDateTime,
  formatDateTimeAbsolute,
  formatUtcOffset,
  normalizeDateTimeFormat,
  timezoneOptions,
} from '@/lib/format/date';
import { sortTags } from '@/lib/format/tags';
import { statusDotColor } from '@/lib/format/status';
import { progressStyle } from '@/lib/format/progress';
import { refreshRateToMs } from '@/lib/format/refresh-rate';
import { INCIDENT_SEVERITIES, normalizeSeverity, severityLabel } from '@/lib/format/severity';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relative time (shortened)', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it.each([
    [30_000, '30s'],
    [MIN, '1m'],
    [59 * MIN, '59m'],
    [HOUR, '1h'],
    [23 * HOUR, '23h'],
    [DAY, '1d'],
    [29 * DAY, '29d'],
    [30 * DAY, '1mo'],
    [364 * DAY, '12mo'],
    [365 * DAY, '1y'],
    [3 * 365 * DAY, '3y'],
  ])('%i ms → %s', (ms, expected) => {
    expect(shortRelativeFromMs(ms)).toBe(expected);
    expect(formatRelativeShort(new Date(now.getTime() - ms), now)).toBe(expected);
  });

  it('returns empty text for invalid dates', () => {
    expect(formatRelativeShort('not a date', now)).toBe('');
    expect(formatRelativeShort(null, now)).toBe('');
  });

  it('formats past as "ago" and future as "in"', () => {
    expect(formatAgo(new Date(now.getTime() - 2 * HOUR), now)).toBe('2h ago');
    expect(formatAgo(new Date(now.getTime() + 5 * MIN), now)).toBe('in 5m');
  });

  it("shows the 'ago' cell only under 7 days", () => {
    expect(showAgoCell(new Date(now.getTime() - 6 * DAY), now)).toBe(true);
    expect(showAgoCell(new Date(now.getTime() - 7 * DAY + 1), now)).toBe(true);
    expect(showAgoCell(new Date(now.getTime() - 7 * DAY), now)).toBe(false);
    expect(showAgoCell(new Date(now.getTime() - 30 * DAY), now)).toBe(false);
    expect(agoCell(new Date(now.getTime() - 3 * HOUR), now)).toBe('3h ago');
    expect(agoCell(new Date(now.getTime() - 8 * DAY), now)).toBeNull();
    expect(agoCell(undefined, now)).toBeNull();
  });
});

describe('durations', () => {
  it.each([
    [0, '0ms'],
    [999, '999ms'],
    [1000, '1s'],
    [1500, '1.5s'],
    [59_999, '59.99s'],
    [60_000, '1m'],
    [90_000, '1.5m'],
    [59 * MIN, '59m'],
    [HOUR, '1h'],
    [2.5 * HOUR, '2.5h'],
  ])('%i ms → %s', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });
  it('is empty for missing input', () => {
    expect(formatDuration(undefined)).toBe('');
    expect(formatDuration(Number.NaN)).toBe('');
  });
});

describe('percentages', () => {
  it('uses one decimal', () => {
    expect(formatPercent(99)).toBe('99.0%');
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatPercent(null)).toBe('');
    expect(formatUptime(3, 1)).toBe('75.0%');
    expect(formatUptime(0, 0)).toBe('');
  });
});

describe('date formatting by preference and timezone', () => {
  const now = new Date('2026-03-29T12:00:00Z');
  const d = '2026-03-29T01:30:00.250Z';
  it('defaults to timestamp in the given zone (DST boundary in Berlin)', () => {
    expect(formatDateTime(d, { timezone: 'Europe/Berlin' })).toBe('2026-03-29 03:30:00.250');
    expect(formatDateTime(d, { format: 'timestamp', timezone: 'UTC' })).toBe('2026-03-29 01:30:00.250');
    expect(formatDateTime(d, { format: 'bogus', timezone: 'UTC' })).toBe('2026-03-29 01:30:00.250');
  });
  it('full includes date, time and milliseconds', () => {
    expect(formatDateTime(d, { format: 'full', timezone: 'Asia/Tokyo' })).toBe('Mar 29, 2026 10:30:00.250');
  });
  it('medium is compact: time today, weekday this week, date otherwise', () => {
    expect(formatDateTime(d, { format: 'medium', timezone: 'UTC', now })).toBe('01:30');
    expect(formatDateTime('2026-03-26T08:00:00Z', { format: 'medium', timezone: 'UTC', now })).toBe(
      'Thu 08:00',
    );
    expect(formatDateTime('2026-01-02T08:00:00Z', { format: 'medium', timezone: 'UTC', now })).toBe(
      'Jan 2 08:00',
    );
    expect(formatDateTime('2024-01-02T08:00:00Z', { format: 'medium', timezone: 'UTC', now })).toBe(
      'Jan 2, 2024 08:00',
    );
  });
  it('the absolute form (tooltips) says its zone: the chosen name, or the local offset for Browser', () => {
    expect(formatDateTimeAbsolute(d, { format: 'medium', timezone: 'UTC' })).toBe(
      '2026-03-29 01:30:00.250 UTC',
    );
    expect(formatDateTimeAbsolute(d, { format: 'full', timezone: 'Asia/Tokyo' })).toBe(
      'Mar 29, 2026 10:30:00.250 Asia/Tokyo',
    );
    expect(formatDateTimeAbsolute(d, { timezone: 'Browser' })).toMatch(
      /^2026-03-2\d \d\d:\d\d:00\.250 UTC([+-]\d\d:\d\d)?$/,
    );
    expect(formatDateTimeAbsolute('nope')).toBe('');
  });
  it('short is the relative form', () => {
    expect(formatDateTime('2026-03-29T10:00:00Z', { format: 'short', now })).toBe('2h');
  });
  it('empty for invalid dates; Browser and invalid zones use the local zone', () => {
    expect(formatDateTime('nope')).toBe('');
    expect(formatDateTime(d, { timezone: 'Not/AZone' })).toBe(formatDateTime(d, { timezone: 'Browser' }));
    expect(normalizeDateTimeFormat(undefined)).toBe('timestamp');
  });
});

describe('timezone options', () => {
  it('lists Browser first, then every IANA zone with its offset', () => {
    const at = new Date('2026-01-15T00:00:00Z');
    const opts = timezoneOptions(at);
    expect(opts[0]?.name).toBe('Browser');
    const names = opts.map((o) => o.name);
    expect(names).toContain('Asia/Tokyo');
    expect(opts.find((o) => o.name === 'Asia/Tokyo')?.offset).toBe('UTC+09:00');
    expect(opts.find((o) => o.name === 'America/New_York')?.offset).toBe('UTC-05:00');
    const supported = Intl.supportedValuesOf('timeZone');
    expect(opts.length).toBe(supported.length + 1 + (supported.includes('UTC') ? 0 : 1));
    expect(opts.find((o) => o.name === 'UTC')?.offset).toBe('UTC');
    const rest = opts.slice(1);
    for (let i = 1; i < rest.length; i++) {
      expect(rest[i]!.offsetMinutes).toBeGreaterThanOrEqual(rest[i - 1]!.offsetMinutes);
    }
  });
  it('formats offsets', () => {
    expect(formatUtcOffset(0)).toBe('UTC');
    expect(formatUtcOffset(-210)).toBe('UTC-03:30');
  });
});

describe('tags', () => {
  it('sorts account, namespace, name first, then the rest by key', () => {
    const sorted = sortTags({ zone: 'a', name: 'n', cluster: 'c', namespace: 'ns', account: 'acc' });
    expect(sorted.map((t) => t.key)).toEqual(['account', 'namespace', 'name', 'cluster', 'zone']);
    expect(
      sortTags([
        { key: 'b', value: '1' },
        { key: 'Name', value: '2' },
      ]).map((t) => t.key),
    ).toEqual(['Name', 'b']);
    expect(sortTags(null)).toEqual([]);
  });
});

describe('status dot colours', () => {
  it.each([
    ['degraded', 'red'],
    ['missing', 'red'],
    ['Unhealthy', 'red'],
    ['not good', 'red'],
    [false, 'red'],
    ['unknown', 'gray'],
    ['suspended', 'gray'],
    [undefined, 'gray'],
    ['warning', 'orange'],
    ['mixed', 'orange'],
    ['healthy', 'green'],
    ['running', 'green'],
    [true, 'green'],
  ] as const)('%s → %s', (status, color) => {
    expect(statusDotColor(status)).toBe(color);
  });
});

describe('progress bar', () => {
  it('has a minimum width of 5 % and turns orange above 75 and red above 90', () => {
    expect(progressStyle(0)).toEqual({ width: 5, color: 'default', percent: 0 });
    expect(progressStyle(3).width).toBe(5);
    expect(progressStyle(50)).toEqual({ width: 50, color: 'default', percent: 50 });
    expect(progressStyle(75).color).toBe('default');
    expect(progressStyle(75.1).color).toBe('orange');
    expect(progressStyle(90).color).toBe('orange');
    expect(progressStyle(90.1).color).toBe('red');
    expect(progressStyle(150).width).toBe(100);
    expect(progressStyle(8, 10)).toEqual({ width: 80, color: 'orange', percent: 80 });
  });
});

describe('refresh rates', () => {
  it.each([
    ['30s', 30_000],
    ['5m', 300_000],
    ['1h', 3_600_000],
    ['1d', 86_400_000],
    ['1w', 604_800_000],
    ['None', null],
    ['', null],
    [undefined, null],
    ['abc', null],
    ['0s', null],
  ] as const)('%s → %s', (rate, ms) => {
    expect(refreshRateToMs(rate)).toBe(ms);
  });
});

describe('incident severities', () => {
  it('keeps the union order', () => {
    expect(INCIDENT_SEVERITIES).toEqual(['info', 'warning', 'low', 'medium', 'high', 'critical', 'blocker']);
  });
  it('reads numeric 1–4 as medium, high, blocker, critical; anything else low', () => {
    expect([1, 2, 3, 4].map(normalizeSeverity)).toEqual(['medium', 'high', 'blocker', 'critical']);
    expect(normalizeSeverity('3')).toBe('blocker');
    expect(normalizeSeverity('Medium')).toBe('medium');
    expect(normalizeSeverity(0)).toBe('low');
    expect(normalizeSeverity(7)).toBe('low');
    expect(normalizeSeverity('weird')).toBe('low');
    expect(normalizeSeverity(null)).toBe('low');
    expect(severityLabel('critical')).toBe('Critical');
  });
});
