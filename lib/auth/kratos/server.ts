import 'server-only';
import { cookies, headers } from 'next/headers';
import type { FrontendApi } from '@ory/client';
import { isKratosCookie, MemoryCookieJar, parseSetCookie, type CookieJar } from '@/lib/auth/kratos/cookies';
import { kratosApi } from '@/lib/auth/kratos/flows';
import { getEnv } from '@/lib/env';

let cachedApi: { url: string; api: FrontendApi } | undefined;

/** The identity server client of this deployment; only the server ever holds KRATOS_URL. */
export function kratos(): FrontendApi {
  const url = getEnv().KRATOS_URL;
  if (!url) throw new Error('AUTH_PROVIDER=kratos needs KRATOS_URL.');
  if (cachedApi?.url !== url) cachedApi = { url, api: kratosApi(url) };
  return cachedApi.api;
}

/**
 * The browser's Kratos cookies through Next's cookie store. Server components may only read cookies, so there
 * the jar ignores writes; route handlers and server actions pass `writable` and relay what Kratos sets.
 */
export async function nextCookieJar(writable: boolean): Promise<CookieJar> {
  const store = await cookies();
  const secure = (await requestOrigin()).startsWith('https://');
  // What Kratos set during this request is forwarded on the next call of the same request, too.
  const memory = new MemoryCookieJar(store.getAll().map((c) => [c.name, c.value] as [string, string]));
  return {
    header: () => memory.header(),
    apply(setCookies) {
      memory.apply(setCookies);
      if (!writable) return;
      for (const raw of setCookies) {
        const c = parseSetCookie(raw);
        if (!c || !isKratosCookie(c.name)) continue;
        store.set(c.name, c.value, {
          path: c.path,
          httpOnly: c.httpOnly,
          // Secure follows our own origin: a Kratos on https behind a plain-http console must still work locally.
          secure: secure && c.secure,
          sameSite: c.sameSite,
          maxAge: c.maxAge,
          expires: c.expires,
        });
      }
    },
  };
}

/** The console's own origin as the browser sees it, to build return_to addresses for Kratos. */
export async function requestOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? '127.0.0.1';
  const proto =
    h.get('x-forwarded-proto') ??
    (host.startsWith('127.0.0.1') || host.startsWith('localhost') ? 'http' : 'https');
  return `${proto.split(',')[0]?.trim() ?? 'https'}://${host}`;
}

/** The Cookie header that lets the backend validate the Kratos session (it calls toSession itself). */
export function kratosSessionCookie(jar: CookieJar): string | undefined {
  const header = jar
    .header()
    .split('; ')
    .filter((pair) => pair && !pair.startsWith('csrf_token'))
    .join('; ');
  return header || undefined;
}
