import { checkDisplayName } from '@/lib/health/check-name';
import { filterChecks, labelOptionsOf, matchesLabels, matchesQuery, tabsOf } from '@/lib/health/filters';
import { groupChecks, groupKeyOf, groupUptimeLabel, NO_VALUE_GROUP } from '@/lib/health/grouping';
import { healthDotColor, healthStateOf } from '@/lib/health/health-dot';
import {
  DURATION_VALIDATION_MESSAGE,
  historyStatusParam,
  parseDurationFilter,
} from '@/lib/health/history-filters';
import { pivot, PIVOT_NO_VALUE } from '@/lib/pivot';
import { sortChecks, sortGroups } from '@/lib/health/sorting';
import { checkTimeRange, timeRangeStartIso } from '@/lib/health/time-range';
import { toHealthCheck } from '@/lib/health/types';
import { check } from './fixtures';

describe('display name fallback', () => {
  it('falls back from name to description to endpoint, then the id', () => {
    expect(checkDisplayName({ id: '1', name: 'n', description: 'd', endpoint: 'e' })).toBe('n');
    expect(checkDisplayName({ id: '1', name: '', description: 'd', endpoint: 'e' })).toBe('d');
    expect(checkDisplayName({ id: '1', name: ' ', description: undefined, endpoint: 'e' })).toBe('e');
    expect(checkDisplayName({ id: '1', name: '', description: '', endpoint: '' })).toBe('1');
  });
});

describe('health dot colour', () => {
  it('is green when healthy, red otherwise, orange for mixed', () => {
    expect(healthDotColor('healthy')).toBe('green');
    expect(healthDotColor('unhealthy')).toBe('red');
    expect(healthDotColor('mixed')).toBe('orange');
    expect(healthDotColor(undefined)).toBe('red');
    expect(healthDotColor('warning')).toBe('red');
  });
  it('derives the state of a group', () => {
    expect(healthStateOf([{ status: 'healthy' }, { status: 'healthy' }])).toBe('healthy');
    expect(healthStateOf([{ status: 'unhealthy' }, { status: undefined }])).toBe('unhealthy');
    expect(healthStateOf([{ status: 'healthy' }, { status: 'unhealthy' }])).toBe('mixed');
  });
});

describe('grouping', () => {
  const checks = [
    check({
      id: 'a',
      name: 'payments/api/http-1',
      canary_name: 'api',
      type: 'http',
      labels: { env: 'prod' },
    }),
    check({
      id: 'b',
      name: 'payments/db',
      canary_name: 'api',
      type: 'postgres',
      status: 'unhealthy',
      uptime: { passed: 5, failed: 5 },
    }),
    check({ id: 'c', name: 'dns-1', canary_name: 'edge', type: 'dns', labels: { env: 'staging' } }),
  ];
  it('groups by canary name, type, description, name prefix and label', () => {
    expect(groupKeyOf(checks[0]!, 'canary_name')).toBe('api');
    expect(groupKeyOf(checks[1]!, 'type')).toBe('postgres');
    expect(groupKeyOf(checks[0]!, 'name')).toBe('payments');
    expect(groupKeyOf(checks[2]!, 'name')).toBe('dns-1');
    expect(groupKeyOf(checks[0]!, 'env')).toBe('prod');
    expect(groupKeyOf(checks[1]!, 'env')).toBe(NO_VALUE_GROUP);
    expect(groupKeyOf(checks[0]!, 'description')).toBe(NO_VALUE_GROUP);
  });
  it('summarises groups with x/y fully-up uptime and a mixed state', () => {
    const groups = groupChecks(checks, 'canary_name');
    expect(groups.map((g) => g.key)).toEqual(['api', 'edge']);
    const api = groups[0]!;
    expect(api.total).toBe(2);
    expect(api.fullyUp).toBe(1);
    expect(groupUptimeLabel(api)).toBe('1/2');
    expect(api.state).toBe('mixed');
    expect(api.passed).toBe(15);
    expect(api.failed).toBe(5);
  });
  it('gives one group per check without grouping', () => {
    expect(groupChecks(checks, 'no-group')).toHaveLength(3);
  });
  it('sorts groups and their checks', () => {
    const groups = sortGroups(groupChecks(checks, 'canary_name'), 'health', false);
    expect(groups[0]!.key).toBe('api');
    expect(groups[0]!.checks[0]!.id).toBe('b');
    expect(sortGroups(groupChecks(checks, 'canary_name'), null, true).map((g) => g.key)).toEqual([
      'edge',
      'api',
    ]);
  });
});

