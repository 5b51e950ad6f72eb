import { redirect } from 'next/navigation';
import { BackendError } from '@/lib/backend/errors';
import { loadIdentity } from '@/lib/auth/identity';
import { firstParam, type SearchParams } from '@/lib/auth/kratos/page';
import { credentialTransport } from '@/lib/auth/next-auth';
import { loginUrl, safeReturnTo } from '@/lib/auth/return-to';
import { authMode, getBackendToken, getSession } from '@/lib/auth/server';

export const metadata = { title: 'Checking session' };

/**
 * Where a 401 from the backend sends the browser: re-validates the session and goes back to return_to, or ends
 * the session and asks for sign-in again. Kratos runs the identity server's session check (second factor,
 * inactive session) in a route handler that can renew the console session; Clerk signed in yet rejected is a
 * bad session.
 */
export default async function AuthStateCheckerPage({
  searchParams,
}: {
  searchParams: Promise<SearchParams>;
}) {
  const returnTo = safeReturnTo(firstParam((await searchParams).return_to));
  const mode = authMode();
  if (mode === 'none') redirect(returnTo);
  if (mode === 'kratos') redirect(`/api/session/kratos/check?return_to=${encodeURIComponent(returnTo)}`);
  if (mode === 'clerk') {
    const { auth } = await import('@clerk/nextjs/server');
    if (!(await auth()).userId) redirect(loginUrl(returnTo));
    redirect((await getSession()) ? returnTo : '/error?error_code=BAD_SESSION');
  }
  const session = await getSession();
  if (!session) redirect(loginUrl(returnTo));
  let valid = true;
  try {
    const { transport, token } = credentialTransport({ backendToken: await getBackendToken() });
    await loadIdentity(transport, token);
  } catch (error) {
    valid = !(error instanceof BackendError && error.status === 401);
  }
  redirect(valid ? returnTo : `/logout?return_to=${encodeURIComponent(returnTo)}`);
}
