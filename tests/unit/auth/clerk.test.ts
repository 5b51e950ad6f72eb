/**
 * @jest-environment node
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest, type NextFetchEvent } from 'next/server';
import { decode } from 'next-auth/jwt';
import { auth, clerkClient } from '@clerk/nextjs/server';
import {
  forgetOrganization,
  loadOrganizationIdentity,
  parseDirectFlag,
  resolveOrganizationBackend,
  type ClerkAuthState,
  type OrganizationBackend,
} from '@/lib/auth/clerk/organization-backend';
import { CLERK_SESSION_COOKIE, encodeClerkSession, resolveClerkSession } from '@/lib/auth/clerk/session';
import { clerkOrganizationSettingsUrl } from '@/lib/auth/clerk/account-portal';
import { clerkFrontendApiHost, withClerkSources } from '@/lib/auth/clerk/csp';
import { authConfigurationProblem, getEnv } from '@/lib/env';

// Clerk's server helpers replaced at the module boundary: auth state, organization metadata, and a middleware
// factory that hands our handler the current auth state.
let currentAuth: ClerkAuthState = { userId: null, orgId: null, getToken: async () => null };
const getOrganization = jest.fn();
jest.mock('@clerk/nextjs/server', () => ({
  auth: jest.fn(async () => currentAuth),
  clerkClient: jest.fn(async () => ({
    organizations: { getOrganization },
    // The /api route authenticates the request itself (no middleware runs for /api).
    authenticateRequest: async () => ({
      isAuthenticated: currentAuth.userId !== null,
      toAuth: () => currentAuth,
    }),
  })),
  clerkMiddleware:
    (handler: (auth: () => Promise<ClerkAuthState>, request: NextRequest) => Promise<Response>) =>
    (request: NextRequest) =>
      handler(async () => currentAuth, request),
}));

const SECRET = 'unit-test-secret-0123456789-abcdef';
let backend: Server;
let whoamiStatus = 200;
let seenAuthorization: string | undefined;
let backendUrl = '';

beforeAll(async () => {
  backend = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    seenAuthorization = req.headers.authorization;
    if (req.url?.startsWith('/auth/whoami')) {
      res.statusCode = whoamiStatus;
      res.end(
        whoamiStatus === 200
          ? JSON.stringify({
              payload: { user: { id: 'p1', name: 'Pat' }, roles: ['admin', 'viewer', 'everyone'] },
            })
          : JSON.stringify({ error: `status ${whoamiStatus}` }),
      );
    } else res.end('[]');
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
  process.env.AUTH_SECRET = SECRET;
});
afterAll(() => new Promise<void>((resolve) => backend.close(() => resolve())));
beforeEach(() => {
  whoamiStatus = 200;
  getOrganization.mockReset();
  forgetOrganization();
});

function signedIn(orgId: string | null = 'org_1'): ClerkAuthState {
  return {
    userId: 'user_1',
    orgId,
    getToken: jest.fn(async (options?: { template?: string }) =>
      options?.template ? templateJwt({ org_id: orgId }) : 'session-jwt',
    ),
  };
}

/** A JWT as Clerk's `Backend` template returns it (only the claims matter here: the backend verifies signatures). */
function templateJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', kid: 'ins_1' })}.${part({ sub: 'user_1', ...claims })}.signature`;
}

const withMetadata = (publicMetadata: Record<string, unknown>) =>
  getOrganization.mockResolvedValue({ id: 'org_1', publicMetadata });

describe('direct flag (spec 000 §5)', () => {
  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['FALSE', false],
    [' True ', true],
    [undefined, false],
    [null, false],
  ])('%p → %p', (value, expected) => {
    expect(parseDirectFlag(value)).toBe(expected);
  });

  it.each(['yes', '1', 1, 0, 'tru', {}, []])('%p → Invalid boolean value', (value) => {
    expect(() => parseDirectFlag(value)).toThrow('Invalid boolean value');
  });
});

