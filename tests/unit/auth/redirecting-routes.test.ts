/**
 * @jest-environment node
 */
import type { ReactElement, ReactNode } from 'react';
import type * as Errors from '@/lib/backend/errors';
import type * as NextAuthModule from '@/lib/auth/next-auth';
import { HOSTILE_RETURN_TO, staysOnOrigin } from './hostile-return-to';

/**
 * Issue 13 §3 at the level of the routes: every page, action and handler that redirects to a user-supplied target,
 * in every sign-in mode, fed the whole hostile table. Next's redirect() is replaced by one that records its
 * target; the session and the identity providers are stubbed per case.
 */

class Redirected extends Error {
  constructor(readonly to: string) {
    super(`redirect ${to}`);
  }
}

const state = {
  mode: 'basic' as 'basic' | 'kratos' | 'clerk' | 'none',
  session: null as object | null,
  clerkUserId: null as string | null,
  clerkResolution: { kind: 'signed-out' } as { kind: string; session?: object; message?: string },
  whoamiStatus: 200,
  signedInRedirect: '' as string,
};

jest.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Redirected(to);
  },
  notFound: () => {
    throw new Error('not found');
  },
  forbidden: () => {
    throw new Error('forbidden');
  },
  unstable_rethrow: (error: unknown) => {
    if (error instanceof Redirected) throw error;
  },
}));
jest.mock('next/headers', () => ({
  headers: async () => new Headers({ host: 'console.example', 'x-forwarded-proto': 'https' }),
  cookies: async () => ({
    has: () => false,
    get: () => undefined,
    getAll: () => [],
    set: () => undefined,
    delete: () => undefined,
  }),
}));
jest.mock('@/lib/auth/server', () => ({
  authMode: () => state.mode,
  getSession: async () => state.session,
  getBackendToken: async () => 'token',
}));
jest.mock('@clerk/nextjs/server', () => ({
  auth: async () => ({ userId: state.clerkUserId, orgId: 'org_1', getToken: async () => null }),
}));
jest.mock('@/lib/auth/clerk/session', () => ({
  resolveClerkSession: async () => state.clerkResolution,
  CLERK_SESSION_COOKIE: 'console.clerk-session',
}));
jest.mock('@/lib/auth/identity', () => {
  const { BackendError } = jest.requireActual<typeof Errors>('@/lib/backend/errors');
  return {
    loadIdentity: async () => {
      if (state.whoamiStatus !== 200)
        throw new BackendError({ status: state.whoamiStatus, code: 'x', message: 'x' });
      return {};
    },
  };
});
jest.mock('@/lib/auth/next-auth', () => {
  const actual = jest.requireActual<typeof NextAuthModule>('@/lib/auth/next-auth');
  return {
    ...actual,
    credentialTransport: () => ({ transport: async () => new Response('{}'), token: 't' }),
    signIn: async (_provider: string, options: { redirectTo: string }) => {
      state.signedInRedirect = options.redirectTo;
      throw new Redirected(options.redirectTo);
    },
  };
});
jest.mock('@/lib/auth/kratos/server', () => ({
  kratos: () => ({}),
  nextCookieJar: async () => ({ header: () => '', apply: () => undefined }),
  requestOrigin: async () => 'https://console.example',
  kratosSessionCookie: () => 'ory_kratos_session=s',
}));
jest.mock('@/lib/auth/kratos/flows', () => ({
  ...jest.requireActual<object>('@/lib/auth/kratos/flows'),
  createFlow: async () => ({ kind: 'flow', flow: { id: 'flow-1' } }),
  checkSession: async () => ({ kind: 'session', session: {} }),
}));

import AuthStateCheckerPage from '@/app/(auth)/auth-state-checker/page';
import LoginPage from '@/app/(auth)/login/page';
import LogoutPage from '@/app/(auth)/logout/page';
import OrganizationStatusPage from '@/app/(auth)/organizations/status/page';
import { signInAction } from '@/lib/auth/actions/sign-in';
import { GET as kratosRoute } from '@/app/api/session/kratos/[action]/route';
import { safeRedirect } from '@/lib/auth/next-auth';

