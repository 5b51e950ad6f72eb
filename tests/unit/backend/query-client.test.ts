/** @jest-environment node */
import { BackendError } from '@/lib/backend/errors';
import { createQueryClient, DEFAULT_STALE_TIME_MS, shouldRetry } from '@/lib/queries/query-client';
import { checkKeys } from '@/lib/health/check-queries';
import { topologyKeys } from '@/lib/topology/queries';

const err = (status: number, code = `http_${status}`) => new BackendError({ status, code, message: 'x' });

describe('query client', () => {
  it('keeps data fresh for 5 minutes', () => {
    expect(DEFAULT_STALE_TIME_MS).toBe(300_000);
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(300_000);
  });

  it.each([400, 401, 403, 404, 409, 416, 499])('never retries %i', (status) => {
    expect(shouldRetry(0, err(status))).toBe(false);
  });

  it('retries network failures, time-outs and 5xx up to 3 times', () => {
    expect(shouldRetry(0, err(0, 'network'))).toBe(true);
    expect(shouldRetry(1, err(504, 'timeout'))).toBe(true);
    expect(shouldRetry(2, err(502))).toBe(true);
    expect(shouldRetry(3, err(502))).toBe(false);
  });

  it('does not pause offline: a request fails at once (with the offline toast) instead of waiting for the network', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.networkMode).toBe('always');
    expect(defaults.mutations?.networkMode).toBe('always');
  });

  it('never retries a malformed answer', () => {
    expect(shouldRetry(0, err(502, 'invalid_response'))).toBe(false);
  });
});

describe('query keys', () => {
  it('nest under one prefix per resource, so that invalidating the prefix reaches them all', () => {
    expect(checkKeys.detail('a').slice(0, 2)).toEqual(checkKeys.check('a'));
    expect(checkKeys.history({ checkId: 'a', since: 's' }).slice(0, 2)).toEqual(checkKeys.check('a'));
    expect(checkKeys.graph('a', '1h')).toEqual(['checks', 'a', 'graph', '1h']);
    expect(topologyKeys.section('c', 'configs').slice(0, 3)).toEqual(topologyKeys.component('c'));
    // upstream §9.15: the tree and the name lookup of one id never share a key.
    expect(topologyKeys.component('c')).not.toEqual(topologyKeys.names(['c']));
  });
});
