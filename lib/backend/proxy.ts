import { hasAccess } from '@/lib/auth/permissions';
import { dbRequestAllowedByRoles } from '@/lib/backend/role-policies';
import type { ConsoleSession } from '@/lib/auth/session';
import { apiGateFor, isStandalonePath, type ApiGate } from '@/lib/backend/api-gates';
import { BackendError } from '@/lib/backend/errors';
import { parseProxyTarget } from '@/lib/backend/request-target';
import { isStandaloneDbRead } from '@/lib/backend/standalone-reads';
import { TIMEOUT_MESSAGE, withTimeout } from '@/lib/backend/timeout';
import type { Transport } from '@/lib/backend/transport';
import { getEnv } from '@/lib/env';
import type { AuthMode } from '@/lib/routes';
import { log, probes } from '@/lib/telemetry/probes';

/**
 * The core of the /api proxy, free of Next.js so that it can be served by node:http in tests and benchmarks:
 * canonical target → gate → validate → forward with the server's bearer token → stream the answer back with only
 * safe headers. Nothing reads the request body before the caller is known and allowed.
 */

export interface ProxyLimits {
  /** Largest request body accepted (declared or streamed). */
  maxBodyBytes: number;
  /** Time allowed until the backend's response headers arrive. */
  timeoutMs: number;
}

/** Who is asking and how their backend is reached. */
export interface ProxyAccess {
  session: ConsoleSession | null;
  token?: string;
  transport: Transport;
  /** Set-Cookie values for the answer (Clerk mode's re-read identity cookie). */
  setCookies?: readonly string[];
}

export interface ProxyContext {
  /** The raw request target after `/api`, query included, exactly as the browser sent it: `/db/checks?id=eq.1`. */
  rest: string;
  mode: AuthMode;
  limits: ProxyLimits;
  /** HEALTH_SUMMARY_PATH, allowed in standalone mode. */
  healthSummaryPath?: string;
  /**
   * The caller and their backend, or a function that resolves them: called only once the target, the gate
   * table and the declared size allow the request, so a hostile target costs no session lookup. A Response
   * ends the request (Clerk: no organization yet).
   */
  access: ProxyAccess | (() => Promise<ProxyAccess | Response>);
}

export const PROXY_MESSAGES = {
  signIn: 'Not signed in',
  forbidden: 'You do not have permission to access this page',
  notFound: 'Not found',
  badPath: 'Invalid request path',
  tooLarge: 'Request body is too large',
  notJson: 'Request body must be JSON (Content-Type: application/json)',
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
  'last-event-id',
  'prefer',
  'range',
  'range-unit',
  'x-request-id',
];

/**
 * Response headers passed back; Set-Cookie, Location (rewritten separately), Cache-Control (every /api answer is
 * no-store) and transport headers are not.
 */
export const FORWARDED_RESPONSE_HEADERS: readonly string[] = [
  'content-disposition',
  'content-language',
  'content-range',
  'content-type',
  'etag',
  'last-modified',
  'preference-applied',
  'range-unit',
  'x-accel-buffering',
  'x-request-id',
];

const METHODS_WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);
const STATUSES_WITHOUT_BODY = new Set([101, 204, 205, 304]);

/** A JSON error; the route wrapper (apiRoute) adds the security headers and no-store to it like to every answer. */
export function jsonError(status: number, error: string, headers?: HeadersInit): Response {
  return Response.json({ error }, { status, headers });
}

/** Writes whose body is parsed as JSON by the backend (a text/plain form post is never read as JSON). */
const JSON_TYPE = /^application\/(?:[a-z0-9.+-]+\+)?json\s*(?:;|$)/i;

function hasBody(request: Request, method: string): boolean {
  if (METHODS_WITHOUT_BODY.has(method) || request.body === null) return false;
  const length = request.headers.get('content-length');
  return length === null ? request.headers.has('transfer-encoding') : Number(length) > 0;
}

/**
 * An answer given before the request body was read: with a body still on the wire, the connection closes after
 * it, so the server never passes on a body it refused (under `next start` the front door drops what is still in
 * flight for at most 2 s before it closes, so that the client reads this answer rather than a reset).
 */
