/** The one error every backend call turns into: status, a machine code, a clear message and a request id. */
export class BackendError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId?: string;
  readonly details?: unknown;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    requestId?: string;
    details?: unknown;
  }) {
    super(init.message);
    this.name = 'BackendError';
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.details = init.details;
  }
}

/**
 * The message of a backend error body, in the order the spec gives: the response's error, then its message,
 * then 'An error occurred'. Also understands PostgREST's {message, details, hint}.
 */
export function messageFromErrorBody(body: unknown, fallback = 'An error occurred'): string {
  if (typeof body === 'string') {
    const trimmed = body.trim();
    return trimmed.length > 0 && trimmed.length < 500 ? trimmed : fallback;
  }
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['error', 'message'] as const) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
  }
  return fallback;
}

export async function backendErrorFromResponse(response: Response): Promise<BackendError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // plain-text body (the backend's middleware answers in text)
  }
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const code = typeof record.code === 'string' ? record.code : `http_${response.status}`;
  return new BackendError({
    status: response.status,
    code,
    message: messageFromErrorBody(body, defaultMessageForStatus(response.status)),
    requestId: response.headers.get('x-request-id') ?? undefined,
    details: body,
  });
}

export function defaultMessageForStatus(status: number): string {
  if (status === 401) return 'Your session has expired. Please sign in again.';
  if (status === 403) return 'You do not have permission to access this page';
  if (status === 404) return 'Not found';
  if (status === 502 || status === 503) return 'The backend is not reachable. Please try again.';
  if (status === 504) return 'Request timed out. Please try again.';
  return 'An error occurred';
}

export { isForbiddenError } from '@/lib/backend/error-status';
