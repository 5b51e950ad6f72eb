import { BackendError, backendErrorFromResponse } from '@/lib/backend/errors';

/**
 * One backend call as data: method, backend path with its exact query string, body and the zod schema of the
 * answer. The server client and the browser's apiFetch both execute these, so a screen's query string is
 * written once.
 */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What checks an answer: a zod schema, or a hand-written check of the same shape where a list is too large for
 * zod's cost per item (the health summary). Kept structural so that this module, which the browser's fetch layer
 * uses, does not load zod: schemas live in the endpoint modules, which client code reaches by dynamic import.
 */
export interface ResponseSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };
}

export interface Endpoint<T> {
  method?: HttpMethod;
  /** Backend path with query string, e.g. `/db/checks?id=eq.1` (the browser prefixes `/api`). */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  schema: ResponseSchema<T>;
}

/**
 * The sort and page of a server-paged list request (`pgrst(…).order(…).page(…)`); sortBy null: the endpoint's
 * default order.
 */
export interface SortedPageParams {
  sortBy: string | null;
  sortDesc: boolean;
  pageIndex: number;
  pageSize: number;
}

export interface Counted<T> {
  data: T;
  /** The total after `/` in Content-Range, when the backend counted. */
  total: number | undefined;
}

/** `0-49/1234` → 1234; `*\/0` → 0; `0-49/*` or a missing header → undefined. */
export function totalFromContentRange(header: string | null): number | undefined {
  if (!header) return undefined;
  const total = header.split('/')[1]?.trim();
  if (!total || total === '*') return undefined;
  const n = Number(total);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

export function requestInitOf(endpoint: Endpoint<unknown>): RequestInit {
  const headers = new Headers({ accept: 'application/json', ...endpoint.headers });
  let body: BodyInit | undefined;
  if (endpoint.body !== undefined) {
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    body = typeof endpoint.body === 'string' ? endpoint.body : JSON.stringify(endpoint.body);
  }
  return { method: endpoint.method ?? 'GET', headers, body };
}

/** The path without its query, for messages (filter values may be personal data). */
export function pathForMessage(path: string): string {
  return path.split('?')[0] ?? path;
}

/**
 * Reads and validates a response: a non-2xx answer becomes the backend's BackendError, a 2xx answer that does not
 * match the schema becomes a 502 'invalid_response' BackendError with a readable message instead of a crash.
 */
export async function parseResponse<T>(endpoint: Endpoint<T>, response: Response): Promise<Counted<T>> {
  if (!response.ok) throw await backendErrorFromResponse(response);
  const text = endpoint.method === 'HEAD' ? '' : await response.text();
  let json: unknown = undefined;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      throw invalidResponse(endpoint, response, 'the answer is not JSON');
    }
  }
  const parsed = endpoint.schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.map(String).join('.')}` : '';
    throw invalidResponse(
      endpoint,
      response,
      `${issue?.message ?? 'invalid shape'}${where}`,
      parsed.error.issues,
    );
  }
  return { data: parsed.data, total: totalFromContentRange(response.headers.get('content-range')) };
}

function invalidResponse(endpoint: Endpoint<unknown>, response: Response, reason: string, details?: unknown) {
  return new BackendError({
    status: 502,
    code: 'invalid_response',
    message: `The backend sent an unexpected answer for ${pathForMessage(endpoint.path)}: ${reason}`,
    requestId: response.headers.get('x-request-id') ?? undefined,
    details,
  });
}