function refuse(request: Request, status: number, error: string): Response {
  const pending = hasBody(request, request.method.toUpperCase());
  return jsonError(status, error, pending ? { connection: 'close' } : undefined);
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

/**
 * The console's public origin as the browser reached it: `X-Forwarded-Host`/`-Proto` when a reverse proxy in front
 * is declared (TRUSTED_PROXY_HOPS), else the request's own Host and scheme.
 */
export function consoleOrigin(request: Request): string | undefined {
  const url = new URL(request.url);
  const proxied = getEnv().TRUSTED_PROXY_HOPS > 0;
  const forwarded = (name: string) =>
    proxied ? request.headers.get(name)?.split(',')[0]?.trim() : undefined;
  const host = forwarded('x-forwarded-host') || request.headers.get('host') || url.host;
  const proto = forwarded('x-forwarded-proto')?.toLowerCase() || url.protocol.slice(0, -1);
  // A host and port only: no path, user info or anything else a URL parser would read differently.
  if (
    (proto !== 'http' && proto !== 'https') ||
    !/^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/.test(host)
  )
    return undefined;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return undefined;
  }
}

function forwardedRequestHeaders(request: Request, token: string | undefined): Headers {
  const source = request.headers;
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = source.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (token) headers.set('authorization', `Bearer ${token}`);
  // Addresses the backend hands out (the kubeconfig's server) must be the console's: the browser reaches the
  // backend only as <console>/api, and the backend's own address (or embedded.invalid in-process) is no use to it.
  const origin = consoleOrigin(request);
  if (origin) {
    const { host, protocol } = new URL(origin);
    headers.set('x-forwarded-host', host);
    headers.set('x-forwarded-proto', protocol.slice(0, -1));
    headers.set('x-forwarded-prefix', '/api');
  }
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
      flush() {
        probes().proxyBytes('request', total);
      },
    }),
  );
}

/**
 * The answer's body for the /api proxy bytes metric: its Content-Length when the backend declares one (no
 * per-chunk work), else counted as it streams.
 */
function countedBody(upstream: Response): ReadableStream<Uint8Array> | null {
  if (!upstream.body) return null;
  const declared = upstream.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared)) {
    probes().proxyBytes('response', Number(declared));
    return upstream.body;
  }
  let total = 0;
  return upstream.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        controller.enqueue(chunk);
      },
      flush() {
        probes().proxyBytes('response', total);
      },
    }),
  );
}

/**
 * An event stream's body, counted in the open live streams (issue 36) from now until it ends, fails or the browser
 * goes away (cancel): the gauge must come back down however the stream stops.
 */
function trackedLiveStream(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    probes().liveStream('close');
  };
  probes().liveStream('open');
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        // The browser went away first (cancel below): nothing broke.
        if (!open) return;
        close();
        // A backend that restarts drops its streams: the browser's stream ends as cleanly as a normal end (the tab
        // reconnects with its last id either way), rather than as a broken response in the server's error log.
        log.warn('[proxy] the backend ended an event stream abruptly', { err: error });
        controller.close();
        return;
      }
      if (!open) return;
      if (chunk.done) {
        close();
        controller.close();
      } else controller.enqueue(chunk.value);
    },
    cancel(reason) {
      close();
      return reader.cancel(reason);
    },
  });
}

/** The status refusing this caller, or undefined when the gate lets them through. */
function refusal(
  ctx: ProxyContext,
  session: ConsoleSession | null,
  gate: ApiGate,
  target: { path: string; search: string },
  method: string,
): 401 | 403 | undefined {
  const { path } = target;
  if (ctx.mode === 'none') {
    const summary = ctx.healthSummaryPath ?? '/canary/api/summary';
    if (!isStandalonePath(path, method, summary)) return 403;
    // A /db path is allowed only with the query shape the health views send (issue 31 item 6).
    return !path.startsWith('/db/') || isStandaloneDbRead(path, target.search) ? undefined : 403;
  }
  if (!session) return 401;
  if (gate.target === 'signed-in') return undefined;
  if (gate.target === 'unexposed') return 403;
  if (!hasAccess(session.grants, gate.target, gate.action)) return 403;
  // The backend's own role policies, from the same source as its gate: nothing it would refuse gets past here.
  return dbRequestAllowedByRoles(session, path, method) ? undefined : 403;
}

