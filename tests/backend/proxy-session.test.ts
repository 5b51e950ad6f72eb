/** @jest-environment node */
import { decode } from 'next-auth/jwt';
import { GET as sessionGet, POST as sessionPost } from '@/app/api/session/[...nextauth]/route';
import { clearSessionCache } from '@/lib/auth/session-cookie';
import { DatabaseRevocationStore, setRevocationStore } from '@/lib/auth/session-revocation';
import { DEVICE_COOKIE, DEVICE_HEADER, signDeviceProof } from '@/lib/auth/sign-in-device';
import { CLIENT_ADDRESS_HEADER, resetSignInThrottle, SIGN_IN_THROTTLE } from '@/lib/auth/sign-in-throttle';
import { startFetchServer, type RunningServer } from '@/scripts/lib/node-http';
import { proxyRoute } from '@/lib/backend/proxy-route';
import { guardServer } from '@/lib/server/front-door';
import { coreEngines, startCoreBackend, TEST_AUTH_SECRET, type CoreBackend } from './helpers/core-backend';

/**
 * The console's own sign-in, sign-out and /api over real HTTP, against the embedded backend on each engine: the
 * next-auth routes and the /api route handler served exactly as app/api exports them, behind the front door.
 * Sign-out ends every copy of the session through the revocation record in the embedded backend's database
 * (issue 13 §9, issue 23), and password sign-in backs off per account and per address (issue 13 §13).
 */

const COOKIE = 'authjs.session-token';

interface Jar {
  cookies: Map<string, string>;
  header(): string;
  keep(response: Response): void;
}

function jar(): Jar {
  const cookies = new Map<string, string>();
  return {
    cookies,
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    keep(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const value = pair.slice(eq + 1);
        if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
          cookies.delete(pair.slice(0, eq));
        else cookies.set(pair.slice(0, eq), value);
      }
    },
  };
}

