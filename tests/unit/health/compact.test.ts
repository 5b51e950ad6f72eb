import { decodeDigits, decodeHealthChecks, unpackUuid } from '@/lib/health/compact';
import { encodeDigits, encodeHealthChecks, packUuid } from '@/lib/health/compact-encode';
import type { HealthCheck } from '@/lib/health/types';
import { check } from './fixtures';

const checks: HealthCheck[] = [
  check({
    id: 'a',
    name: 'api',
    canary_name: 'web',
    description: 'the api',
    endpoint: 'http://api',
    type: 'http',
    namespace: 'prod',
    agent_id: '00000000-0000-0000-0000-000000000000',
    labels: { env: 'prod', team: 'core' },
    uptime: { passed: 9, failed: 1 },
    latency: { p95: 12.5, p99: 40 },
    last_runtime: '2026-11-22T10:00:00.123Z',
    last_transition_time: '2026-11-01T00:00:00.000Z',
  }),
  check({
    id: 'b',
    name: '',
    description: 'only a description',
    canary_name: 'web',
    status: 'unhealthy',
    labels: { env: 'prod', team: 'core' },
    latency: { rolling1h: 0 },
  }),
  check({
    id: 'c',
    name: 'db',
    canary_name: 'data',
    type: 'postgres',
    labels: { team: 'core', env: 'prod' },
    last_runtime: '2026-11-22T09:59:59.000Z',
  }),
];

describe('columnar health list hand-over', () => {
  it('decodes to the same checks', () => {
    expect(decodeHealthChecks(encodeHealthChecks(checks))).toEqual(checks);
  });

  it('survives the JSON round trip of the RSC payload', () => {
    const compact = JSON.parse(JSON.stringify(encodeHealthChecks(checks))) as ReturnType<
      typeof encodeHealthChecks
    >;
    expect(decodeHealthChecks(compact)).toEqual(checks);
  });

  it('keeps the label order of each check and stores identical label sets once', () => {
    const compact = encodeHealthChecks(checks);
    expect(compact.ls).toHaveLength(2);
    expect(compact.l).toBe('001');
    expect(Object.keys(decodeHealthChecks(compact)[2]!.labels)).toEqual(['team', 'env']);
  });

  it('gives the most frequent strings the first indices and omits latency columns nobody has', () => {
    const compact = encodeHealthChecks(checks);
    const table = (compact.s as string).split('\n');
    // env, team, prod and core occur three times each, healthy and web twice, the rest once.
    expect(table.slice(0, 4).sort()).toEqual(['core', 'env', 'prod', 'team']);
    expect(table.slice(4, 6).sort()).toEqual(['healthy', 'web']);
    expect(Object.keys(compact.lat).sort()).toEqual(['p95', 'p99', 'rolling1h']);
  });

  it('normalises timestamps to ISO with milliseconds and drops unparsable ones', () => {
    const [decoded] = decodeHealthChecks(
      encodeHealthChecks([
        check({ id: 'x', last_runtime: '2026-11-22T10:00:00.123456+00:00', last_transition_time: 'soon' }),
      ]),
    );
    expect(decoded!.last_runtime).toBe('2026-11-22T10:00:00.123Z');
    expect(decoded!.last_transition_time).toBeUndefined();
  });

  it('joins ids and strings into one string unless the separator occurs in them', () => {
    const plain = encodeHealthChecks(checks);
    expect(plain.id).toBe('a b c');
    expect(typeof plain.s).toBe('string');
    const awkward = [
      check({ id: 'x y', name: 'two\nlines', labels: { k: '' } }),
      check({ id: '', name: '' }),
    ];
    const compact = encodeHealthChecks(awkward);
    expect(compact.id).toEqual(['x y', '']);
    expect(Array.isArray(compact.s)).toBe(true);
    expect(decodeHealthChecks(JSON.parse(JSON.stringify(compact)) as typeof compact)).toEqual(awkward);
  });

  it('stores a latency column equal to an earlier one as its key and whole-second times in seconds', () => {
    const same = [
      check({ id: 'a', latency: { p95: 1, p97: 1, p99: 2 }, last_runtime: '2026-01-01T00:00:10.000Z' }),
      check({ id: 'b', latency: { p95: 3, p97: 3 }, last_runtime: '2026-01-01T00:00:00.000Z' }),
    ];
    const compact = encodeHealthChecks(same);
    expect(compact.lat.p97).toBe('p95');
    expect(compact.tu).toBe(1000);
    expect(compact.run).toEqual([0, -10]);
    expect(decodeHealthChecks(compact)).toEqual(same);
  });

  it('packs lowercase UUID ids into 22 digits each and keeps other ids as they are', () => {
    for (const uuid of [
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      'd162e732-970e-4659-b633-e0c17ec02e54',
    ]) {
      expect(packUuid(uuid)).toHaveLength(22);
      expect(unpackUuid(packUuid(uuid))).toBe(uuid);
    }
    const uuids = [
      check({ id: 'd162e732-970e-4659-b633-e0c17ec02e54' }),
      check({ id: 'ff09fe5c-bfdc-4087-a52f-49121f49f653' }),
    ];
    const packed = encodeHealthChecks(uuids);
    expect(packed.uuid).toBe(true);
    expect(packed.id).toHaveLength(44);
    expect(decodeHealthChecks(packed)).toEqual(uuids);
    const mixed = encodeHealthChecks([...uuids, check({ id: 'D162E732-970E-4659-B633-E0C17EC02E54' })]);
    expect(mixed.uuid).toBeUndefined();
    expect(decodeHealthChecks(mixed).map((c) => c.id)).toEqual([
      ...uuids.map((c) => c.id),
      'D162E732-970E-4659-B633-E0C17EC02E54',
    ]);
  });

  it('writes index columns as fixed-width base-64 digits', () => {
    expect(encodeDigits([0, 1, 63])).toBe('01_');
    expect(encodeDigits([64, 0])).toBe('1000');
    expect(decodeDigits(encodeDigits([4095, 4096, 7, 0]), 4)).toEqual([4095, 4096, 7, 0]);
    expect(decodeDigits('', 0)).toEqual([]);
  });

  it('encodes an empty list', () => {
    expect(decodeHealthChecks(encodeHealthChecks([]))).toEqual([]);
  });

  it('is much smaller than the objects for a large list', () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      check({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        name: `check-${i}`,
        canary_name: `canary-${i % 50}`,
        type: 'http',
        namespace: `ns-${i % 5}`,
        labels: { env: i % 2 ? 'prod' : 'dev', team: `t${i % 7}` },
        latency: { p95: i, p97: i + 1, p99: i + 2 },
        last_runtime: new Date(Date.UTC(2026, 10, 22) - i * 1000).toISOString(),
      }),
    );
    const compact = encodeHealthChecks(many);
    expect(decodeHealthChecks(compact)).toEqual(many);
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(many).length / 2);
  });
});
