import { BackendError } from '@/lib/backend/errors';
import { checksFromSummary } from '@/lib/health/summary-endpoint';

describe('browser summary parsing (no schema library on the list page)', () => {
  it('keeps items with a string id and name and trims them', () => {
    const checks = checksFromSummary({
      checks_summary: [
        {
          id: 'a',
          name: 'n',
          status: 'healthy',
          labels: { env: 'prod', bad: 1 },
          uptime: { passed: 2, failed: 1 },
          latency: { p95: 5 },
        },
        { id: 1, name: 'x' },
        'junk',
      ],
    });
    expect(checks).toEqual([
      {
        id: 'a',
        name: 'n',
        status: 'healthy',
        labels: { env: 'prod' },
        uptime: { passed: 2, failed: 1 },
        latency: { p95: 5 },
      },
    ]);
  });
  it('reads a missing checks_summary (no checks) as empty and a wrong shape as an error', () => {
    expect(checksFromSummary({ duration: 1 })).toEqual([]);
    expect(() => checksFromSummary([])).toThrow(BackendError);
    expect(() => checksFromSummary({ checks_summary: {} })).toThrow(BackendError);
  });
});