describe('resolveOrganizationBackend', () => {
  it('signed out, and signed in without an organization', async () => {
    expect(await resolveOrganizationBackend({ userId: null, getToken: async () => null })).toEqual({
      state: 'signed-out',
    });
    expect(await resolveOrganizationBackend(signedIn(null))).toEqual({ state: 'no-organization' });
  });

  it('no backend address → provisioning', async () => {
    withMetadata({});
    expect(await resolveOrganizationBackend(signedIn())).toEqual({ state: 'provisioning', orgId: 'org_1' });
    forgetOrganization('org_1');
    withMetadata({ backend_url: 'not a url' });
    expect((await resolveOrganizationBackend(signedIn())).state).toBe('provisioning');
  });

  it('an invalid direct flag is an error with the spec text', async () => {
    withMetadata({ backend_url: backendUrl, direct: 'yes' });
    expect(await resolveOrganizationBackend(signedIn())).toEqual({
      state: 'error',
      orgId: 'org_1',
      message: 'Invalid boolean value',
    });
  });

  it('direct organizations use the Backend JWT template; proxied ones the session token', async () => {
    withMetadata({ backend_url: `${backendUrl}/`, direct: 'true' });
    const direct = await resolveOrganizationBackend(signedIn());
    expect(direct).toMatchObject({ state: 'ready', orgId: 'org_1', baseUrl: backendUrl, direct: true });
    expect(await (direct as Extract<OrganizationBackend, { state: 'ready' }>).getToken()).toBe(
      templateJwt({ org_id: 'org_1' }),
    );
    forgetOrganization('org_1');
    withMetadata({ backend_url: backendUrl, direct: false });
    const proxied = (await resolveOrganizationBackend(signedIn())) as Extract<
      OrganizationBackend,
      { state: 'ready' }
    >;
    expect(proxied.direct).toBe(false);
    expect(await proxied.getToken()).toBe('session-jwt');
  });

  it('never hands out a Backend template token of another organization (a switch between the request and the token)', async () => {
    withMetadata({ backend_url: backendUrl, direct: true });
    const state = signedIn();
    const ready = (await resolveOrganizationBackend(state)) as Extract<
      OrganizationBackend,
      { state: 'ready' }
    >;
    (state.getToken as jest.Mock).mockResolvedValueOnce(templateJwt({ o: { id: 'org_1', rol: 'admin' } }));
    expect(await ready.getToken()).toBe(templateJwt({ o: { id: 'org_1', rol: 'admin' } }));
    (state.getToken as jest.Mock).mockResolvedValueOnce(templateJwt({ org_id: 'org_2' }));
    await expect(ready.getToken()).rejects.toMatchObject({
      status: 409,
      message: 'The active organization changed. Please reload the page.',
    });
    (state.getToken as jest.Mock).mockResolvedValueOnce(templateJwt({}));
    await expect(ready.getToken()).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('org_id'),
    });
    (state.getToken as jest.Mock).mockResolvedValueOnce('not-a-jwt');
    await expect(ready.getToken()).rejects.toMatchObject({ status: 409 });
  });

  it('uses auth() when no state is given, and caches organization metadata until forgotten', async () => {
    currentAuth = signedIn();
    withMetadata({ backend_url: backendUrl });
    expect((await resolveOrganizationBackend()).state).toBe('ready');
    expect((await resolveOrganizationBackend()).state).toBe('ready');
    expect(auth).toHaveBeenCalled();
    expect(getOrganization).toHaveBeenCalledTimes(1);
    forgetOrganization('org_1');
    await resolveOrganizationBackend();
    expect(getOrganization).toHaveBeenCalledTimes(2);
    expect(clerkClient).toHaveBeenCalled();
  });

  it('Clerk API failures are an error state, not a crash', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    getOrganization.mockRejectedValue(new Error('network'));
    expect((await resolveOrganizationBackend(signedIn())).state).toBe('error');
    logged.mockRestore();
  });
});

describe('whoami on the organization backend', () => {
  async function ready() {
    withMetadata({ backend_url: backendUrl });
    return (await resolveOrganizationBackend(signedIn())) as Extract<OrganizationBackend, { state: 'ready' }>;
  }

  it('answers the identity, with the bearer token sent server-side', async () => {
    const result = await loadOrganizationIdentity(await ready());
    expect(result.state).toBe('ready');
    expect(seenAuthorization).toBe('Bearer session-jwt');
    expect(result.state === 'ready' && result.identity.roles).toEqual(['admin', 'viewer']);
  });

  it.each([500, 502, 503, 404])('whoami %i → provisioning', async (status) => {
    whoamiStatus = status;
    expect(await loadOrganizationIdentity(await ready())).toEqual({ state: 'provisioning' });
  });

  it.each([401, 403, 400])('whoami %i → the error page', async (status) => {
    whoamiStatus = status;
    const result = await loadOrganizationIdentity(await ready());
    expect(result).toMatchObject({ state: 'error', status });
  });

  it('an unreachable backend is still provisioning', async () => {
    withMetadata({ backend_url: 'http://127.0.0.1:1' });
    const b = (await resolveOrganizationBackend(signedIn())) as Extract<
      OrganizationBackend,
      { state: 'ready' }
    >;
    expect(await loadOrganizationIdentity(b)).toEqual({ state: 'provisioning' });
  });
});

