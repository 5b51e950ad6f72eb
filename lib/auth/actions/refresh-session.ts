'use server';

import { cookies } from 'next/headers';
import { CLERK_SESSION_COOKIE } from '@/lib/auth/clerk/session';
import { updateSession } from '@/lib/auth/next-auth';
import { authMode } from '@/lib/auth/server';

/**
 * Reads whoami and the feature flags again for the caller's own session (after a flag was changed), so the sidebar
 * and the route gates follow on the next render without signing in again. It takes nothing from the browser: the
 * identity comes from the backend, with the session's own credentials.
 */
export async function refreshSessionAction(): Promise<void> {
  const mode = authMode();
  if (mode === 'none') return;
  if (mode === 'clerk') {
    // The cached identity goes; the next request reads it again from the organization's backend.
    (await cookies()).delete(CLERK_SESSION_COOKIE);
    return;
  }
  await updateSession({});
}
