import { NextResponse, type NextRequest } from 'next/server';
import { decideAccess } from '@/lib/auth/access';
import {
  isDirectNavigation,
  KIOSK_COOKIE,
  KIOSK_MAX_AGE_SECONDS,
  sealKioskCredentials,
  splitKioskQuery,
} from '@/lib/auth/kiosk';
import { loginUrl } from '@/lib/auth/return-to';
import type { ConsoleSession } from '@/lib/auth/session';
import { getEnv } from '@/lib/env';
import { buildPath, matchRoute, PUBLIC_PATHS } from '@/lib/routes';
import { finish } from '@/lib/server/middleware/headers';
import { RESPONSE_STATUS_HEADER } from '@/lib/server/response-status';

/** An address no route has: the console's catch-all answers it with the 404 page inside the shell. */
const NOT_FOUND_REWRITE = '/not-found';

/**
 * The page gate of every sign-in mode, once the mode has resolved the session: kiosk links, sign-in redirects,
 * the registry's access decision (403 and 404 rewrites inside the shell) and the registry's redirects.
 */
export async function gate(request: NextRequest, session: ConsoleSession | null): Promise<NextResponse> {
  const mode = getEnv().AUTH_PROVIDER;
  const { pathname, search } = request.nextUrl;

  if (pathname === '/login') {
    const kiosk = splitKioskQuery(request.nextUrl);
    if (kiosk) {
      // From another site (or without Sec-Fetch-Site) the page asks for a click before using them (login CSRF).
      const confirm = !isDirectNavigation(request.headers);
      const sealed =
        kiosk.credentials && mode !== 'clerk'
          ? await sealKioskCredentials({ ...kiosk.credentials, confirm })
          : undefined;
      return finish(request, () => {
        const response = NextResponse.redirect(kiosk.clean, 303);
        if (sealed) {
          response.cookies.set(KIOSK_COOKIE, sealed, {
            httpOnly: true,
            // A cookie that signs in by itself never rides a cross-site request; one that only offers the
            // confirmation does (Lax), so the page a cross-site link lands on offers it at once, not after a reload.
            sameSite: confirm ? 'lax' : 'strict',
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
      return finish(request, () =>
        NextResponse.redirect(new URL(loginUrl(`${pathname}${search}`), request.url)),
      );
    }
    return finish(request, (headers) => NextResponse.next({ request: { headers } }));
  }

  // Standalone mode lands on the health view.
  if (mode === 'none' && pathname === '/') {
    return finish(request, () => NextResponse.redirect(new URL('/health', request.url)));
  }

  const decision = decideAccess(match.route, session, mode);
  if (decision === 'sign-in') {
    return finish(request, () =>
      NextResponse.redirect(new URL(loginUrl(`${pathname}${search}`), request.url)),
    );
  }
  if (decision === 'forbidden') {
    return finish(request, (headers) =>
      unauthorized(
        NextResponse.rewrite(new URL('/unauthorized', request.url), { status: 403, request: { headers } }),
      ),
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
  // The Unauthorized page itself (a denied route's rewrite target, which middleware sees again) answers 403.
  if (match.route.pattern === '/unauthorized') {
    return finish(request, (headers) => unauthorized(NextResponse.next({ request: { headers } })));
  }
  return finish(request, (headers) => NextResponse.next({ request: { headers } }));
}

/** Names 403 for the front door: the page renders the Unauthorized state itself, in the server HTML. */
function unauthorized(response: NextResponse): NextResponse {
  response.headers.set(RESPONSE_STATUS_HEADER, '403');
  return response;
}