describe('cached Clerk session', () => {
  it('is bound to user and organization and re-read when stale or switched', async () => {
    withMetadata({ backend_url: backendUrl });
    const first = await resolveClerkSession(signedIn(), undefined);
    expect(first.kind).toBe('session');
    const cookie = first.kind === 'session' ? first.cookie : undefined;
    expect(cookie).toBeDefined();
    const decoded = await decode({ token: cookie!, secret: SECRET, salt: CLERK_SESSION_COOKIE });
    expect(decoded).toMatchObject({ userId: 'user_1', orgId: 'org_1' });

    whoamiStatus = 503; // a cached answer needs no backend
    const again = await resolveClerkSession(signedIn(), cookie);
    expect(again).toMatchObject({ kind: 'session' });
    expect(again.kind === 'session' && again.cookie).toBeFalsy();

    getOrganization.mockResolvedValue({ id: 'org_2', publicMetadata: { backend_url: backendUrl } });
    expect(await resolveClerkSession(signedIn('org_2'), cookie)).toEqual({ kind: 'provisioning' });
    expect(await resolveClerkSession(signedIn(null), cookie)).toEqual({ kind: 'no-organization' });
    expect(await resolveClerkSession({ userId: null, getToken: async () => null }, cookie)).toEqual({
      kind: 'signed-out',
    });
    expect((await resolveClerkSession(signedIn(), `${cookie}x`)).kind).toBe('provisioning');
  });
});

describe('cached Clerk session age', () => {
  it('is re-read from whoami when older than 5 minutes', async () => {
    withMetadata({ backend_url: backendUrl });
    const identity = {
      user: { id: 'p1', name: 'Pat' },
      roles: ['viewer' as const],
      grants: { read: [], write: [] },
      features: {},
    };
    const fresh = await encodeClerkSession({
      userId: 'user_1',
      orgId: 'org_1',
      identity,
      refreshedAt: Date.now(),
    });
    const stale = await encodeClerkSession({
      userId: 'user_1',
      orgId: 'org_1',
      identity,
      refreshedAt: Date.now() - 6 * 60 * 1000,
    });
    const kept = await resolveClerkSession(signedIn(), fresh);
    expect(kept.kind === 'session' && kept.session.roles).toEqual(['viewer']);
    const reread = await resolveClerkSession(signedIn(), stale);
    expect(reread.kind === 'session' && reread.session.roles).toEqual(['admin', 'viewer']);
    expect(reread.kind === 'session' && reread.cookie).toBeTruthy();
  });
});

