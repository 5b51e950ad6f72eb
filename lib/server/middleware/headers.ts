import type { NextRequest, NextResponse } from 'next/server';
import { withClerkSources } from '@/lib/auth/clerk/csp';
import { PAGE_REQUESTED_TIMING } from '@/lib/constants';
import { getEnv } from '@/lib/env';
import {
  applySecurityHeaders,
  contentSecurityPolicy,
  frameAncestorsFor,
} from '@/lib/server/security-headers';

function nonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64');
}

/**
 * Marks the request headers this process set. Next runs the middleware a second time over a rewrite's target
 * (/unauthorized, /not-found), with the headers of the first pass: that pass keeps the address the person asked for
 * (the shell's title, return_to), and a client cannot forge it without the mark.
 */
const PASS_MARK = crypto.randomUUID();

/**
 * Every page response goes through here: a fresh nonce and its CSP for the page (request headers) and the browser
 * (response headers), and the asked address in x-console-path. `build` makes the response from the request headers.
 */
export function finish(request: NextRequest, build: (headers: Headers) => NextResponse): NextResponse {
  const requestedAt = Date.now();
  const env = getEnv();
  const pathname = request.nextUrl.pathname;
  const n = nonce();
  const ancestors = frameAncestorsFor(pathname, env.VIEW_FRAME_ANCESTORS);
  const baseCsp = contentSecurityPolicy({
    nonce: n,
    development: env.NODE_ENV === 'development',
    frameAncestors: ancestors,
  });
  const csp =
    env.AUTH_PROVIDER === 'clerk'
      ? withClerkSources(baseCsp, env.NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY)
      : baseCsp;
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', n);
  requestHeaders.set('content-security-policy', csp);
  const asked =
    request.headers.get('x-console-pass') === PASS_MARK ? request.headers.get('x-console-path') : null;
  requestHeaders.set('x-console-path', asked ?? `${pathname}${request.nextUrl.search}`);
  requestHeaders.set('x-console-pass', PASS_MARK);
  const response = build(requestHeaders);
  applySecurityHeaders(response.headers, csp, ancestors.length > 0);
  // A rewrite's second pass keeps the first pass's time (the page's data is fetched after either).
  if (!response.headers.has('Server-Timing'))
    response.headers.set('Server-Timing', `${PAGE_REQUESTED_TIMING};desc="${requestedAt}"`);
  return response;
}
