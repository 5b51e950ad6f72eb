import { unstable_rethrow } from 'next/navigation';
import { previewRobotsTag } from '@/lib/preview';
import { API_RESPONSE_HEADERS } from '@/lib/server/security-headers';
import { log } from '@/lib/telemetry/probes';
import { isValidRequestId, REQUEST_ID_HEADER } from '@/lib/telemetry/request-id';

/**
 * What every /api route handler does around its own work, now that no middleware runs for /api (one pass over
 * the request instead of two, issue 23): cross-site writes are refused, an exception becomes a JSON 500 without
 * details, and every answer carries the API security headers and `Cache-Control: no-store`.
 */

export const API_ROUTE_MESSAGES = {
  crossSite: 'Cross-site requests are not allowed',
  internal: 'An error occurred. Please try again.',
} as const;

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** The host of an address as URL prints it (lower case, default port dropped), or undefined. */
function hostOf(scheme: string, host: string): string | undefined {
  try {
    return new URL(`${scheme}//${host}`).host;
  } catch {
    return undefined;
  }
}

/**
 * CSRF (issue 13 §7): a write must come from the console's own pages. Browsers send `Origin` with every non-GET
 * request, and `Sec-Fetch-Site` with every request; it must name the host the request was sent to (`Host`, or
 * `X-Forwarded-Host` behind a reverse proxy: a cross-site page cannot set either without a preflight, which is
 * refused too). A request with neither header does not come from a browser, so no other site can have caused it
 * (the bench, curl, server-to-server calls), and it passes.
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const origin = request.headers.get('origin');
  if (origin !== null) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return true; // 'null' (sandboxed frames, data: documents) and garbage
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return true;
    const own = [request.headers.get('x-forwarded-host')?.split(',')[0]?.trim(), request.headers.get('host')]
      .filter((h): h is string => Boolean(h))
      .map((h) => hostOf(url.protocol, h));
    return !own.includes(url.host);
  }
  const site = request.headers.get('sec-fetch-site');
  return site !== null && site !== 'same-origin' && site !== 'none';
}

export function apiJsonError(status: number, error: string, headers?: HeadersInit): Response {
  return finishApiResponse(Response.json({ error }, { status, headers }));
}

/** Sets the /api headers on an answer (copied first when its headers are immutable, e.g. Response.redirect). */
export function finishApiResponse(response: Response): Response {
  let target = response;
  try {
    target.headers.set('Cache-Control', API_RESPONSE_HEADERS['Cache-Control'] as string);
  } catch {
    target = new Response(response.body, response);
  }
  for (const [name, value] of Object.entries(API_RESPONSE_HEADERS)) target.headers.set(name, value);
  // An event stream must reach the browser event by event: no-transform keeps the server's gzip from buffering it.
  if (target.headers.get('content-type')?.startsWith('text/event-stream'))
    target.headers.set('Cache-Control', 'no-store, no-transform');
  const robots = previewRobotsTag();
  if (robots) target.headers.set('X-Robots-Tag', robots);
  return target;
}

/**
 * The answer names the request id the front door gave the request (a backend's own id, forwarded by the proxy,
 * would otherwise replace it), so the browser's error states and the server log agree.
 */
function withRequestId(request: Request, response: Response): Response {
  const id = request.headers.get(REQUEST_ID_HEADER);
  if (isValidRequestId(id)) response.headers.set(REQUEST_ID_HEADER, id);
  return response;
}

/** Wraps an /api route handler (GET, POST …) with the checks and headers every /api answer gets. */
export function apiRoute<Rest extends unknown[]>(
  handler: (request: Request, ...rest: Rest) => Promise<Response> | Response,
): (request: Request, ...rest: Rest) => Promise<Response> {
  return async (request, ...rest) => withRequestId(request, await answer(request, ...rest));
  async function answer(request: Request, ...rest: Rest): Promise<Response> {
    if (isCrossSiteWrite(request)) return apiJsonError(403, API_ROUTE_MESSAGES.crossSite);
    try {
      return finishApiResponse(await handler(request, ...rest));
    } catch (error) {
      // redirect() and notFound() are Next's control flow, answered by Next itself.
      unstable_rethrow(error);
      log.error('[api] unhandled error', { err: error, reqId: request.headers.get(REQUEST_ID_HEADER) });
      return apiJsonError(500, API_ROUTE_MESSAGES.internal);
    }
  }
}
