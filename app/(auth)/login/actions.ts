'use server';

import { AuthError, CredentialsSignin } from 'next-auth';
import { signIn } from '@/lib/auth/next-auth';
import { landingPath, safeReturnTo } from '@/lib/auth/return-to';

export interface SignInState {
  error?: string;
  username?: string;
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
  try {
    await signIn('credentials', { username, password, redirectTo: landingPath(returnTo) });
    return {};
  } catch (error) {
    if (error instanceof CredentialsSignin && error.code === 'backend_unavailable') {
      return { error: 'The backend is not reachable. Please try again.', username };
    }
    if (error instanceof AuthError) return { error: 'Invalid username or password', username };
    throw error; // NEXT_REDIRECT on success must propagate
  }
}
