import { clerkMiddleware } from '@clerk/nextjs/server';
import { NextResponse, type NextMiddleware, type NextRequest } from 'next/server';
import type { ClerkAuthState } from '@/lib/auth/clerk/organization-backend';
import { CLERK_SESSION_COOKIE, resolveClerkSession } from '@/lib/auth/clerk/session';
import { PUBLIC_PATHS } from '@/lib/routes';
import { finish } from '@/lib/server/middleware/headers';
import { gate } from '@/lib/server/middleware/page-gate';

/** Clerk pages a signed-in user needs before the organization's backend answers. */
const CLERK_ORGANIZATION_PAGES = new Set([
  '/organizations',
  '/organizations/status',
  '/organizations/orgs-switched',
]);

function clerkGate(request: NextRequest, state: ClerkAuthState): Promise<NextResponse> | NextResponse {
  const { pathname, search } = request.nextUrl;
  if (!state.userId || PUBLIC_PATHS.has(pathname)) return gate(request, null);
  if (CLERK_ORGANIZATION_PAGES.has(pathname))
    return finish(request, (headers) => NextResponse.next({ request: { headers } }));
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
export function clerk(): NextMiddleware {
  withClerk ??= clerkMiddleware(async (clerkAuth, request) =>
    clerkGate(request, (await clerkAuth()) as unknown as ClerkAuthState),
  ) as unknown as NextMiddleware;
  return withClerk;
}
