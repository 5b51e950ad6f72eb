/**
 * Relaying the identity server's cookies through the console: the browser only ever talks to the console, which
 * forwards the Kratos cookies (CSRF and session) on each server-side call and hands new ones back as host-only
 * cookies of its own origin.
 */

export interface RelayedCookie {
  name: string;
  value: string;
  path: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'lax' | 'strict' | 'none';
  maxAge?: number;
  expires?: Date;
}

/** Cookies that belong to the identity server: its CSRF cookie(s) and its session cookie. */
export function isKratosCookie(name: string): boolean {
  return name.startsWith('csrf_token') || name.startsWith('ory_kratos_') || name.startsWith('ory_session');
}

/** Parses one Set-Cookie header; the Domain attribute is dropped on purpose so the cookie stays on our origin. */
export function parseSetCookie(header: string): RelayedCookie | null {
  const [pair = '', ...attributes] = header.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  let value = pair.slice(eq + 1).trim();
  try {
    value = decodeURIComponent(value);
  } catch {
    // keep the raw value
  }
  const cookie: RelayedCookie = { name, value, path: '/', httpOnly: false, secure: false, sameSite: 'lax' };
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.split('=');
    const key = rawKey.trim().toLowerCase();
    const v = rest.join('=').trim();
    if (key === 'path' && v) cookie.path = v;
    else if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'secure') cookie.secure = true;
    else if (key === 'samesite')
      cookie.sameSite = v.toLowerCase() === 'strict' ? 'strict' : v.toLowerCase() === 'none' ? 'none' : 'lax';
    else if (key === 'max-age' && /^-?\d+$/.test(v)) cookie.maxAge = Number(v);
    else if (key === 'expires' && !Number.isNaN(Date.parse(v))) cookie.expires = new Date(v);
  }
  return cookie;
}

/** A cookie store the flow code reads from and writes to: Next's cookies() on the server, a map in tests. */
export interface CookieJar {
  /** The Cookie header to forward to the identity server (its cookies only). */
  header(): string;
  /** Stores what the identity server set. */
  apply(setCookies: readonly string[]): void;
}

/** An in-memory jar, used by route handlers that build a response and by the tests. */
export class MemoryCookieJar implements CookieJar {
  readonly cookies = new Map<string, string>();
  readonly applied: RelayedCookie[] = [];

  constructor(initial: Iterable<[string, string]> = []) {
    for (const [k, v] of initial) this.cookies.set(k, v);
  }

  header(): string {
    return cookieHeader(this.cookies);
  }

  apply(setCookies: readonly string[]): void {
    for (const raw of setCookies) {
      const c = parseSetCookie(raw);
      if (!c || !isKratosCookie(c.name)) continue;
      this.applied.push(c);
      const expired =
        (c.maxAge !== undefined && c.maxAge <= 0) || (c.expires && c.expires.getTime() <= Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}

export function cookieHeader(cookies: Iterable<[string, string]>): string {
  return [...cookies]
    .filter(([name]) => isKratosCookie(name))
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
}
