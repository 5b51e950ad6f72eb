import 'server-only';
import { clerkClient } from '@clerk/nextjs/server';
import type { ClerkAuthState } from '@/lib/auth/clerk/organization-backend';
import { getEnv } from '@/lib/env';

const SIGNED_OUT: ClerkAuthState = { userId: null, orgId: null, getToken: async () => null };

/**
 * Clerk's verdict on one request from the request alone: /api runs without middleware (issue 23), so there is no
 * clerkMiddleware() state for auth() to read. Only session tokens count; a handshake (which a browser's fetch
 * never completes) or anything unverifiable is signed out.
 */
export async function authenticateClerkRequest(request: Request): Promise<ClerkAuthState> {
  const env = getEnv();
  const client = await clerkClient();
  const state = await client.authenticateRequest(request, {
    publishableKey: env.NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY,
    secretKey: env.CLERK_SECRET_KEY,
    acceptsToken: 'session_token',
  });
  if (!state.isAuthenticated) return SIGNED_OUT;
  const auth = state.toAuth();
  return { userId: auth.userId, orgId: auth.orgId ?? null, getToken: (options) => auth.getToken(options) };
}
