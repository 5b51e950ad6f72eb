import { redirect } from 'next/navigation';
import { BackendError } from '@/lib/backend/errors';
import { defaultTransport } from '@/lib/backend/transport';
import { loadIdentity } from '@/lib/auth/identity';
import { loginUrl, safeReturnTo } from '@/lib/auth/return-to';
import { authMode, getBackendToken, getSession } from '@/lib/auth/server';

export const metadata = { title: 'Checking session' };

/**
 * Where a 401 from the backend sends the browser: re-validates the session against whoami and goes back to
 * return_to, or ends the session and asks for sign-in again.
 */
export default async function AuthStateCheckerPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).return_to;
  const returnTo = safeReturnTo(Array.isArray(raw) ? raw[0] : raw);
  const mode = authMode();
  if (mode === 'none') redirect(returnTo);
  const session = await getSession();
  if (!session) redirect(loginUrl(returnTo));
  let valid = true;
  try {
    await loadIdentity(defaultTransport(), await getBackendToken());
  } catch (error) {
    valid = !(error instanceof BackendError && error.status === 401);
  }
  redirect(valid ? returnTo : `/logout?return_to=${encodeURIComponent(returnTo)}`);
}
