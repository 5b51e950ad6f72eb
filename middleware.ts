import { NextResponse, type NextMiddleware, type NextRequest } from 'next/server';
import { decideAccess } from '@/lib/auth/access';
import { auth } from '@/lib/auth/next-auth';
import { loginUrl } from '@/lib/auth/return-to';
import { standaloneSession, toConsoleSession, type ConsoleSession } from '@/lib/auth/session';
import { getEnv } from '@/lib/env';
import { applySecurityHeaders, contentSecurityPolicy, frameAncestorsFor } from '@/lib/security-headers';
import { buildPath, matchRoute, PUBLIC_PATHS } from '@/lib/routes';

/** Paths next-auth and liveness probes need without a session; everything else is checked here. */
const OPEN_API_PREFIX = '/api/session/';
const OPEN_API_PATHS = new Set(['/api/health']);

function nonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64');
}

function finish(request: NextRequest, build: (headers: Headers) => NextResponse): NextResponse {
  const env = getEnv();
  const pathname = request.nextUrl.pathname;
  const n = nonce();
  const ancestors = frameAncestorsFor(pathname, env.VIEW_FRAME_ANCESTORS);
  const csp = contentSecurityPolicy({ nonce: n, development: env.NODE_ENV === 'development', frameAncestors: ancestors });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', n);
  requestHeaders.set('content-security-policy', csp);
  requestHeaders.set('x-console-path', `${pathname}${request.nextUrl.search}`);
  const response = build(requestHeaders);
  applySecurityHeaders(response.headers, csp, ancestors.length > 0);
  return response;
}

function jsonError(status: number, error: string): NextResponse {
  return NextResponse.json({ error }, { status });
}

async function gate(request: NextRequest, session: ConsoleSession | null): Promise<NextResponse> {
  const mode = getEnv().AUTH_PROVIDER;
  const { pathname, search } = request.nextUrl;

  if (pathname.startsWith('/api/')) {
    if (pathname.startsWith(OPEN_API_PREFIX) || OPEN_API_PATHS.has(pathname)) {
      return finish(request, (headers) => NextResponse.next({ request: { headers } }));
    }
    // The proxy applies the per-route gate by method; here only the session is required.
    if (!session) return finish(request, () => jsonError(401, 'Not signed in'));
    return finish(request, (headers) => NextResponse.next({ request: { headers } }));
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
  // 'not-found' falls through: the server page answers 404 itself.
  return finish(request, (headers) => NextResponse.next({ request: { headers } }));
}

const withNextAuth = auth(async (request) => {
  return gate(request, toConsoleSession(request.auth, 'basic'));
}) as unknown as NextMiddleware;

export const middleware: NextMiddleware = async (request, event) => {
  const mode = getEnv().AUTH_PROVIDER;
  if (mode === 'basic') return withNextAuth(request, event);
  if (mode === 'none') return gate(request, standaloneSession());
  return new NextResponse(`AUTH_PROVIDER=${mode} is not supported by this build; use basic or none.`, { status: 500 });
};

export default middleware;

export const config = {
  runtime: 'nodejs',
  matcher: ['/((?!_next/static|_next/image|favicon.ico|icon.svg|robots.txt).*)'],
};
