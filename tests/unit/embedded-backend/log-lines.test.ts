import { generateLogLines } from '@/lib/embedded-backend/endpoints/shared/log-lines';

const selector = { name: 'app', labels: { app: 'orders' } };
const lines = (startIso: string, endIso: string, max?: number) =>
  generateLogLines('c1', 'orders', selector, new Date(startIso), new Date(endIso), max);

describe('demo log lines (issue 34: a line depends only on its slot in time)', () => {
  it('two windows a minute apart agree on their overlap, line for line', () => {
    const earlier = lines('2026-12-06T10:00:00Z', '2026-12-06T10:15:00Z');
    const later = lines('2026-12-06T10:01:00.400Z', '2026-12-06T10:16:00.400Z');
    const inOverlap = (l: { timestamp: string }) =>
      l.timestamp >= '2026-12-06T10:01:00.400Z' && l.timestamp <= '2026-12-06T10:15:00Z';
    const a = earlier.filter(inOverlap);
    expect(a.length).toBeGreaterThan(60);
    expect(later.filter(inOverlap)).toEqual(a);
  });

  it('keeps newest first, inside the window, 1 to 19 seconds apart, and stops at max', () => {
    const all = lines('2026-12-06T10:00:00Z', '2026-12-06T11:00:00Z');
    const times = all.map((l) => Date.parse(l.timestamp));
    expect(times.every((t, i) => i === 0 || (times[i - 1]! - t >= 1000 && times[i - 1]! - t <= 19_000))).toBe(
      true,
    );
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.parse('2026-12-06T11:00:00Z'));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.parse('2026-12-06T10:00:00Z'));
    expect(all.length).toBeGreaterThan(300);
    expect(lines('2026-12-06T10:00:00Z', '2026-12-06T11:00:00Z', 5)).toEqual(all.slice(0, 5));
  });

  it('labels each line with its level, component, selector and pod', () => {
    const [line] = lines('2026-12-06T10:00:00Z', '2026-12-06T10:05:00Z');
    expect(line!.labels).toMatchObject({ app: 'orders', component: 'orders', selector: 'app' });
    expect(['info', 'warn', 'error']).toContain(line!.labels.level);
    expect(line!.labels.pod).toMatch(/^orders-[0-2]$/);
  });
});
