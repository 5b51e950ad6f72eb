'use server';

import { cookies } from 'next/headers';
import { forgetOrganization } from '@/lib/auth/clerk/organization-backend';
import { CLERK_SESSION_COOKIE } from '@/lib/auth/clerk/session';
import { authMode } from '@/lib/auth/server';

/** The server's part of an organization switch: the cached identity and organization metadata go. */
export async function dropOrganizationCacheAction(): Promise<void> {
  if (authMode() !== 'clerk') return;
  (await cookies()).delete(CLERK_SESSION_COOKIE);
  forgetOrganization();
}