describe.each(coreEngines())('sign-in and sign-out through the console on %s', (engine) => {
  let backend: CoreBackend;
  let console: RunningServer;

  beforeAll(async () => {
    process.env.DEMO_TICKER = 'false';
    backend = await startCoreBackend(engine);
    process.env.AUTH_PROVIDER = 'basic';
    process.env.AUTH_SECRET = TEST_AUTH_SECRET;
    process.env.BACKEND_URL = backend.url;
    // As when the console runs on the embedded backend: sign-outs are recorded in its database.
    setRevocationStore(new DatabaseRevocationStore(async () => backend.db));
    console = await startFetchServer((request) => {
      const path = new URL(request.url).pathname;
      if (path.startsWith('/api/session/'))
        return request.method === 'POST' ? sessionPost(request) : sessionGet(request);
      return proxyRoute(request);
    });
    guardServer(console.server);
  }, 180_000);

  afterAll(async () => {
    setRevocationStore(undefined);
    await console?.close();
    await backend?.dispose();
    delete process.env.BACKEND_URL;
  });

  beforeEach(() => {
    resetSignInThrottle();
    clearSessionCache();
  });

  async function signIn(
    username: string,
    password = 'demo',
    headers: Record<string, string> = {},
  ): Promise<{ jar: Jar; location: string }> {
    const j = jar();
    const csrf = await fetch(`${console.url}/api/session/csrf`);
    j.keep(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const response = await fetch(`${console.url}/api/session/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      // A cookie given by the caller (a device proof) goes beside the CSRF cookie, not instead of it.
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
        cookie: [j.header(), headers.cookie].filter(Boolean).join('; '),
      },
      body: new URLSearchParams({ csrfToken, username, password, callbackUrl: '/health' }).toString(),
    });
    j.keep(response);
    return { jar: j, location: response.headers.get('location') ?? '' };
  }

  async function signOut(j: Jar, headers: Record<string, string> = {}): Promise<Response> {
    const csrf = await fetch(`${console.url}/api/session/csrf`, { headers: { cookie: j.header() } });
    j.keep(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const response = await fetch(`${console.url}/api/session/signout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: j.header(), ...headers },
      body: new URLSearchParams({ csrfToken, callbackUrl: '/login' }).toString(),
    });
    j.keep(response);
    return response;
  }

  const whoami = (cookie: string) => fetch(`${console.url}/api/auth/whoami`, { headers: { cookie } });

  it('a saved copy of the session cookie is refused after sign-out, on this and on every other instance', async () => {
    const { jar: browser } = await signIn('editor');
    const saved = `${COOKIE}=${browser.cookies.get(COOKIE)}`;
    expect(browser.cookies.get(COOKIE)).toBeTruthy();
    expect((await whoami(saved)).status).toBe(200);
    expect(
      (await fetch(`${console.url}/api/db/checks?select=id&limit=1`, { headers: { cookie: saved } })).status,
    ).toBe(200);

    const out = await signOut(browser);
    expect(out.status).toBe(302);
    expect(browser.cookies.has(COOKIE)).toBe(false);

    const refused = await whoami(saved);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'Not signed in' });
    expect(
      (await fetch(`${console.url}/api/db/checks?select=id`, { headers: { cookie: saved } })).status,
    ).toBe(401);

    // Another console instance on the same database: its own cache is cold, the record is shared.
    const token = await decode({
      token: saved.slice(COOKIE.length + 1),
      secret: TEST_AUTH_SECRET,
      salt: COOKIE,
    });
    expect(typeof token?.sid).toBe('string');
    const otherInstance = new DatabaseRevocationStore(async () => backend.db);
    expect(
      await otherInstance.isRevoked({
        sid: String(token?.sid),
        userId: String(token?.sub),
        signedInAt: Number(token?.signedInAt),
      }),
    ).toBe(true);
    clearSessionCache();
    expect((await whoami(saved)).status).toBe(401);

    // A new sign-in is a new session, unaffected.
    const again = await signIn('editor');
    expect((await whoami(`${COOKIE}=${again.jar.cookies.get(COOKIE)}`)).status).toBe(200);
  });

  it('the revocation record is not reachable through /api/db', async () => {
    const { jar: browser } = await signIn('admin');
    for (const target of ['/api/db/session_revocations', '/api/db/console.session_revocations']) {
      const response = await fetch(`${console.url}${target}`, {
        headers: { cookie: browser.header(), 'accept-profile': 'console' },
      });
      expect({ target, ok: response.ok }).toEqual({ target, ok: false });
    }
  });

  it('a cross-site POST to the sign-out endpoint is refused before next-auth sees it', async () => {
    const { jar: browser } = await signIn('viewer');
    const response = await signOut(browser, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect((await whoami(`${COOKIE}=${browser.cookies.get(COOKIE)}`)).status).toBe(200);
  });

  it('successes never trip the backoff (the e2e suite signs in many times)', async () => {
    for (let i = 0; i < SIGN_IN_THROTTLE.accountFreeFailures * 3; i++) {
      const { jar: browser, location } = await signIn('viewer');
      expect({ i, location: new URL(location).pathname, cookie: browser.cookies.has(COOKIE) }).toEqual({
        i,
        location: '/health',
        cookie: true,
      });
    }
  });

  it('an account that failed 5 times waits, even with the right password, from any address', async () => {
    // Not the next test's account: the backend's own lock of these failures would outlive the console's reset.
    for (let i = 0; i < SIGN_IN_THROTTLE.accountFreeFailures; i++) {
      const { location } = await signIn('editor', 'wrong');
      expect(new URL(location).searchParams.get('code')).toBe('invalid_credentials');
    }
    const { jar: browser, location } = await signIn('editor', 'demo');
    expect(new URL(location).searchParams.get('code')).toBe('too_many_attempts');
    expect(browser.cookies.has(COOKIE)).toBe(false);
    expect((await signIn('commander')).jar.cookies.has(COOKIE)).toBe(true);
  });

  it('a device that signed in to the account before passes its lock, through the console and the backend; nobody else does (issue 31 item 10)', async () => {
    const personId = async (name: string) =>
      (
        await backend.db.query<{ id: string }>('SELECT id::text AS id FROM people WHERE lower(name) = $1', [
          name,
        ])
      ).rows[0]!.id;
    const device = (account: string, person: string, secret = TEST_AUTH_SECRET) => ({
      cookie: `${DEVICE_COOKIE}=${signDeviceProof({ account, personId: person }, secret)}`,
    });
    const responder = await personId('responder');
    const viewer = await personId('viewer');
    const direct = (proof: string) =>
      fetch(`${backend.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [DEVICE_HEADER]: proof },
        body: JSON.stringify({ username: 'responder', password: 'demo' }),
      });
    for (let i = 0; i < SIGN_IN_THROTTLE.accountFreeFailures; i++) await signIn('responder', 'wrong');
    // The console's failures reached the backend too: its account lock (1 s after the 5th) holds, except for a
    // proof of this very person; a valid proof of another person, or a forged one, is no hint.
    expect(
      (await direct(signDeviceProof({ account: 'responder', personId: viewer }, TEST_AUTH_SECRET))).status,
    ).toBe(429);
    expect(
      (
        await direct(
          signDeviceProof({ account: 'responder', personId: responder }, 'another-secret-0123456789abcdef'),
        )
      ).status,
    ).toBe(429);
    expect(
      (await direct(signDeviceProof({ account: 'responder', personId: responder }, TEST_AUTH_SECRET))).status,
    ).toBe(200);
    // The console's own lock: only a proof it signed, for this account.
    const refused = [
      {},
      device('responder', responder, 'another-secret-0123456789abcdef'),
      device('viewer', viewer),
    ];
    for (const headers of refused) {
      const { location } = await signIn('responder', 'demo', headers);
      expect({ headers, code: new URL(location).searchParams.get('code') }).toEqual({
        headers,
        code: 'too_many_attempts',
      });
    }
    const { jar: browser, location } = await signIn('responder', 'demo', device('Responder', responder));
    expect(new URL(location).pathname).toBe('/health');
    expect(browser.cookies.has(COOKIE)).toBe(true);
  });

  it('standalone and Clerk mode refuse next-auth’s endpoints: the credentials callback mints no session (issue 31 item 15)', async () => {
    for (const mode of ['none', 'clerk'] as const) {
      process.env.AUTH_PROVIDER = mode;
      process.env.NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY = 'pk_test_x';
      process.env.CLERK_SECRET_KEY = 'sk_test_x';
      try {
        const csrf = await fetch(`${console.url}/api/session/csrf`);
        expect({ mode, status: csrf.status }).toEqual({ mode, status: 404 });
        const response = await fetch(`${console.url}/api/session/callback/credentials`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            username: 'admin',
            password: 'demo',
            callbackUrl: '/health',
          }).toString(),
        });
        expect({ mode, status: response.status }).toEqual({ mode, status: 404 });
        expect(response.headers.getSetCookie().some((c) => c.startsWith(COOKIE))).toBe(false);
      } finally {
        process.env.AUTH_PROVIDER = 'basic';
        delete process.env.NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY;
        delete process.env.CLERK_SECRET_KEY;
      }
    }
    // Basic mode still signs in.
    expect((await signIn('viewer')).jar.cookies.has(COOKIE)).toBe(true);
  });

  it("the backend's own backoff (429) reads as the same message, not as an unreachable backend", async () => {
    // The backend counts failures per account too, also those that never went through the console.
    for (let i = 0; i < 5; i++) {
      const direct = await fetch(`${backend.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'guest', password: 'wrong' }),
      });
      expect(direct.status).toBe(401);
    }
    const { jar: browser, location } = await signIn('guest');
    expect(new URL(location).searchParams.get('code')).toBe('too_many_attempts');
    expect(browser.cookies.has(COOKIE)).toBe(false);
  });

  it('an address that failed 20 times waits for any account, and cannot claim another address', async () => {
    for (let i = 0; i < SIGN_IN_THROTTLE.addressFreeFailures; i++) await signIn(`nobody-${i}`, 'wrong');
    const claims: Record<string, string>[] = [
      {},
      { [CLIENT_ADDRESS_HEADER]: '198.51.100.9' },
      { 'x-forwarded-for': '198.51.100.9' },
    ];
    for (const headers of claims) {
      const { jar: browser, location } = await signIn('guest', 'demo', headers);
      expect({ headers, code: new URL(location).searchParams.get('code') }).toEqual({
        headers,
        code: 'too_many_attempts',
      });
      expect(browser.cookies.has(COOKIE)).toBe(false);
    }
  });
});
