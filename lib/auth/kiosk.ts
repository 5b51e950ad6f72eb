import { decode, encode } from 'next-auth/jwt';
import { getAuthSecret } from '@/lib/auth/secret';

/**
 * Kiosk sign-in (/login?username=…&password=…): middleware moves the credentials out of the address into this
 * short-lived encrypted cookie and redirects to the clean address, so they never reach the page's HTML, the
 * router state, the history or any later request URL. The sign-in action reads it once and deletes it.
 */
export const KIOSK_COOKIE = 'console.kiosk';
export const KIOSK_MAX_AGE_SECONDS = 60;

export interface KioskCredentials {
  username: string;
  password: string;
}

export async function sealKioskCredentials(credentials: KioskCredentials): Promise<string> {
  return encode({ token: { ...credentials }, secret: getAuthSecret(), salt: KIOSK_COOKIE, maxAge: KIOSK_MAX_AGE_SECONDS });
}

export async function openKioskCredentials(raw: string | undefined): Promise<KioskCredentials | null> {
  if (!raw) return null;
  try {
    const token = await decode({ token: raw, secret: getAuthSecret(), salt: KIOSK_COOKIE });
    return token && typeof token.username === 'string' && typeof token.password === 'string'
      ? { username: token.username, password: token.password }
      : null;
  } catch {
    return null;
  }
}

/** The /login address without the credentials, and the credentials when both were given. */
export function splitKioskQuery(url: URL): { clean: URL; credentials: KioskCredentials | null } | null {
  const username = url.searchParams.get('username');
  const password = url.searchParams.get('password');
  if (username === null && password === null) return null;
  const clean = new URL(url);
  clean.searchParams.delete('username');
  clean.searchParams.delete('password');
  return { clean, credentials: username && password ? { username, password } : null };
}
