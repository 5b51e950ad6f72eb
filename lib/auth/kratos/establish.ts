import 'server-only';
import { redirect } from 'next/navigation';
import { AuthError, CredentialsSignin } from 'next-auth';
import type { CookieJar } from '@/lib/auth/kratos/cookies';
import { checkSession } from '@/lib/auth/kratos/flows';
import type { FlowContext } from '@/lib/auth/kratos/flow-errors';
import { kratos, kratosSessionCookie } from '@/lib/auth/kratos/server';
import { signIn } from '@/lib/auth/next-auth';
import { landingPath } from '@/lib/auth/return-to';

/**
 * Decision (Kratos mode): the console session is the backend's whoami answer, asked with the Kratos session
 * cookie forwarded (the backend validates it with toSession, backend-contract §3.2); that cookie is kept inside
 * the encrypted next-auth JWT and re-presented for the 5-minute refresh, so neither KRATOS_URL nor the backend's
 * address ever reaches the browser, and the proxy forwards it with getBackendCookie().
 *
 * After the identity server signed someone in: the session check of spec 000 §4 (second factor, inactive), then
 * the console session from the backend's whoami with the Kratos session cookie. Always ends in a redirect, or
 * returns the error text to show.
 */
export async function establishConsoleSession(
  jar: CookieJar,
  ctx: FlowContext,
  next = ctx.returnTo,
): Promise<string> {
  const check = await checkSession(kratos(), jar, ctx);
  if (check.kind === 'redirect') redirect(check.to);
  if (check.kind === 'error') return check.message;
  const cookie = kratosSessionCookie(jar);
  if (!cookie) redirect(`/login?return_to=${encodeURIComponent(ctx.returnTo)}`);
  try {
    await signIn('kratos', { cookie, redirectTo: landingPath(next) });
  } catch (error) {
    if (error instanceof CredentialsSignin && error.code === 'backend_unavailable')
      return 'The backend is not reachable. Please try again.';
    if (error instanceof AuthError)
      return 'Your account is not known to the console backend. Please contact an administrator.';
    throw error; // NEXT_REDIRECT
  }
  return 'An error occurred';
}
