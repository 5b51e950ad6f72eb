'use server';

import { signOut } from '@/lib/auth/next-auth';
import { loginUrl, safeReturnTo } from '@/lib/auth/return-to';

/** Sign-out is a same-origin POST (server action), so another site cannot sign a person out. */
export async function signOutAction(form: FormData): Promise<void> {
  const returnTo = safeReturnTo(form.get('return_to'));
  await signOut({ redirectTo: loginUrl(returnTo) });
}
