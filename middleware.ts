import { NextResponse, type NextMiddleware } from 'next/server';
import { standaloneSession } from '@/lib/auth/session';
import { API_ROUTE_MESSAGES, isCrossSiteWrite } from '@/lib/backend/api-route';
import { getEnv } from '@/lib/env';
import { clerk } from '@/lib/server/middleware/clerk';
import { finish } from '@/lib/server/middleware/headers';
import { withNextAuth } from '@/lib/server/middleware/next-auth';
import { gate } from '@/lib/server/middleware/page-gate';

/**
 * Dispatches a page request to its sign-in mode's session reader, which hands the session to the page gate
 * (lib/server/middleware/page-gate.ts); every answer gets its nonce, CSP and headers in lib/server/middleware/headers.ts.
 */
export const middleware: NextMiddleware = async (request, event) => {
  // Pages take writes only as server actions, which Next refuses from another origin by throwing: a 500 with an
  // error page. The same CSRF rule as /api answers it first with a clear 403 (issue 31 item 15).
  if (isCrossSiteWrite(request)) {
    return finish(request, () =>
      NextResponse.json(
        { error: API_ROUTE_MESSAGES.crossSite },
        { status: 403, headers: { 'cache-control': 'no-store' } },
      ),
    );
  }
  const mode = getEnv().AUTH_PROVIDER;
  if (mode === 'basic' || mode === 'kratos') return withNextAuth(request, event);
  if (mode === 'clerk') return clerk()(request, event);
  return gate(request, standaloneSession());
};

export default middleware;

/**
 * Pages only. /status/* is left out too (issue 38): the public status pages are route handlers outside the
 * signed-in console, with no session and headers of their own (lib/status-page/public-route.ts).
 * /api is left out (issue 23): its route handlers read the session, gate and set the headers
 * themselves, and Next then neither runs a second pass per call nor buffers request bodies for a middleware
 * (which cut bodies over 10 MB off silently and held stalled ones until the whole body had arrived).
 */
export const config = {
  runtime: 'nodejs',
  matcher: ['/((?!api/|status/|_next/static|_next/image|favicon.ico|icon.svg|robots.txt).*)'],
};