describe('sorting checks', () => {
  const checks = [
    check({
      id: 'a',
      name: 'b-check',
      latency: { p95: 30 },
      uptime: { passed: 1, failed: 1 },
      last_transition_time: '2024-01-02T00:00:00Z',
    }),
    check({
      id: 'b',
      name: 'a-check',
      latency: { p95: 10 },
      uptime: { passed: 1, failed: 0 },
      last_transition_time: '2024-01-03T00:00:00Z',
    }),
    check({ id: 'c', name: 'c-check', latency: {}, uptime: { passed: 0, failed: 0 } }),
  ];
  it('sorts by name by default and by each column in both directions', () => {
    expect(sortChecks(checks, null, false).map((c) => c.id)).toEqual(['b', 'a', 'c']);
    expect(sortChecks(checks, 'latency', true).map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(sortChecks(checks, 'uptime', false).map((c) => c.id)).toEqual(['c', 'a', 'b']);
    expect(sortChecks(checks, 'transition', true).map((c) => c.id)).toEqual(['b', 'a', 'c']);
  });
});

describe('pivoting', () => {
  it('turns a label into columns and check names into rows', () => {
    const table = pivot(
      [
        check({ id: '1', name: 'api', labels: { region: 'eu' } }),
        check({ id: '2', name: 'api', labels: { region: 'us' }, status: 'unhealthy' }),
        check({ id: '3', name: 'db', labels: { region: 'eu' } }),
        check({ id: '4', name: 'cdn' }),
      ],
      checkDisplayName,
      (c) => c.labels.region,
    );
    expect(table.columns).toEqual(['eu', 'us', PIVOT_NO_VALUE]);
    expect(table.rows.map((r) => r.key)).toEqual(['api', 'cdn', 'db']);
    expect(table.rows[0]!.cells.eu!.map((c) => c.id)).toEqual(['1']);
    expect(table.rows[0]!.cells.us!.map((c) => c.id)).toEqual(['2']);
    expect(table.rows[1]!.cells[PIVOT_NO_VALUE]!.map((c) => c.id)).toEqual(['4']);
  });
});

describe('filters', () => {
  const checks = [
    check({
      id: '1',
      name: 'API',
      description: 'Payments HTTP',
      canary_name: 'pay',
      namespace: 'default',
      labels: { env: 'prod', flag: 'true' },
    }),
    check({
      id: '2',
      name: 'db',
      endpoint: 'db.svc:5432',
      namespace: 'platform',
      status: 'unhealthy',
      labels: { env: 'staging' },
    }),
    check({
      id: '3',
      name: 'cache',
      namespace: 'default',
      status: 'unhealthy',
      labels: { env: 'prod', flag: 'false' },
    }),
  ];
  it('searches description, canary name, endpoint and name, case-insensitively', () => {
    expect(matchesQuery(checks[0]!, 'payments')).toBe(true);
    expect(matchesQuery(checks[0]!, 'PAY')).toBe(true);
    expect(matchesQuery(checks[1]!, 'SVC:54')).toBe(true);
    expect(matchesQuery(checks[2]!, 'zzz')).toBe(false);
  });
  it('includes (OR within a key, AND across keys) and excludes labels', () => {
    expect(matchesLabels(checks[0]!, { 'env=prod': 1 })).toBe(true);
    expect(matchesLabels(checks[1]!, { 'env=prod': 1 })).toBe(false);
    expect(matchesLabels(checks[1]!, { 'env=prod': 1, 'env=staging': 1 })).toBe(true);
    expect(matchesLabels(checks[0]!, { 'env=prod': -1 })).toBe(false);
    expect(matchesLabels(checks[2]!, { 'env=prod': 1, 'flag=true': 1 })).toBe(false);
  });
  it('hides passing checks and filters by tab', () => {
    const base = { query: '', labels: {}, tabBy: 'namespace', tab: 'All' };
    expect(filterChecks(checks, { ...base, hidePassing: true }).map((c) => c.id)).toEqual(['2', '3']);
    expect(filterChecks(checks, { ...base, hidePassing: false, tab: 'default' }).map((c) => c.id)).toEqual([
      '1',
      '3',
    ]);
  });
  it("builds tabs with 'All' first, then sorted values", () => {
    expect(tabsOf(checks, 'namespace')).toEqual(['All', 'default', 'platform']);
    expect(tabsOf(checks, 'env')).toEqual(['All', 'prod', 'staging']);
  });
  it('marks boolean-valued labels', () => {
    expect(labelOptionsOf(checks)).toEqual([
      { key: 'env', values: ['prod', 'staging'], boolean: false },
      { key: 'flag', values: ['false', 'true'], boolean: true },
    ]);
  });
});

describe('default time range', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  it('uses the URL value when present', () => {
    expect(checkTimeRange('2d', '2025-06-01T11:59:00Z', now)).toBe('2d');
  });
  it('derives the range from the last run age, measured from now', () => {
    expect(checkTimeRange(null, '2025-06-01T11:59:00Z', now)).toBe('1h');
    expect(checkTimeRange(null, '2025-06-01T09:30:00Z', now)).toBe('3h');
    expect(checkTimeRange(null, '2025-05-30T12:00:00Z', now)).toBe('2d');
    expect(checkTimeRange(null, null, now)).toBe('1h');
  });
  it('starts the window exactly N units before now', () => {
    expect(timeRangeStartIso('1h', new Date('2025-06-01T12:34:56Z'))).toBe('2025-06-01T11:34:56.000Z');
  });
});

