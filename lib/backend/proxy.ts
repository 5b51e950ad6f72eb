import { hasAccess } from '@/lib/auth/permissions';
import type { ConsoleSession } from '@/lib/auth/session';
import { apiGateFor, isStandalonePath } from '@/lib/backend/api-gates';
import { BackendError } from '@/lib/backend/errors';
import { parseProxyTarget } from '@/lib/backend/request-target';
import { TIMEOUT_MESSAGE, withTimeout } from '@/lib/backend/timeout';
import type { Transport } from '@/lib/backend/transport';
import type { AuthMode } from '@/lib/routes';

/**
 * The core of the /api proxy, free of Next.js so that it can be served by node:http in tests and benchmarks:
 * gate → validate → forward with the server's bearer token → stream the answer back with only safe headers.
 */

export interface ProxyLimits {
  /** Largest request body accepted (declared or streamed). */
  maxBodyBytes: number;
  /** Time allowed until the backend's response headers arrive. */
  timeoutMs: number;
}

export interface ProxyContext {
  /** The raw request target after `/api`, query included, exactly as the browser sent it: `/db/checks?id=eq.1`. */
  rest: string;
  session: ConsoleSession | null;
  token?: string;
  transport: Transport;
  mode: AuthMode;
  limits: ProxyLimits;
  /** HEALTH_SUMMARY_PATH, allowed in standalone mode. */
  healthSummaryPath?: string;
}

export const PROXY_MESSAGES = {
  signIn: 'Not signed in',
  forbidden: 'You do not have permission to access this page',
  notFound: 'Not found',
  badPath: 'Invalid request path',
  tooLarge: 'Request body is too large',
  timeout: TIMEOUT_MESSAGE,
  unreachable: 'The backend is not reachable. Please try again.',
} as const;

/** Request headers the browser may pass on; everything else (cookies, Authorization, Host, X-Forwarded-*, hop-by-hop) is dropped. */
export const FORWARDED_REQUEST_HEADERS: readonly string[] = [
  'accept',
  'accept-language',
  'accept-profile',
  'content-profile',
  'content-type',
  'if-match',
  'if-modified-since',
  'if-none-match',
  'prefer',
  'range',
  'range-unit',
  'x-request-id',
];

/** Response headers passed back; Set-Cookie, Location (rewritten separately) and transport headers are not. */
export const FORWARDED_RESPONSE_HEADERS: readonly string[] = [
  'cache-control',
  'content-disposition',
  'content-language',
  'content-range',
  'content-type',
  'etag',
  'last-modified',
  'preference-applied',
  'range-unit',
  'x-request-id',
];

const METHODS_WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);
const STATUSES_WITHOUT_BODY = new Set([101, 204, 205, 304]);

export function jsonError(status: number, error: string): Response {
  return Response.json({ error }, { status, headers: { 'cache-control': 'no-store' } });
}

/** Any Location the backend sends is made relative to the console's /api, or dropped when it points elsewhere. */
export function rewriteLocation(location: string, requestPath: string): string | undefined {
  let path: string;
  if (location.startsWith('/') && !location.startsWith('//')) {
    path = location;
  } else {
    // Absolute URLs name the backend's (or a third party's) address, which the browser must not learn.
    return undefined;
  }
  if (!parseProxyTarget(path).ok) return undefined;
  // PostgREST answers relative to its own root, which the backend mounts at /db.
  const prefix = requestPath.startsWith('/db/') && !path.startsWith('/db/') ? '/api/db' : '/api';
  return `${prefix}${path}`;
}

function forwardedRequestHeaders(source: Headers, token: string | undefined): Headers {
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = source.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (token) headers.set('authorization', `Bearer ${token}`);
  return headers;
}

function responseHeaders(upstream: Headers, requestPath: string): Headers {
  const headers = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.get(name);
    if (value !== null) headers.set(name, value);
  }
  upstream.forEach((value, name) => {
    if (name.startsWith('x-rbac-')) headers.set(name, value);
  });
  const location = upstream.get('location');
  if (location) {
    const rewritten = rewriteLocation(location, requestPath);
    if (rewritten) headers.set('location', rewritten);
  }
  return headers;
}

/** Counts the bytes of a streamed request body and fails the stream once it passes the limit. */
function limitBody(body: ReadableStream<Uint8Array>, maxBytes: number, onExceeded: () => void) {
  let total = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > maxBytes) {
          onExceeded();
          controller.error(new Error('Request body is too large'));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
}

type Decision = { ok: true } | { ok: false; response: Response };

function authorize(ctx: ProxyContext, path: string, method: string): Decision {
  if (ctx.mode === 'none') {
    const summary = ctx.healthSummaryPath ?? '/canary/api/summary';
    if (isStandalonePath(path, method, summary)) return { ok: true };
    return { ok: false, response: jsonError(403, PROXY_MESSAGES.forbidden) };
  }
  if (!ctx.session) return { ok: false, response: jsonError(401, PROXY_MESSAGES.signIn) };
  const gate = apiGateFor(path, method);
  if (gate.target === 'signed-in' || hasAccess(ctx.session.grants, gate.target, gate.action)) return { ok: true };
  return { ok: false, response: jsonError(403, PROXY_MESSAGES.forbidden) };
}

function isTimeout(error: unknown): boolean {
  if (error instanceof BackendError) return error.status === 504;
  return error instanceof Error && error.name === 'TimeoutError';
}

export async function proxyRequest(request: Request, ctx: ProxyContext): Promise<Response> {
  const method = request.method.toUpperCase();
  const target = parseProxyTarget(ctx.rest);
  if (!target.ok) return jsonError(400, `${PROXY_MESSAGES.badPath}: ${target.reason}`);

  const decision = authorize(ctx, target.path, method);
  if (!decision.ok) return decision.response;

  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > ctx.limits.maxBodyBytes) {
    return jsonError(413, PROXY_MESSAGES.tooLarge);
  }

  let bodyTooLarge = false;
  const hasBody = !METHODS_WITHOUT_BODY.has(method) && request.body !== null;
  const body = hasBody
    ? limitBody(request.body as ReadableStream<Uint8Array>, ctx.limits.maxBodyBytes, () => {
        bodyTooLarge = true;
      })
    : undefined;

  const init: RequestInit & { duplex?: 'half' } = {
    method,
    headers: forwardedRequestHeaders(request.headers, ctx.token),
    body,
    redirect: 'manual',
    ...(body ? { duplex: 'half' } : {}),
  };

  let upstream: Response;
  try {
    // Only the wait for response headers is timed: a large download may legitimately stream for longer.
    upstream = await withTimeout(
      (signal) => ctx.transport(`${target.path}${target.search}`, { ...init, signal }),
      ctx.limits.timeoutMs,
      request.signal,
    );
  } catch (error) {
    if (bodyTooLarge) return jsonError(413, PROXY_MESSAGES.tooLarge);
    if (isTimeout(error)) return jsonError(504, PROXY_MESSAGES.timeout);
    return jsonError(502, PROXY_MESSAGES.unreachable);
  }
  if (bodyTooLarge) {
    await upstream.body?.cancel().catch(() => undefined);
    return jsonError(413, PROXY_MESSAGES.tooLarge);
  }

  const withoutBody = method === 'HEAD' || STATUSES_WITHOUT_BODY.has(upstream.status);
  if (withoutBody) await upstream.body?.cancel().catch(() => undefined);
  return new Response(withoutBody ? null : upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: responseHeaders(upstream.headers, target.path),
  });
}
