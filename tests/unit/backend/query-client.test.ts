/** @jest-environment node */
import { BackendError } from '@/lib/backend/errors';
import { createQueryClient, DEFAULT_STALE_TIME_MS, shouldRetry } from '@/lib/queries/query-client';
import { canaryKeys, checkKeys } from '@/lib/queries/keys';

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

  it('never retries a malformed answer', () => {
    expect(shouldRetry(0, err(502, 'invalid_response'))).toBe(false);
  });
});

describe('query keys', () => {
  it('nest under one prefix per resource', () => {
    expect(checkKeys.detail('a').slice(0, 1)).toEqual(checkKeys.all);
    expect(checkKeys.history({ checkId: 'a', since: 's' }).slice(0, 1)).toEqual(checkKeys.all);
    expect(canaryKeys.graph('a', '1h')).toEqual(['canary', 'graph', 'a', '1h']);
    expect(checkKeys.detail('a')).not.toEqual(canaryKeys.graph('a', '1h'));
  });
});
