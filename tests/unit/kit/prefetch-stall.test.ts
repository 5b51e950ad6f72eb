/**
 * @jest-environment node
 */
import { queryOptions } from '@tanstack/react-query';

// The in-process engine's connection state is the input under test; the prefetch itself runs for real.
let heldSince: number | undefined;
jest.mock('server-only', () => ({}));
jest.mock('@/lib/backend/client', () => ({ getBackend: jest.fn() }));
jest.mock('@/lib/backend/transport', () => ({ embeddedConnectionHeldSince: () => heldSince }));

import { PREFETCH_STALL_ANY_MS, PREFETCH_STALL_MS, prefetchQueries } from '@/lib/queries/server';

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const slow = (key: string, ms: number) => queryOptions({ queryKey: [key], queryFn: () => after(ms, key) });
/** A statement queued behind the one holding the connection: it does not answer while the test runs. */
const queued = (key: string) =>
  queryOptions({ queryKey: [key], queryFn: () => new Promise<string>(() => undefined) });
const keys = (state: Awaited<ReturnType<typeof prefetchQueries>>) => state.queries.map((q) => q.queryKey[0]);

describe('a server render waiting for data behind the one PGlite connection (issue 13 §4)', () => {
  beforeEach(() => {
    heldSince = undefined;
  });

  it('waits for every answer while the connection is free or on a pool', async () => {
    const state = await prefetchQueries([slow('a', 250), slow('b', 30)]);
    expect(keys(state).sort()).toEqual(['a', 'b']);
  });

  it('gives up after PREFETCH_STALL_MS when a statement that began before the render holds the connection, handing over what was answered', async () => {
    heldSince = performance.now() - 50;
    const started = performance.now();
    const state = await prefetchQueries([slow('fast', 10), queued('queued')]);
    const waited = performance.now() - started;
    expect(keys(state)).toEqual(['fast']);
    expect(waited).toBeGreaterThanOrEqual(PREFETCH_STALL_MS - 5);
    expect(waited).toBeLessThan(PREFETCH_STALL_MS + 150);
  });

  it('keeps waiting for its own slow statement (it began after the render) until it holds for PREFETCH_STALL_ANY_MS', async () => {
    const state = await (async () => {
      const pending = prefetchQueries([slow('own', 400)]);
      heldSince = performance.now() + 5;
      return pending;
    })();
    expect(keys(state)).toEqual(['own']);

    heldSince = undefined;
    const started = performance.now();
    const pending = prefetchQueries([queued('stuck')]);
    heldSince = performance.now() + 1;
    const stalled = await pending;
    expect(keys(stalled)).toEqual([]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(PREFETCH_STALL_ANY_MS - 5);
  });
});