const ORIGIN = 'https://console.example';
const SESSION = {
  user: { id: 'u', name: 'u' },
  roles: ['viewer'],
  grants: { read: [], write: [] },
  features: {},
  mode: 'basic',
  refreshedAt: 0,
};

/** Every address the route sends the browser to: a redirect, or the returnTo/href props it renders. */
async function addressesOf(run: () => Promise<unknown> | unknown): Promise<string[]> {
  try {
    const element = await run();
    if (element instanceof Response) return [element.headers.get('location') ?? ''];
    if (Array.isArray(element) && element.every((a) => typeof a === 'string')) return element;
    return propsAddresses(element as ReactNode);
  } catch (error) {
    if (error instanceof Redirected) return [error.to];
    throw error;
  }
}

function propsAddresses(node: ReactNode): string[] {
  if (!node || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap(propsAddresses);
  const element = node as ReactElement<{ returnTo?: string; href?: string; children?: ReactNode }>;
  const own = [element.props?.returnTo, element.props?.href].filter(
    (v): v is string => typeof v === 'string',
  );
  return [...own, ...propsAddresses(element.props?.children)];
}

const params = (value: string) => ({ searchParams: Promise.resolve({ return_to: value }) });

interface Case {
  name: string;
  arrange: () => void;
  run: (value: string) => Promise<unknown> | unknown;
}

const cases: Case[] = [
  {
    name: 'auth-state-checker, standalone',
    arrange: () => Object.assign(state, { mode: 'none' }),
    run: (v) => AuthStateCheckerPage(params(v)),
  },
  {
    name: 'auth-state-checker, basic, valid session',
    arrange: () => Object.assign(state, { mode: 'basic', session: SESSION, whoamiStatus: 200 }),
    run: (v) => AuthStateCheckerPage(params(v)),
  },
  {
    name: 'auth-state-checker, basic, rejected token',
    arrange: () => Object.assign(state, { mode: 'basic', session: SESSION, whoamiStatus: 401 }),
    run: (v) => AuthStateCheckerPage(params(v)),
  },
  {
    name: 'auth-state-checker, basic, no session',
    arrange: () => Object.assign(state, { mode: 'basic', session: null }),
    run: (v) => AuthStateCheckerPage(params(v)),
  },
  {
    name: 'auth-state-checker, kratos',
    arrange: () => Object.assign(state, { mode: 'kratos' }),
    run: (v) => AuthStateCheckerPage(params(v)),
  },
  {
    name: 'auth-state-checker, clerk signed in',
    arrange: () => Object.assign(state, { mode: 'clerk', clerkUserId: 'user', session: SESSION }),
    run: (v) => AuthStateCheckerPage(params(v)),
  },
  {
    name: 'auth-state-checker, clerk signed out',
    arrange: () => Object.assign(state, { mode: 'clerk', clerkUserId: null }),
    run: (v) => AuthStateCheckerPage(params(v)),
  },
  {
    name: 'login, basic, signed in',
    arrange: () => Object.assign(state, { mode: 'basic', session: SESSION }),
    run: (v) => LoginPage(params(v)),
  },
  {
    name: 'login, basic, signed out (form)',
    arrange: () => Object.assign(state, { mode: 'basic', session: null }),
    run: (v) => LoginPage(params(v)),
  },
  {
    name: 'login, kratos, signed in',
    arrange: () => Object.assign(state, { mode: 'kratos', session: SESSION }),
    run: (v) => LoginPage(params(v)),
  },
  {
    name: 'login, clerk, signed in',
    arrange: () => Object.assign(state, { mode: 'clerk', session: null, clerkUserId: 'user' }),
    run: (v) => LoginPage(params(v)),
  },
  {
    name: "login, clerk, signed out (Clerk's redirect props)",
    arrange: () => Object.assign(state, { mode: 'clerk', session: null, clerkUserId: null }),
    run: (v) => LoginPage(params(v)),
  },
  {
    name: 'logout, basic (form)',
    arrange: () => Object.assign(state, { mode: 'basic', session: SESSION }),
    run: (v) => LogoutPage(params(v)),
  },
  {
    name: 'logout, basic, signed out',
    arrange: () => Object.assign(state, { mode: 'basic', session: null }),
    run: (v) => LogoutPage(params(v)),
  },
  {
    name: 'logout, clerk (form props)',
    arrange: () => Object.assign(state, { mode: 'clerk', clerkUserId: 'user' }),
    run: (v) => LogoutPage(params(v)),
  },
  {
    name: 'logout, clerk, signed out',
    arrange: () => Object.assign(state, { mode: 'clerk', clerkUserId: null }),
    run: (v) => LogoutPage(params(v)),
  },
  ...(['signed-out', 'no-organization', 'session', 'provisioning', 'error'] as const).map((kind): Case => ({
    name: `organizations/status, clerk, ${kind}`,
    arrange: () =>
      Object.assign(state, { mode: 'clerk', clerkResolution: { kind, session: SESSION, message: 'x' } }),
    run: (v) => OrganizationStatusPage(params(v)),
  })),
  {
    name: 'sign-in action, basic',
    arrange: () => Object.assign(state, { mode: 'basic' }),
    run: async (v) => {
      const form = new FormData();
      form.set('username', 'admin');
      form.set('password', 'demo');
      form.set('return_to', v);
      await signInAction({}, form);
      return state.signedInRedirect;
    },
  },
  ...(['login', 'registration', 'recovery', 'verification', 'settings', 'check'] as const).map(
    (action): Case => ({
      name: `kratos browser endpoint /api/session/kratos/${action}`,
      arrange: () => Object.assign(state, { mode: 'kratos' }),
      run: (v) =>
        kratosRoute(
          new Request(`${ORIGIN}/api/session/kratos/${action}?return_to=${encodeURIComponent(v)}`),
          { params: Promise.resolve({ action }) },
        ),
    }),
  ),
  {
    name: "next-auth's redirect callback (callbackUrl, redirectTo), relative",
    arrange: () => undefined,
    run: (v) => [safeRedirect(v, ORIGIN)],
  },
  {
    name: "next-auth's redirect callback, on our origin",
    arrange: () => undefined,
    run: (v) => [safeRedirect(`${ORIGIN}${v.startsWith('/') ? '' : '/'}${v}`, ORIGIN)],
  },
];

beforeAll(() => {
  process.env.AUTH_SECRET = 'redirecting-routes-secret-0123456789';
  process.env.KRATOS_URL = 'http://kratos.invalid';
});

describe.each(cases)('$name', ({ arrange, run }) => {
  it(`never leaves the origin for any of the ${HOSTILE_RETURN_TO.length} hostile return_to values`, async () => {
    for (const value of HOSTILE_RETURN_TO) {
      arrange();
      state.signedInRedirect = '';
      const flat = await addressesOf(() => run(value));
      expect({ value, addresses: flat.length > 0 }).toEqual({ value, addresses: true });
      expect({ value, ok: flat.every((address) => staysOnOrigin(address, ORIGIN)) }).toEqual({
        value,
        ok: true,
      });
      // Nothing of the hostile value survives: the address is the fallback or carries no return_to at all.
      for (const address of flat) {
        const url = new URL(address, ORIGIN);
        const nested = url.searchParams.get('return_to');
        expect({ value, address, nested: nested === null || nested === '/' }).toEqual({
          value,
          address,
          nested: true,
        });
      }
    }
  });

  it('keeps a plain path', async () => {
    arrange();
    const addresses = await addressesOf(() => run('/health?x=1'));
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((address) => staysOnOrigin(address, ORIGIN))).toBe(true);
  });
});
