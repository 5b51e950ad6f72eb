/**
 * @jest-environment node
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest, type NextFetchEvent } from 'next/server';
import { decode, encode } from 'next-auth/jwt';
import { computeGrants, ROLES, type Role } from '@/lib/auth/permissions';
import { KIOSK_COOKIE, openKioskCredentials } from '@/lib/auth/kiosk';
import { decideAccess } from '@/lib/auth/access';
import type { Identity } from '@/lib/auth/identity-types';
import type { ConsoleSession } from '@/lib/auth/session';
import { buildPath, routeExistsInMode, ROUTES, type AuthMode } from '@/lib/routes';
import { readSessionToken } from '@/lib/auth/session-cookie';
import { config, middleware } from '@/middleware';

const SECRET = 'unit-test-secret-0123456789-abcdef';
const COOKIE = 'authjs.session-token';
const ORIGIN = 'http://127.0.0.1:3000';
const event = {} as NextFetchEvent;

let whoamiServer: Server;
let whoamiRoles: string[] = ['viewer'];
let whoamiStatus = 200;
/** What the stand-in's /properties answers (the feature flags). */
let properties: { name: string; value: string }[] = [];

beforeAll(async () => {
  // A stand-in backend for the 5-minute whoami refresh; the real backends are tested elsewhere.
  whoamiServer = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/auth/whoami')) {
      res.statusCode = whoamiStatus;
      res.end(
        JSON.stringify({ payload: { user: { id: 'u-refreshed', name: 'Refreshed' }, roles: whoamiRoles } }),
      );
    } else if (req.url?.startsWith('/properties')) {
      res.end(JSON.stringify(properties));
    } else {
      res.end('[]');
    }
  });
  await new Promise<void>((resolve) => whoamiServer.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => whoamiServer.close(() => resolve())));

function setMode(mode: AuthMode) {
  process.env.AUTH_SECRET = SECRET;
  process.env.AUTH_PROVIDER = mode;
  process.env.BACKEND_URL = `http://127.0.0.1:${(whoamiServer.address() as AddressInfo).port}`;
  if (mode === 'kratos') process.env.KRATOS_URL = 'http://127.0.0.1:4433';
  else delete process.env.KRATOS_URL;
}

function identityFor(role: Role, features: Record<string, string> = {}): Identity {
  // Inherited duplicates as the real backend sends them (editor → editor, viewer), already normalised.
  return { user: { id: `id-${role}`, name: role }, roles: [role], grants: computeGrants([role]), features };
}

async function sessionCookie(
  role: Role,
  refreshedAt = Date.now(),
  features: Record<string, string> = {},
  sid = randomUUID(),
): Promise<string> {
  return encode({
    token: {
      sub: `id-${role}`,
      sid,
      signedInAt: Date.now(),
      backendToken: 'backend-token',
      identity: identityFor(role, features),
      refreshedAt,
    },
    secret: SECRET,
    salt: COOKIE,
  });
}

function request(path: string, cookie?: string): NextRequest {
  // Next's server sets host and x-forwarded-proto on every request; next-auth picks the cookie name from them.
  const headers: Record<string, string> = { host: '127.0.0.1:3000', 'x-forwarded-proto': 'http' };
  if (cookie) headers.cookie = `${COOKIE}=${cookie}`;
  return new NextRequest(new URL(path, ORIGIN), { headers });
}

async function run(path: string, cookie?: string): Promise<Response> {
  return (await middleware(request(path, cookie), event)) as Response;
}

/** Path and query of a redirect (NextURL spells 127.0.0.1 as localhost). */
function locationOf(response: Response): string {
  const url = new URL(response.headers.get('location') ?? '', ORIGIN);
  return `${url.pathname}${url.search}`;
}

type Seen = 'next' | 'sign-in' | 'forbidden' | 'not-found' | 'redirect';

function seen(response: Response): Seen {
  if (response.headers.get('x-middleware-rewrite')?.endsWith('/unauthorized')) return 'forbidden';
  if (response.headers.get('x-middleware-rewrite')?.endsWith('/not-found')) return 'not-found';
  const location = response.headers.get('location');
  if (location) return new URL(location).pathname === '/login' ? 'sign-in' : 'redirect';
  return 'next';
}

