'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { forgetOrganization } from '@/lib/auth/clerk/organization-backend';
import { CLERK_SESSION_COOKIE } from '@/lib/auth/clerk/session';
import { logout as kratosLogout } from '@/lib/auth/kratos/flows';
import { kratos, nextCookieJar } from '@/lib/auth/kratos/server';
import { signOut } from '@/lib/auth/next-auth';
import { loginUrl, safeReturnTo } from '@/lib/auth/return-to';
import { authMode } from '@/lib/auth/server';
import { log } from '@/lib/telemetry/probes';

/**
 * Sign-out is a same-origin POST (server action), so another site cannot sign a person out. It ends the identity
 * server's session too (Kratos), and always lands on sign-in with the page the user was on.
 */
export async function signOutAction(form: FormData): Promise<void> {
  const returnTo = safeReturnTo(form.get('return_to'));
  const mode = authMode();
  if (mode === 'none') redirect('/health');
  if (mode === 'clerk') {
    // Clerk's own session is ended in the browser (useClerk().signOut); here the cached identity goes.
    (await cookies()).delete(CLERK_SESSION_COOKIE);
    forgetOrganization();
    redirect(loginUrl(returnTo));
  }
  if (mode === 'kratos') {
    try {
      await kratosLogout(kratos(), await nextCookieJar(true));
    } catch (error) {
      // The console session ends regardless, like the upstream console's hard navigation after logout.
      log.warn('[auth] kratos logout failed', { err: error });
    }
  }
  await signOut({ redirectTo: loginUrl(returnTo) });
}
