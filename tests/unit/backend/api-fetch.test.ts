import { z } from 'zod';
import { configureApiFetch, NETWORK_MESSAGES } from '@/lib/queries/api-config';
import { apiFetch, apiRequest, apiRequestWithCount, sessionExpiredUrl } from '@/lib/queries/api-fetch';
import { caughtBackendError } from '../../helpers/backend-error';

/** The toast the query provider injects (lib/ never imports components). */
const toastError = jest.fn();
const navigate = jest.fn();
const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers(headers),
    text: async () => JSON.stringify(body),
  } as Response;
}

beforeEach(() => {
  jest.clearAllMocks();
  global.fetch = fetchMock as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', timeoutMs: 200, navigate, notify: toastError });
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  window.history.replaceState(null, '', '/health?checkId=abc&timeRange=1h');
});

describe('apiFetch', () => {
  it('calls the same-origin /api path', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await apiRequest({ path: '/db/checks?id=eq.1', schema: z.object({ ok: z.boolean() }) });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/db/checks?id=eq.1');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });

  it('returns data with the Content-Range total', async () => {
    fetchMock.mockResolvedValue(jsonResponse([{ a: 1 }], 206, { 'content-range': '0-0/40' }));
    await expect(
      apiRequestWithCount({ path: '/db/x', schema: z.array(z.object({ a: z.number() })) }),
    ).resolves.toEqual({
      data: [{ a: 1 }],
      total: 40,
    });
  });

  it('toasts a time-out', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('timeout', 'TimeoutError'))),
        ),
    );
    const error = await caughtBackendError(apiFetch('/db/checks'));
    expect(error.message).toBe('Request timed out. Please try again.');
    expect(toastError).toHaveBeenCalledWith(NETWORK_MESSAGES.timeout, expect.anything());
  });

  it('toasts a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await caughtBackendError(apiFetch('/db/checks'));
    expect(error.code).toBe('network');
    expect(toastError).toHaveBeenCalledWith('Network Error. Please try again.', expect.anything());
  });

  it('toasts no internet connection when offline', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await caughtBackendError(apiFetch('/db/checks'));
    expect(error.code).toBe('offline');
    expect(toastError).toHaveBeenCalledWith('No internet connection. Please try again.', expect.anything());
  });

  it('does not toast a cancellation by the caller', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = caughtBackendError(apiFetch('/db/checks', { signal: controller.signal }));
    controller.abort();
    expect((await pending).code).toBe('aborted');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('sends a 401 to /auth-state-checker with return_to', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Not signed in' }, 401));
    const error = await caughtBackendError(apiRequest({ path: '/db/checks', schema: z.unknown() }));
    expect(error.status).toBe(401);
    expect(navigate).toHaveBeenCalledWith(
      '/auth-state-checker?return_to=%2Fhealth%3FcheckId%3Dabc%26timeRange%3D1h',
    );
  });

  it('does not redirect a 401 in standalone mode', async () => {
    configureApiFetch({ authMode: 'none' });
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Not signed in' }, 401));
    await caughtBackendError(apiRequest({ path: '/db/checks', schema: z.unknown() }));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('maps error bodies and malformed answers to BackendError', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: 'You do not have permission to access this page' }, 403),
    );
    expect((await caughtBackendError(apiRequest({ path: '/db/x', schema: z.unknown() }))).message).toBe(
      'You do not have permission to access this page',
    );
    fetchMock.mockResolvedValueOnce(jsonResponse({ nope: true }));
    const error = await caughtBackendError(
      apiRequest({ path: '/db/x', schema: z.object({ id: z.string() }) }),
    );
    expect(error.code).toBe('invalid_response');
  });

  it('builds the session-expired URL from path and query', () => {
    expect(sessionExpiredUrl({ pathname: '/catalog', search: '?a=1' })).toBe(
      '/auth-state-checker?return_to=%2Fcatalog%3Fa%3D1',
    );
  });
});
