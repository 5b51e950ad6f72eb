import type { z } from 'zod';
import { BackendError } from '@/lib/backend/errors';
import { parseResponse, requestInitOf, type Counted, type Endpoint } from '@/lib/backend/endpoint';
import { transportError, withBearer, type Transport } from '@/lib/backend/transport';
import { withTimeout } from '@/lib/backend/timeout';
import { probes } from '@/lib/telemetry/probes';
import { REQUEST_ID_HEADER } from '@/lib/telemetry/request-id';

/** Default time allowed for one server-side backend call. */
export const CLIENT_TIMEOUT_MS = 15_000;

export interface BackendClientOptions {
  transport: Transport;
  token?: string;
  timeoutMs?: number;
  /** The console request this client serves: sent as `x-request-id`, and the reference of its errors. */
  requestId?: string;
}

export interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The typed backend client of server components and route handlers. */
export interface BackendClient {
  request<T>(endpoint: Endpoint<T>, options?: CallOptions): Promise<T>;
  /** Same, plus the Content-Range total (send `Prefer: count=exact`). */
  requestWithCount<T>(endpoint: Endpoint<T>, options?: CallOptions): Promise<Counted<T>>;
  get<T>(path: string, schema: z.ZodType<T>, options?: CallOptions): Promise<T>;
  post<T>(path: string, body: unknown, schema: z.ZodType<T>, options?: CallOptions): Promise<T>;
  patch<T>(path: string, body: unknown, schema: z.ZodType<T>, options?: CallOptions): Promise<T>;
  del<T>(path: string, schema: z.ZodType<T>, options?: CallOptions): Promise<T>;
}

/** The error with this request's id as its reference when the backend named none. */
function withReference(error: unknown, requestId: string | undefined): unknown {
  if (!requestId || !(error instanceof BackendError) || error.requestId) return error;
  return new BackendError({
    status: error.status,
    code: error.code,
    message: error.message,
    requestId,
    details: error.details,
  });
}

export function createBackendClient({
  transport,
  token,
  timeoutMs = CLIENT_TIMEOUT_MS,
  requestId,
}: BackendClientOptions): BackendClient {
  async function requestWithCount<T>(endpoint: Endpoint<T>, options: CallOptions = {}): Promise<Counted<T>> {
    const withHeaders = options.headers
      ? { ...endpoint, headers: { ...endpoint.headers, ...options.headers } }
      : endpoint;
    const init = withBearer(requestInitOf(withHeaders), token);
    const headers = new Headers(init.headers);
    if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
    const call = { kind: 'client' as const, method: init.method ?? 'GET', path: endpoint.path, headers };
    return withTimeout(
      async (signal) => {
        let response: Response;
        try {
          response = await probes().backendCall(call, () =>
            transport(endpoint.path, { ...init, headers, signal }),
          );
        } catch (error) {
          // Addresses and stack traces stay in the server log, never in the message.
          throw withReference(error instanceof BackendError ? error : transportError(error), requestId);
        }
        try {
          return await parseResponse(withHeaders, response);
        } catch (error) {
          throw withReference(error, requestId);
        }
      },
      timeoutMs,
      options.signal,
    );
  }

  const request = async <T>(endpoint: Endpoint<T>, options?: CallOptions) =>
    (await requestWithCount(endpoint, options)).data;

  return {
    request,
    requestWithCount,
    get: (path, schema, options) => request({ path, schema }, options),
    post: (path, body, schema, options) => request({ method: 'POST', path, body, schema }, options),
    patch: (path, body, schema, options) => request({ method: 'PATCH', path, body, schema }, options),
    del: (path, schema, options) => request({ method: 'DELETE', path, schema }, options),
  };
}
