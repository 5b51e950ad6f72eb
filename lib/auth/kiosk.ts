import { decode, encode } from 'next-auth/jwt';
import { getAuthSecret } from '@/lib/auth/secret';

/**
 * Kiosk sign-in (/login?username=…&password=…): middleware moves the credentials out of the address into this
 * short-lived encrypted cookie and redirects to the clean address, so they never reach the page's HTML, the
 * router state, the history or any later request URL. The sign-in action reads it once and deletes it.
 *
 * A kiosk link opened from another site is a login CSRF (issue 31 item 9): that site could sign the person in as an
 * account of its choosing. So the credentials are used without a click only when the person navigated here
 * directly (typed, bookmarked: `Sec-Fetch-Site: none`) or from the console itself (`same-origin`); otherwise they
 * are sealed with `confirm` set, and the sign-in page asks for a click on a form before using them.
 */
export const KIOSK_COOKIE = 'console.kiosk';
export const KIOSK_MAX_AGE_SECONDS = 60;

export interface KioskCredentials {
  username: string;
  password: string;
  /** The link came from another site (or a browser that does not say): sign in only after the person's click. */
  confirm: boolean;
}

/**
 * Whether a navigation to a kiosk link may sign in without a click: only one the person made directly or from
 * the console. `cross-site`, `same-site` (a sibling subdomain is another site's code) and a missing header (an old
 * browser, or a request that is not a navigation) ask first.
 */
export function isDirectNavigation(headers: Headers): boolean {
  const site = headers.get('sec-fetch-site');
  return site === 'none' || site === 'same-origin';
}

export async function sealKioskCredentials(credentials: KioskCredentials): Promise<string> {
  return encode({
    token: { ...credentials },
    secret: getAuthSecret(),
    salt: KIOSK_COOKIE,
    maxAge: KIOSK_MAX_AGE_SECONDS,
  });
}

export async function openKioskCredentials(raw: string | undefined): Promise<KioskCredentials | null> {
  if (!raw) return null;
  try {
    const token = await decode({ token: raw, secret: getAuthSecret(), salt: KIOSK_COOKIE });
    return token && typeof token.username === 'string' && typeof token.password === 'string'
      ? { username: token.username, password: token.password, confirm: token.confirm !== false }
      : null;
  } catch {
    return null;
  }
}

/**
 * What the sign-in page does with a kiosk cookie: sign in at once ('auto'), ask for a click ('confirm'), or
 * nothing. A cookie that no longer opens (expired, forged) is 'auto', so the action reports the expired link.
 */
export async function kioskModeOf(raw: string | undefined): Promise<'auto' | 'confirm' | null> {
  if (!raw) return null;
  const credentials = await openKioskCredentials(raw);
  return credentials?.confirm ? 'confirm' : 'auto';
}

/** The /login address without the credentials, and the credentials when both were given. */
export function splitKioskQuery(
  url: URL,
): { clean: URL; credentials: Omit<KioskCredentials, 'confirm'> | null } | null {
  const username = url.searchParams.get('username');
  const password = url.searchParams.get('password');
  if (username === null && password === null) return null;
  const clean = new URL(url);
  clean.searchParams.delete('username');
  clean.searchParams.delete('password');
  return { clean, credentials: username && password ? { username, password } : null };
}
