/** @jest-environment node */
import { canaryIntervalSeconds, checksOfSpec } from '@/lib/embedded-backend/ticker/canary-sync';

describe('the checks a canary spec declares', () => {
  it('takes every named entry of each check-type list, naming unnamed ones after the canary, once each', () => {
    const checks = checksOfSpec('shop', {
      interval: 30,
      schedule: '@every 1m',
      http: [
        { name: 'home', url: 'https://shop.example.com', labels: { tier: 'web' } },
        { url: 'https://shop.example.com/api' },
        { name: 'home', url: 'https://dup' },
      ],
      tcp: [{ name: 'db-port', endpoint: 'db:5432', icon: 'database' }],
      env: [{ name: 'NOT_A_CHECK' }],
      owner: 'payments',
    });
    expect(checks.map((c) => [c.type, c.name])).toEqual([
      ['http', 'home'],
      ['http', 'shop-http-2'],
      ['tcp', 'db-port'],
    ]);
    expect(checks[0]).toMatchObject({
      labels: { tier: 'web' },
      icon: 'http',
      spec: { name: 'home', url: 'https://shop.example.com' },
    });
    expect(checks[2]?.icon).toBe('database');
    expect(checksOfSpec('x', null)).toEqual([]);
    expect(checksOfSpec('x', [{ http: [] }])).toEqual([]);
  });

  it.each([
    [{ interval: 30 }, 30],
    [{ schedule: '@every 5m' }, 300],
    [{ schedule: '@every 1h30m' }, 5400],
    [{ schedule: '@hourly' }, 3600],
    [{ schedule: '@daily' }, 86_400],
    [{ schedule: '*/5 * * * *' }, 60],
    [{ interval: 0, schedule: '@every 10s' }, 10],
    [{}, 60],
  ])('runs %j every %i s', (spec, seconds) => {
    expect(canaryIntervalSeconds(spec)).toBe(seconds);
  });
});