function sessionOf(role: Role | null): ConsoleSession | null {
  return role ? { mode: 'basic', ...identityFor(role), refreshedAt: Date.now() } : null;
}

const concrete = (pattern: string) =>
  buildPath(pattern, { id: 'abc', rest: 'a/b', name: 'n', type: 't', slug: 'acme' });

describe.each(['basic', 'kratos'] as const)(
  'middleware gate in %s mode: registry × roles × anonymous',
  (mode) => {
    beforeAll(() => setMode(mode));
    const routes = ROUTES.filter((r) => routeExistsInMode(r, mode));

    it.each([...ROLES, null])('role %s sees exactly the decisions of the registry', async (role) => {
      const cookie = role ? await sessionCookie(role) : undefined;
      for (const route of routes) {
        const path = concrete(route.pattern);
        const decision = decideAccess(route, sessionOf(role), mode);
        const expected: Seen =
          decision === 'sign-in' || decision === 'forbidden' || decision === 'not-found'
            ? decision
            : decision === 'allow' && route.redirectTo
              ? 'redirect'
              : 'next';
        const response = await run(`${path}?q=1`, cookie);
        expect({ path, role, outcome: seen(response) }).toEqual({ path, role, outcome: expected });
        if (expected === 'sign-in') {
          expect(locationOf(response)).toBe(`/login?return_to=${encodeURIComponent(`${path}?q=1`)}`);
        }
        if (expected === 'forbidden') expect(response.status).toBe(403);
      }
    });
  },
);

