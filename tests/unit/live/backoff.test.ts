import { BACKOFF, backoffMs } from '@/lib/live/backoff';

describe('reconnect backoff', () => {
  it('doubles from one second up to the cap', () => {
    const top = (attempt: number) => backoffMs(attempt, () => 1);
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(top)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(top(0)).toBe(BACKOFF.baseMs);
  });

  it('jitters between half and all of the step, so tabs that failed together spread out', () => {
    expect(backoffMs(3, () => 0)).toBe(2000);
    expect(backoffMs(3, () => 0.5)).toBe(3000);
    const samples = Array.from({ length: 200 }, () => backoffMs(4));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(4000);
    expect(Math.max(...samples)).toBeLessThanOrEqual(8000);
    expect(new Set(samples).size).toBeGreaterThan(20);
  });
});