function isTimeout(error: unknown): boolean {
  if (error instanceof BackendError) return error.status === 504;
  return error instanceof Error && error.name === 'TimeoutError';
}

export async function proxyRequest(request: Request, ctx: ProxyContext): Promise<Response> {
  const method = request.method.toUpperCase();
  const target = parseProxyTarget(ctx.rest);
  if (!target.ok) return refuse(request, 400, `${PROXY_MESSAGES.badPath}: ${target.reason}`);
  const gate = apiGateFor(target.path, method);
  // Sign-in and token endpoints of the backend do not exist as far as the browser can tell.
  if (gate.target === 'unexposed') return refuse(request, 404, PROXY_MESSAGES.notFound);

  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > ctx.limits.maxBodyBytes)
    return refuse(request, 413, PROXY_MESSAGES.tooLarge);

  const access = typeof ctx.access === 'function' ? await ctx.access() : ctx.access;
  if (access instanceof Response) return access;
  const refused = refusal(ctx, access.session, gate, target, method);
  if (refused)
    return refuse(request, refused, refused === 401 ? PROXY_MESSAGES.signIn : PROXY_MESSAGES.forbidden);

  const withBody = hasBody(request, method);
  if (withBody && !JSON_TYPE.test(request.headers.get('content-type') ?? ''))
    return refuse(request, 415, PROXY_MESSAGES.notJson);

  const response = await forward(request, method, target, access, ctx.limits);
  for (const cookie of access.setCookies ?? []) response.headers.append('set-cookie', cookie);
  return response;
}

async function forward(
  request: Request,
  method: string,
  target: { path: string; encodedPath: string; search: string },
  access: ProxyAccess,
  limits: ProxyLimits,
): Promise<Response> {
  let bodyTooLarge = false;
  const streamed = !METHODS_WITHOUT_BODY.has(method) && request.body !== null;
  const body = streamed
    ? limitBody(request.body as ReadableStream<Uint8Array>, limits.maxBodyBytes, () => {
        bodyTooLarge = true;
      })
    : undefined;

  const init: RequestInit & { duplex?: 'half' } = {
    method,
    headers: forwardedRequestHeaders(request, access.token),
    body,
    redirect: 'manual',
    ...(body ? { duplex: 'half' } : {}),
  };

  let upstream: Response;
  try {
    // Only the wait for response headers is timed: a large download may legitimately stream for longer.
    // The backend gets the canonical path, the one the gate decided on.
    const path = `${target.encodedPath}${target.search}`;
    const call = { kind: 'proxy' as const, method, path: target.path, headers: init.headers as Headers };
    upstream = await withTimeout(
      (signal) => probes().backendCall(call, () => access.transport(path, { ...init, signal })),
      limits.timeoutMs,
      request.signal,
    );
  } catch (error) {
    if (bodyTooLarge) return jsonError(413, PROXY_MESSAGES.tooLarge, { connection: 'close' });
    if (isTimeout(error)) return jsonError(504, PROXY_MESSAGES.timeout);
    return jsonError(502, PROXY_MESSAGES.unreachable);
  }
  if (bodyTooLarge) {
    await upstream.body?.cancel().catch(() => undefined);
    return jsonError(413, PROXY_MESSAGES.tooLarge, { connection: 'close' });
  }

  const withoutBody = method === 'HEAD' || STATUSES_WITHOUT_BODY.has(upstream.status);
  if (withoutBody) await upstream.body?.cancel().catch(() => undefined);
  const answer = withoutBody ? null : countedBody(upstream);
  const live = answer && upstream.ok && upstream.headers.get('content-type')?.startsWith('text/event-stream');
  return new Response(live ? trackedLiveStream(answer) : answer, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: responseHeaders(upstream.headers, target.path),
  });
}