describe('middleware specifics', () => {
  beforeAll(() => setMode('basic'));

  it('keeps the asked address on the second pass Next makes over a rewrite target, and refuses a forged one', async () => {
    const cookie = await sessionCookie('viewer');
    const first = await run('/notifications/silences/add?x=1', cookie);
    expect(seen(first)).toBe('forbidden');
    // What Next hands the rewrite target's pass: the request headers the first pass set.
    const overridden = (first.headers.get('x-middleware-override-headers') ?? '')
      .split(',')
      .map((k) => k.trim());
    const carried = new Headers();
    for (const key of overridden) {
      const value = first.headers.get(`x-middleware-request-${key}`);
      if (value !== null) carried.set(key, value);
    }
    expect(carried.get('x-console-path')).toBe('/notifications/silences/add?x=1');
    const second = (await middleware(
      new NextRequest(new URL('/unauthorized', ORIGIN), { headers: carried }),
      event,
    )) as Response;
    expect(second.headers.get('x-middleware-request-x-console-path')).toBe('/notifications/silences/add?x=1');
    // Both passes name 403 for the front door: the page renders its state in the server HTML (no forbidden()).
    expect(first.headers.get('x-console-status')).toBe('403');
    expect(second.headers.get('x-console-status')).toBe('403');

    // A client's own x-console-path without this process's mark is replaced by the address it asked for.
    const forged = request('/health', cookie);
    forged.headers.set('x-console-path', '/settings/users');
    forged.headers.set('x-console-pass', 'guess');
    const answer = (await middleware(forged, event)) as Response;
    expect(answer.headers.get('x-middleware-request-x-console-path')).toBe('/health');
  });

  it('answers a route whose feature is turned off with the shell 404 and a real 404 status, for every such route', async () => {
    const features = {
      'incidents.disable': 'true',
      'settings.event_queue_status.disable': 'true',
      'logs.disable': 'true',
    };
    const cookie = await sessionCookie('admin', Date.now(), features);
    const off = ROUTES.filter(
      (r) =>
        routeExistsInMode(r, 'basic') &&
        decideAccess(r, sessionOf('admin') && { ...sessionOf('admin')!, features }, 'basic') === 'not-found',
    );
    expect(off.map((r) => r.pattern)).toEqual(
      expect.arrayContaining(['/incidents', '/incidents/[id]', '/settings/event-queue-status', '/logs']),
    );
    for (const route of off) {
      const response = await run(concrete(route.pattern), cookie);
      expect({ path: route.pattern, outcome: seen(response), status: response.status }).toEqual({
        path: route.pattern,
        outcome: 'not-found',
        status: 404,
      });
    }
    expect(seen(await run('/incidents', await sessionCookie('admin')))).toBe('next');
  });

  it('spec examples: editor is refused /settings/connections, viewer reads /topology, anonymous signs in', async () => {
    expect(seen(await run('/settings/connections', await sessionCookie('editor')))).toBe('forbidden');
    expect(seen(await run('/settings/connections', await sessionCookie('admin')))).toBe('next');
    expect(seen(await run('/topology', await sessionCookie('viewer')))).toBe('next');
    const anonymous = await run('/incidents?status=open');
    expect(locationOf(anonymous)).toBe('/login?return_to=%2Fincidents%3Fstatus%3Dopen');
  });

  it('/config-db (001 §2.1) goes to /catalog keeping its query, for every signed-in role', async () => {
    for (const role of ROLES) {
      const response = await run('/config-db?query=kube&type=Kubernetes%3A%3APod', await sessionCookie(role));
      expect(response.status).toBe(308);
      expect(locationOf(response)).toBe('/catalog?query=kube&type=Kubernetes%3A%3APod');
    }
  });

  it('rejects a tampered session cookie: the request is treated as anonymous and sent to sign-in', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const good = await sessionCookie('admin');
    expect(seen(await run('/topology', good))).toBe('next');
    const middle = Math.floor(good.length / 2);
    const tampered = `${good.slice(0, middle)}${good[middle] === 'A' ? 'B' : 'A'}${good.slice(middle + 1)}`;
    expect(seen(await run('/topology', tampered))).toBe('sign-in');
    const forged = await encode({
      token: { sid: 's', identity: identityFor('admin'), backendToken: 'x', refreshedAt: Date.now() },
      secret: 'another-secret-0123456789-abcdefgh',
      salt: COOKIE,
    });
    expect(seen(await run('/topology', forged))).toBe('sign-in');
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('[auth] JWTSessionError'));
    logged.mockRestore();
  });

  it('unknown pages need a session; public paths are exact', async () => {
    expect(seen(await run('/no-such-page'))).toBe('sign-in');
    expect(seen(await run('/login'))).toBe('next');
    expect(seen(await run('/login/extra'))).toBe('sign-in');
  });

  it('runs for pages only: /api and static files never reach it (their handlers check and set headers themselves)', () => {
    const [pattern] = config.matcher;
    // Next compiles the matcher with path-to-regexp; for this single-parameter form a plain RegExp is equivalent.
    const matches = (path: string) =>
      new RegExp(`^${pattern!.replace('/((?!', '/(?!').replace(').*)', ').*')}$`).test(path);
    for (const path of [
      '/api/db/checks',
      '/api/session/csrf',
      '/api/health',
      '/_next/static/x.js',
      '/favicon.ico',
    ])
      expect({ path, matched: matches(path) }).toEqual({ path, matched: false });
    for (const path of ['/', '/health', '/login', '/topology/abc', '/apis', '/view/health'])
      expect({ path, matched: matches(path) }).toEqual({ path, matched: true });
  });

  it('a session without an id (minted before sign-out could end it) is anonymous', async () => {
    const legacy = await encode({
      token: { sub: 'id-admin', backendToken: 'b', identity: identityFor('admin'), refreshedAt: Date.now() },
      secret: SECRET,
      salt: COOKIE,
    });
    expect(seen(await run('/topology', legacy))).toBe('sign-in');
  });

  it('kiosk: credentials leave the address at once and travel in a sealed one-minute cookie', async () => {
    const response = await run('/login?username=viewer&password=demo&return_to=%2Fhealth');
    expect(response.status).toBe(303);
    expect(locationOf(response)).toBe('/login?return_to=%2Fhealth');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${KIOSK_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    // It only offers a confirmation (no Sec-Fetch-Site), so it may ride the cross-site landing (Lax).
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).toMatch(/Max-Age=60/);
    expect(cookie).not.toContain('demo');
    const sealed = cookie.slice(KIOSK_COOKIE.length + 1).split(';')[0];
    // No Sec-Fetch-Site: not known to be a direct navigation, so the page will ask for a click.
    expect(await openKioskCredentials(sealed)).toEqual({
      username: 'viewer',
      password: 'demo',
      confirm: true,
    });
    expect(await openKioskCredentials(`${sealed}x`)).toBeNull();
    // Only one of the two: stripped, nothing sealed.
    const half = await run('/login?password=demo');
    expect(locationOf(half)).toBe('/login');
    expect(half.headers.getSetCookie().some((c) => c.startsWith(KIOSK_COOKIE))).toBe(false);
  });

  it('kiosk: seals credentials for use without a click only on a direct or same-origin navigation (login CSRF, issue 31 item 9)', async () => {
    const sealedFor = async (site: string | null) => {
      const headers: Record<string, string> = { host: '127.0.0.1:3000', 'x-forwarded-proto': 'http' };
      if (site !== null) headers['sec-fetch-site'] = site;
      const response = (await middleware(
        new NextRequest(new URL('/login?username=viewer&password=demo', ORIGIN), { headers }),
        event,
      )) as Response;
      expect(locationOf(response)).toBe('/login');
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${KIOSK_COOKIE}=`))!;
      const sealed = await openKioskCredentials(cookie.slice(KIOSK_COOKIE.length + 1).split(';')[0]);
      return { ...sealed, sameSite: /SameSite=(\w+)/i.exec(cookie)?.[1]?.toLowerCase() };
    };
    // Credentials that sign in without a click are never sent on a cross-site request (Strict).
    const direct = { username: 'viewer', password: 'demo', confirm: false, sameSite: 'strict' };
    expect(await sealedFor('none')).toEqual(direct);
    expect(await sealedFor('same-origin')).toEqual(direct);
    for (const site of ['cross-site', 'same-site', 'bogus', null]) {
      expect({ site, sealed: await sealedFor(site) }).toEqual({
        site,
        sealed: { username: 'viewer', password: 'demo', confirm: true, sameSite: 'lax' },
      });
    }
  });

  it('answers a cross-site server-action POST (or any cross-site page write) with 403, not the 500 of Next (issue 31 item 15)', async () => {
    const post = (headers: Record<string, string>) =>
      middleware(
        new NextRequest(new URL('/login', ORIGIN), {
          method: 'POST',
          headers: {
            host: '127.0.0.1:3000',
            'x-forwarded-proto': 'http',
            'next-action': 'abc123',
            'content-type': 'text/plain',
            ...headers,
          },
          body: '[]',
        }),
        event,
      ) as Promise<Response>;
    const hostile: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of hostile) {
      const response = await post(headers);
      expect({ headers, status: response.status }).toEqual({ headers, status: 403 });
      expect(await response.json()).toEqual({ error: 'Cross-site requests are not allowed' });
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
    const own: Record<string, string>[] = [
      { origin: 'http://127.0.0.1:3000' },
      { 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of own) {
      const response = await post(headers);
      expect({ headers, status: response.status }).toEqual({ headers, status: 200 });
    }
  });

  it('sets the security headers and a CSP nonce', async () => {
    const response = await run('/login');
    expect(response.headers.get('content-security-policy')).toMatch(
      /script-src 'self' 'nonce-[^']+' 'strict-dynamic'/,
    );
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    // When the page was asked for, which the tab's first change stream replays from (lib/live/connection.ts).
    const before = Date.now();
    const timed = await run('/login');
    const asked = /^page-requested;desc="(\d+)"$/.exec(timed.headers.get('server-timing') ?? '');
    expect(Number(asked?.[1])).toBeGreaterThanOrEqual(before);
    expect(Number(asked?.[1])).toBeLessThanOrEqual(Date.now());
  });

  it('refreshes a session older than 5 minutes from whoami and writes the new cookie back', async () => {
    whoamiRoles = ['editor', 'viewer'];
    whoamiStatus = 200;
    const stale = await sessionCookie('viewer', Date.now() - 6 * 60 * 1000);
    const response = await run('/settings/playbooks', stale);
    expect(seen(response)).toBe('next');
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`));
    expect(setCookie).toBeDefined();
    const value = setCookie!.slice(COOKIE.length + 1).split(';')[0]!;
    const token = await decode({ token: value, secret: SECRET, salt: COOKIE });
    expect((token?.identity as Identity).roles).toEqual(['editor', 'viewer']);
    expect(Date.now() - Number(token?.refreshedAt)).toBeLessThan(5000);
    expect(token?.backendToken).toBe('backend-token');
  });

  it('an older copy of the cookie, sent after the session was read again, cannot bring back the flags it carried', async () => {
    // The flaky e2e (settings-admin, "a feature flag hides a sidebar entry"): every page, RSC and prefetch response
    // writes the session cookie back, so one sent before a flag change and answered after the re-read leaves the
    // browser with the copy from before the change; the gate and the server-rendered sidebar read that copy.
    whoamiRoles = ['admin'];
    whoamiStatus = 200;
    const flag = 'settings.event_queue_status.disable';
    const sid = randomUUID();
    const older = await sessionCookie('admin', Date.now() - 60_000, { [flag]: 'true' }, sid);
    expect(seen(await run('/settings/event-queue-status', older))).toBe('not-found');

    // The flag is turned back on and the session read again (the 5-minute re-read here; refreshSessionAction's
    // update takes the same path through the jwt callback).
    properties = [{ name: flag, value: 'false' }];
    try {
      const reread = await run(
        '/settings/event-queue-status',
        await sessionCookie('admin', Date.now() - 6 * 60_000, { [flag]: 'true' }, sid),
      );
      expect(seen(reread)).toBe('next');

      // The older copy arrives last: the gate, the server render (readSessionToken) and the cookie written back
      // all carry the newer read.
      const again = await run('/settings/event-queue-status', older);
      expect(seen(again)).toBe('next');
      const written = again.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`))!;
      const healed = await decode({
        token: written.slice(COOKIE.length + 1).split(';')[0]!,
        secret: SECRET,
        salt: COOKIE,
      });
      expect((healed?.identity as Identity).features).toEqual({ [flag]: 'false' });
      const rendered = await readSessionToken(new Headers({ cookie: `${COOKIE}=${older}` }));
      expect(rendered?.identity?.features).toEqual({ [flag]: 'false' });

      // Another session keeps its own identity.
      const other = await sessionCookie('admin', Date.now() - 60_000, { [flag]: 'true' });
      expect(seen(await run('/settings/event-queue-status', other))).toBe('not-found');
    } finally {
      properties = [];
    }
  });

  it('a fresh session is not re-read (no backend round trip)', async () => {
    whoamiRoles = ['admin'];
    const response = await run('/settings/connections', await sessionCookie('viewer'));
    expect(seen(response)).toBe('forbidden');
  });

  it('ends the session when whoami rejects the token on refresh', async () => {
    whoamiStatus = 401;
    const stale = await sessionCookie('admin', Date.now() - 6 * 60 * 1000);
    expect(seen(await run('/topology', stale))).toBe('sign-in');
    whoamiStatus = 200;
  });
});

describe('standalone mode (none)', () => {
  beforeAll(() => setMode('none'));

  it('has only the health views besides the error pages, and / goes to /health', async () => {
    const existing = ROUTES.filter((r) => routeExistsInMode(r, 'none'))
      .map((r) => r.pattern)
      .sort();
    expect(existing).toEqual(['/error', '/health', '/unauthorized', '/view/health']);
    const root = await run('/');
    expect(new URL(root.headers.get('location')!).pathname).toBe('/health');
    expect(seen(await run('/health'))).toBe('next');
    expect(seen(await run('/view/health'))).toBe('next');
  });
});

describe('clerk mode without keys', () => {
  afterAll(() => {
    delete process.env.NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY;
    delete process.env.CLERK_SECRET_KEY;
  });

  it('refuses to start with a clear message', async () => {
    setMode('clerk');
    await expect(run('/topology')).rejects.toThrow(
      /AUTH_PROVIDER=clerk needs NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY and CLERK_SECRET_KEY/,
    );
  });
});
