'use server';

import { cookies } from 'next/headers';
import { AuthError, CredentialsSignin } from 'next-auth';
import { KIOSK_COOKIE, openKioskCredentials } from '@/lib/auth/kiosk';
import type { KratosFormState } from '@/lib/auth/kratos/flow-errors';
import { kratosPasswordSignIn } from '@/lib/auth/kratos/password-sign-in';
import { signIn, TooManyAttempts } from '@/lib/auth/next-auth';
import { landingPath, safeReturnTo } from '@/lib/auth/return-to';
import { authMode } from '@/lib/auth/server';
import { tooManyAttemptsMessage } from '@/lib/auth/sign-in-throttle';

export interface SignInState {
  error?: string;
  username?: string;
}

async function passwordSignIn(username: string, password: string, returnTo: string): Promise<SignInState> {
  try {
    // Counted by authorize (next-auth.ts), where every password sign-in ends: counting here too made each two.
    await signIn('credentials', { username, password, redirectTo: landingPath(returnTo) });
    return {};
  } catch (error) {
    if (error instanceof TooManyAttempts)
      return { error: tooManyAttemptsMessage(error.retryAfterSeconds), username };
    if (error instanceof CredentialsSignin && error.code === 'backend_unavailable') {
      return { error: 'The backend is not reachable. Please try again.', username };
    }
    if (error instanceof AuthError) return { error: 'Invalid username or password', username };
    throw error; // NEXT_REDIRECT on success must propagate
  }
}

/**
 * Signs in through the backend's login endpoint. Server actions only accept same-origin posts, which is the
 * CSRF protection of the form; the password never travels back to the page.
 */
export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  const username = String(form.get('username') ?? '').trim();
  const password = String(form.get('password') ?? '');
  const returnTo = safeReturnTo(form.get('return_to'));
  if (!username || !password) return { error: 'Enter your username and password.', username };
  return passwordSignIn(username, password, returnTo);
}

/**
 * Kiosk sign-in: the credentials middleware sealed into a one-minute cookie, used once and deleted. Credentials
 * of a link opened from another site are used only when `confirmed` (the person submitted the confirmation form);
 * the page's automatic call is refused and the cookie is kept for that form (issue 31 item 9, login CSRF).
 */
export async function kioskSignInAction(
  rawReturnTo: unknown,
  confirmed: unknown = false,
): Promise<SignInState & KratosFormState> {
  const jar = await cookies();
  const credentials = await openKioskCredentials(jar.get(KIOSK_COOKIE)?.value);
  if (credentials?.confirm && confirmed !== true) return { error: KIOSK_CONFIRM_NEEDED };
  jar.delete(KIOSK_COOKIE);
  if (!credentials) return { error: 'The sign-in link has expired. Please sign in.' };
  const returnTo = safeReturnTo(rawReturnTo);
  if (authMode() === 'kratos')
    return kratosPasswordSignIn(returnTo, credentials.username, credentials.password);
  // The username is not sent back: the kiosk page shows only the error.
  const { error } = await passwordSignIn(credentials.username, credentials.password, returnTo);
  return { error };
}

const KIOSK_CONFIRM_NEEDED = 'This sign-in link was opened from another site. Confirm to use it.';

/** The confirmation form of a kiosk link opened from another site: a same-origin post, as every server action. */
export async function confirmKioskSignInAction(
  _previous: SignInState & KratosFormState,
  form: FormData,
): Promise<SignInState & KratosFormState> {
  return kioskSignInAction(form.get('return_to'), true);
}
