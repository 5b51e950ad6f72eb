import { clerkMiddleware } from '@clerk/nextjs/server';
import { NextResponse, type NextMiddleware, type NextRequest } from 'next/server';
import { decideAccess } from '@/lib/auth/access';
import { withClerkSources } from '@/lib/auth/clerk/csp';
import { isDirectNavigation, KIOSK_COOKIE, KIOSK_MAX_AGE_SECONDS, sealKioskCredentials, splitKioskQuery } from '@/lib/auth/kiosk';
import { CLERK_SESSION_COOKIE, resolveClerkSession } from '@/lib/auth/clerk/session';
import type { ClerkAuthState } from '@/lib/auth/clerk/organization-backend';
import { auth } from '@/lib/auth/next-auth';
import { loginUrl } from '@/lib/auth/return-to';
import { standaloneSession, toConsoleSession, type ConsoleSession } from '@/lib/auth/session';
import { API_ROUTE_MESSAGES, isCrossSiteWrite } from '@/lib/backend/api-route';
import { getEnv } from '@/lib/env';
import { applySecurityHeaders, contentSecurityPolicy, frameAncestorsFor } from '@/lib/security-headers';
import { buildPath, matchRoute, PUBLIC_PATHS } from '@/lib/routes';

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

function finish(request: NextRequest, build: (headers: Headers) => NextResponse): NextResponse {
  const env = getEnv();
  const pathname = request.nextUrl.pathname;
  const n = nonce();
  const ancestors = frameAncestorsFor(pathname, env.VIEW_FRAME_ANCESTORS);
  const baseCsp = contentSecurityPolicy({ nonce: n, development: env.NODE_ENV === 'development', frameAncestors: ancestors });
  const csp = env.AUTH_PROVIDER === 'clerk' ? withClerkSources(baseCsp, env.NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY) : baseCsp;
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', n);
  requestHeaders.set('content-security-policy', csp);
  const asked = request.headers.get('x-console-pass') === PASS_MARK ? request.headers.get('x-console-path') : null;
  requestHeaders.set('x-console-path', asked ?? `${pathname}${request.nextUrl.search}`);
  requestHeaders.set('x-console-pass', PASS_MARK);
  const response = build(requestHeaders);
  applySecurityHeaders(response.headers, csp, ancestors.length > 0);
  return response;
}

async function gate(request: NextRequest, session: ConsoleSession | null): Promise<NextResponse> {
  const mode = getEnv().AUTH_PROVIDER;
  const { pathname, search } = request.nextUrl;

  if (pathname === '/login') {
    const kiosk = splitKioskQuery(request.nextUrl);
    if (kiosk) {
      // From another site (or without Sec-Fetch-Site) the page asks for a click before using them (login CSRF).
      const sealed =
        kiosk.credentials && mode !== 'clerk'
          ? await sealKioskCredentials({ ...kiosk.credentials, confirm: !isDirectNavigation(request.headers) })
          : undefined;
      return finish(request, () => {
        const response = NextResponse.redirect(kiosk.clean, 303);
        if (sealed) {
          response.cookies.set(KIOSK_COOKIE, sealed, {
            httpOnly: true,
            sameSite: 'strict',
            secure: request.nextUrl.protocol === 'https:',
            path: '/',
            maxAge: KIOSK_MAX_AGE_SECONDS,
          });
        }
        return response;
      });
    }
  }

  const match = matchRoute(pathname);
  if (!match) {
    if (!session && !PUBLIC_PATHS.has(pathname)) {
      return finish(request, () => NextResponse.redirect(new URL(loginUrl(`${pathname}${search}`), request.url)));
    }
    return finish(request, (headers) => NextResponse.next({ request: { headers } }));
  }

  // Standalone mode lands on the health view.
  if (mode === 'none' && pathname === '/') {
    return finish(request, () => NextResponse.redirect(new URL('/health', request.url)));
  }

  const decision = decideAccess(match.route, session, mode);
  if (decision === 'sign-in') {
    return finish(request, () => NextResponse.redirect(new URL(loginUrl(`${pathname}${search}`), request.url)));
  }
  if (decision === 'forbidden') {
    return finish(request, (headers) =>
      NextResponse.rewrite(new URL('/unauthorized', request.url), { status: 403, request: { headers } }),
    );
  }
  if (decision === 'allow' && match.route.redirectTo) {
    const target = new URL(buildPath(match.route.redirectTo, match.params), request.url);
    target.search = search;
    return finish(request, () => NextResponse.redirect(target, 308));
  }
  if (decision === 'not-found') {
    // The 404 inside the shell with a real 404 status: the route's own page would answer it only after its
    // loading state had started a 200 response (a feature turned off, a route of another sign-in mode).
    return finish(request, (headers) =>
      NextResponse.rewrite(new URL(NOT_FOUND_REWRITE, request.url), { status: 404, request: { headers } }),
    );
  }
  return finish(request, (headers) => NextResponse.next({ request: { headers } }));
}