describe('clerk mode in middleware', () => {
  const event = {} as NextFetchEvent;
  const PK = `pk_test_${Buffer.from('fake-app-00.clerk.accounts.dev$').toString('base64')}`;
  let middleware: (request: NextRequest, event: NextFetchEvent) => Promise<Response>;

  beforeAll(async () => {
    process.env.AUTH_PROVIDER = 'clerk';
    process.env.NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY = PK;
    process.env.CLERK_SECRET_KEY = 'sk_test_fake';
    middleware = (await import('@/middleware')).middleware as never;
  });
  afterAll(() => {
    process.env.AUTH_PROVIDER = 'basic';
    delete process.env.NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY;
    delete process.env.CLERK_SECRET_KEY;
  });

  const req = (path: string, cookie?: string) =>
    new NextRequest(new URL(path, 'http://127.0.0.1:3000'), {
      headers: cookie ? { cookie: `${CLERK_SESSION_COOKIE}=${cookie}` } : {},
    });
  /** /api goes to its route handler, which answers Clerk's states itself. */
  const api = async (path: string) =>
    (await import('@/lib/backend/proxy-route')).proxyRoute(
      new Request(new URL(path, 'http://127.0.0.1:3000')),
    );
  const location = (r: Response) => {
    const u = new URL(r.headers.get('location') ?? '', 'http://x');
    return `${u.pathname}${u.search}`;
  };

  it('unauthenticated → sign-in with return_to; public pages pass', async () => {
    currentAuth = { userId: null, orgId: null, getToken: async () => null };
    expect(location(await middleware(req('/incidents?x=1'), event))).toBe(
      '/login?return_to=%2Fincidents%3Fx%3D1',
    );
    expect((await middleware(req('/login'), event)).headers.get('x-middleware-next')).toBe('1');
  });

  it('no organization → organization selection', async () => {
    currentAuth = signedIn(null);
    expect(location(await middleware(req('/topology'), event))).toBe('/organizations?return_to=%2Ftopology');
    expect((await middleware(req('/organizations'), event)).headers.get('x-middleware-next')).toBe('1');
    const refused = await api('/api/db/checks');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'Select an organization first.' });
  });

  it('provisioning and errors show the organization status page; /api answers 503', async () => {
    currentAuth = signedIn();
    withMetadata({});
    const page = await middleware(req('/topology'), event);
    expect(page.headers.get('x-middleware-rewrite')).toContain('/organizations/status?return_to=%2Ftopology');
    const provisioning = await api('/api/db/checks');
    expect(provisioning.status).toBe(503);
    expect(provisioning.headers.get('cache-control')).toBe('no-store');
    forgetOrganization();
    withMetadata({ backend_url: backendUrl, direct: 'maybe' });
    const error = await middleware(req('/topology'), event);
    expect(error.headers.get('x-middleware-rewrite')).toContain('/organizations/status');
  });

  it('a ready organization gates by whoami roles, writes the session cookie and allows Clerk in the CSP', async () => {
    currentAuth = signedIn();
    withMetadata({ backend_url: backendUrl });
    const response = await middleware(req('/settings/connections'), event);
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(
      response.headers
        .getSetCookie()
        .some((c) => c.startsWith(`${CLERK_SESSION_COOKIE}=`) && /httponly/i.test(c)),
    ).toBe(true);
    expect(response.headers.get('content-security-policy')).toContain(
      "connect-src 'self' https://fake-app-00.clerk.accounts.dev",
    );
  });

  it('/api: signed out → 401; a ready organization reaches its backend with the Clerk token and gets the cookie', async () => {
    currentAuth = { userId: null, orgId: null, getToken: async () => null };
    expect((await api('/api/db/checks')).status).toBe(401);
    currentAuth = signedIn();
    withMetadata({ backend_url: backendUrl });
    seenAuthorization = undefined;
    const response = await api('/api/db/checks?select=id');
    expect(response.status).toBe(200);
    expect(seenAuthorization).toBe('Bearer session-jwt');
    expect(
      response.headers
        .getSetCookie()
        .some((c) => c.startsWith(`${CLERK_SESSION_COOKIE}=`) && /httponly/i.test(c)),
    ).toBe(true);
  });
});

describe('configuration', () => {
  it('Clerk mode without keys fails at start with a clear message', () => {
    const env = {
      ...getEnv(),
      AUTH_PROVIDER: 'clerk' as const,
      NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: undefined,
      CLERK_SECRET_KEY: undefined,
    };
    expect(authConfigurationProblem(env)).toMatch(
      /AUTH_PROVIDER=clerk needs NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY and CLERK_SECRET_KEY/,
    );
    expect(authConfigurationProblem({ ...env, AUTH_PROVIDER: 'kratos', KRATOS_URL: undefined })).toMatch(
      /KRATOS_URL/,
    );
  });

  it('derives the Frontend API host from the publishable key for the CSP', () => {
    const pk = `pk_live_${Buffer.from('clerk.example.com$').toString('base64')}`;
    expect(clerkFrontendApiHost(pk)).toBe('clerk.example.com');
    expect(clerkFrontendApiHost('nonsense')).toBeUndefined();
    expect(withClerkSources("connect-src 'self'; img-src 'self'", pk)).toContain(
      "connect-src 'self' https://clerk.example.com",
    );
  });

  it('derives the Account Portal organization page the users screen links to, as Clerk does', () => {
    const key = (host: string) => `pk_test_${Buffer.from(`${host}$`).toString('base64')}`;
    expect(clerkOrganizationSettingsUrl(key('clerk.example.com'))).toBe(
      'https://accounts.example.com/organization',
    );
    expect(clerkOrganizationSettingsUrl(key('foo-bar-13.clerk.accounts.dev'))).toBe(
      'https://foo-bar-13.accounts.dev/organization',
    );
    expect(clerkOrganizationSettingsUrl(key('foo.clerk.accountsstage.dev'))).toBe(
      'https://foo.accountsstage.dev/organization',
    );
    expect(clerkOrganizationSettingsUrl('nonsense')).toBeUndefined();
    expect(clerkOrganizationSettingsUrl(undefined)).toBeUndefined();
  });
});
