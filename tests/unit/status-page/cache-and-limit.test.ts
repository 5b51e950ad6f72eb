/** @jest-environment node */
import { createPublicCache } from '@/lib/status-page/public-cache';
import { createRateLimiter } from '@/lib/status-page/rate-limit';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('public page cache', () => {
  let t = 0;
  const now = () => t;
  beforeEach(() => {
    t = 1_000_000;
  });

  it('loads once for a burst of misses, then serves fresh without loading', async () => {
    const cache = createPublicCache<string>({ freshMs: 30_000, staleMs: 60_000, now });
    const d = deferred<string>();
    const load = jest.fn(() => d.promise);
    const burst = Array.from({ length: 50 }, () => cache.get('acme', load));
    d.resolve('v1');
    const answers = await Promise.all(burst);
    expect(load).toHaveBeenCalledTimes(1);
    expect(answers.every((a) => a.value === 'v1' && !a.stale)).toBe(true);
    t += 29_000;
    expect((await cache.get('acme', load)).ageMs).toBe(29_000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.loads).toBe(1);
  });

  it('answers stale at once while one background load refreshes it', async () => {
    const cache = createPublicCache<string>({ freshMs: 30_000, staleMs: 60_000, now });
    await cache.get('acme', async () => 'v1');
    t += 31_000;
    const d = deferred<string>();
    const load = jest.fn(() => d.promise);
    const a = await cache.get('acme', load);
    const b = await cache.get('acme', load);
    expect([a.value, a.stale, b.value]).toEqual(['v1', true, 'v1']);
    expect(load).toHaveBeenCalledTimes(1);
    d.resolve('v2');
    await d.promise;
    await Promise.resolve();
    expect((await cache.get('acme', load)).value).toBe('v2');
  });

  it('waits for a load when the value is too old, and keeps the last good value when the backend fails', async () => {
    const cache = createPublicCache<string>({
      freshMs: 30_000,
      staleMs: 60_000,
      staleIfErrorMs: 600_000,
      retryMs: 5_000,
      now,
    });
    await cache.get('acme', async () => 'v1');
    t += 120_000;
    const failing = jest.fn(async () => {
      throw new Error('backend down');
    });
    const answer = await cache.get('acme', failing);
    expect([answer.value, answer.stale]).toEqual(['v1', true]);
    // Within the retry window the failure is not retried.
    await cache.get('acme', failing);
    expect(failing).toHaveBeenCalledTimes(1);
    await expect(cache.get('other', failing)).rejects.toThrow('backend down');
  });

  it('forgets on invalidate and bounds its entries', async () => {
    const cache = createPublicCache<string>({ maxEntries: 2, now });
    const load = jest.fn(async () => 'v');
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(4);
    cache.invalidate('a');
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(5);
  });
});

describe('per-address rate limit', () => {
  it('lets a burst through, refuses beyond it with a wait, and refills over time', () => {
    let t = 0;
    const limiter = createRateLimiter({ burst: 3, perSecond: 1, now: () => t });
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(1);
    expect(limiter.take('b')).toBe(0);
    t += 1000;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
  });
});
