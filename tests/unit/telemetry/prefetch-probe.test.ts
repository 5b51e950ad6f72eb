/**
 * @jest-environment node
 */
import { queryOptions } from '@tanstack/react-query';
import { installProbes, probes, type PrefetchOutcome, type TelemetryProbes } from '@/lib/telemetry/probes';

jest.mock('server-only', () => ({}));
jest.mock('@/lib/backend/client', () => ({ getBackend: jest.fn() }));
jest.mock('@/lib/backend/transport', () => ({ embeddedConnectionHeldSince: () => undefined }));

import { prefetchQueries } from '@/lib/queries/server';

/** A server render's prefetch passes the prefetch probe once, with the number of queries and how it ended. */

const seen: { queries: number; outcome: PrefetchOutcome }[] = [];

beforeAll(() => {
  const passThrough = probes();
  const recording: TelemetryProbes = {
    ...passThrough,
    prefetch: async (queries, run, outcomeOf) => {
      const result = await run();
      seen.push({ queries, outcome: outcomeOf(result) });
      return result;
    },
  };
  installProbes(recording);
});
afterAll(() => installProbes(undefined));

test('answered and failed queries are reported, and the dehydrated state is what the page gets', async () => {
  const state = await prefetchQueries([
    queryOptions({ queryKey: ['ok'], queryFn: async () => 'fine' }),
    queryOptions({
      queryKey: ['refused'],
      queryFn: async (): Promise<string> => {
        throw Object.assign(new Error('forbidden'), { status: 403 });
      },
      retry: false,
    }),
  ]);
  expect(seen).toEqual([{ queries: 2, outcome: { answered: 1, failed: 1 } }]);
  expect(state.queries.map((q) => [q.queryKey[0], q.state.status]).sort()).toEqual([
    ['ok', 'success'],
    ['refused', 'error'],
  ]);
});
