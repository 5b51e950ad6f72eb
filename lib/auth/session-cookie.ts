import { getToken } from 'next-auth/jwt';
import type { SessionToken } from '@/lib/auth/next-auth';
import { getAuthSecret } from '@/lib/auth/secret';

const SESSION_COOKIES = ['__Secure-authjs.session-token', 'authjs.session-token'] as const;

function cookieNameIn(cookieHeader: string): (typeof SESSION_COOKIES)[number] | undefined {
  const names = new Set(cookieHeader.split(';').map((part) => part.split('=')[0]?.trim() ?? ''));
  return SESSION_COOKIES.find((name) => names.has(name) || names.has(`${name}.0`));
}

/**
 * Decrypts the session cookie of a request without re-issuing it (basic and kratos modes). Pages refresh the
 * session through next-auth's middleware; API calls and server code only need to read it, and writing a new
 * cookie on every /api response cost time and bytes for nothing.
 */
export async function readSessionToken(headers: Headers): Promise<SessionToken | null> {
  const cookieName = cookieNameIn(headers.get('cookie') ?? '');
  if (!cookieName) return null;
  const token = (await getToken({
    req: { headers },
    secret: getAuthSecret(),
    cookieName,
    salt: cookieName,
    secureCookie: cookieName.startsWith('__Secure-'),
  })) as SessionToken | null;
  return token?.identity ? token : null;
}