describe('history filters', () => {
  it('accepts only a number followed by ms or s', () => {
    expect(parseDurationFilter('250ms')).toEqual({ ok: true, ms: 250 });
    expect(parseDurationFilter('2s')).toEqual({ ok: true, ms: 2000 });
    expect(parseDurationFilter(' 1.5 s ')).toEqual({ ok: true, ms: 1500 });
    for (const bad of ['2m', 'abc', '10', 'ms', '1h']) {
      expect(parseDurationFilter(bad)).toEqual({ ok: false, error: DURATION_VALIDATION_MESSAGE });
    }
    expect(DURATION_VALIDATION_MESSAGE).toBe('duration is allowed only in milli seconds & seconds');
  });
  it('maps Healthy to 1 and Unhealthy to 0', () => {
    expect(historyStatusParam('healthy')).toBe('passed');
    expect(historyStatusParam('unhealthy')).toBe('failed');
    expect(historyStatusParam('all')).toBeUndefined();
  });
});

describe('summary trimming', () => {
  it('keeps the list fields and drops the rest', () => {
    const listFields = {
      id: 'x',
      name: 'n',
      canary_name: 'c',
      status: 'healthy',
      labels: { a: 'b' },
      uptime: { passed: 3, failed: 1 },
      latency: { p95: 12, rolling1h: 0 },
      endpoint: 'svc:1',
    };
    const trimmed = toHealthCheck({ ...listFields, created_at: '2024-01-01' } as never);
    expect(trimmed).toEqual(listFields);
  });
});