/** An address no route has: the console's catch-all answers it with the 404 page inside the shell. */
const NOT_FOUND_REWRITE = '/not-found';

/** basic and kratos: next-auth decrypts the session cookie and refreshes it from whoami when it is stale. */
const nextAuthMiddleware = auth(async (request) => {
  return gate(request, toConsoleSession(request.auth, getEnv().AUTH_PROVIDER));
}) as unknown as NextMiddleware | Promise<NextMiddleware>;

/** With a lazily built config, next-auth's auth(handler) resolves to the middleware instead of being it. */
const withNextAuth: NextMiddleware = async (request, event) => (await nextAuthMiddleware)(request, event);

/** Clerk pages a signed-in user needs before the organization's backend answers. */
const CLERK_ORGANIZATION_PAGES = new Set(['/organizations', '/organizations/status', '/organizations/orgs-switched']);

function clerkGate(request: NextRequest, state: ClerkAuthState): Promise<NextResponse> | NextResponse {
  const { pathname, search } = request.nextUrl;
  if (!state.userId || PUBLIC_PATHS.has(pathname)) return gate(request, null);
  if (CLERK_ORGANIZATION_PAGES.has(pathname)) return finish(request, (headers) => NextResponse.next({ request: { headers } }));
  return resolveClerkSession(state, request.cookies.get(CLERK_SESSION_COOKIE)?.value).then(async (result) => {
    const here = `${pathname}${search}`;
    if (result.kind === 'signed-out') return gate(request, null);
    if (result.kind === 'no-organization') {
      const target = new URL('/organizations', request.url);
      target.searchParams.set('return_to', here);
      return finish(request, () => NextResponse.redirect(target));
    }
    if (result.kind === 'provisioning' || result.kind === 'error') {
      // The status page resolves again and shows provisioning or the error; the address stays for a reload.
      const target = new URL('/organizations/status', request.url);
      target.searchParams.set('return_to', here);
      return finish(request, (headers) => NextResponse.rewrite(target, { request: { headers } }));
    }
    const response = await gate(request, result.session);
    if (result.cookie) {
      response.cookies.set(CLERK_SESSION_COOKIE, result.cookie, {
        httpOnly: true,
        sameSite: 'lax',
        secure: request.nextUrl.protocol === 'https:',
        path: '/',
      });
    }
    return response;
  });
}

/** Created on first use in Clerk mode only: without keys clerkMiddleware() answers every request with 500. */
let withClerk: NextMiddleware | undefined;
function clerk(): NextMiddleware {
  withClerk ??= clerkMiddleware(async (clerkAuth, request) =>
    clerkGate(request, (await clerkAuth()) as unknown as ClerkAuthState),
  ) as unknown as NextMiddleware;
  return withClerk;
}

export const middleware: NextMiddleware = async (request, event) => {
  // Pages take writes only as server actions, which Next refuses from another origin by throwing: a 500 with an
  // error page. The same CSRF rule as /api answers it first with a clear 403 (issue 31 item 15).
  if (isCrossSiteWrite(request)) {
    return finish(request, () =>
      NextResponse.json({ error: API_ROUTE_MESSAGES.crossSite }, { status: 403, headers: { 'cache-control': 'no-store' } }),
    );
  }
  const mode = getEnv().AUTH_PROVIDER;
  if (mode === 'basic' || mode === 'kratos') return withNextAuth(request, event);
  if (mode === 'clerk') return clerk()(request, event);
  return gate(request, standaloneSession());
};

export default middleware;

/**
 * Pages only. /api is left out (issue 23): its route handlers read the session, gate and set the headers
 * themselves, and Next then neither runs a second pass per call nor buffers request bodies for a middleware
 * (which cut bodies over 10 MB off silently and held stalled ones until the whole body had arrived).
 */
export const config = {
  runtime: 'nodejs',
  matcher: ['/((?!api/|_next/static|_next/image|favicon.ico|icon.svg|robots.txt).*)'],
};
