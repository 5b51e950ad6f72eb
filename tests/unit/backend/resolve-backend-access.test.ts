/** @jest-environment node */
import type { ConsoleSession } from '@/lib/auth/session';
import { computeGrants } from '@/lib/auth/permissions';

const getBackendToken = jest.fn<Promise<string | undefined>, []>();
const getBackendCookie = jest.fn<Promise<string | undefined>, []>();
const loginWithPassword = jest.fn();
const resolveOrganizationBackend = jest.fn();
/** What the HTTP transport was asked to send: the full URL and its init (the transport itself is tested in http-transport.test.ts). */
const sent = jest.fn<Promise<Response>, [string, RequestInit | undefined]>();

jest.mock('@/lib/auth/server', () => ({
  getBackendToken: () => getBackendToken(),
  getBackendCookie: () => getBackendCookie(),
}));
jest.mock('@/lib/auth/identity', () => ({
  loginWithPassword: (...args: unknown[]) => loginWithPassword(...args),
}));
jest.mock('@/lib/backend/transport', () => ({
  ...jest.requireActual<object>('@/lib/backend/transport'),
  httpTransport: (base: string) => (path: string, init?: RequestInit) => sent(`${base}${path}`, init),
}));
jest.mock('@/lib/auth/clerk/organization-backend', () => ({
  PROVISIONING_MESSAGE: 'Please wait, instance provisioning in-progress ...',
  resolveOrganizationBackend: () => resolveOrganizationBackend(),
}));

import { BackendError } from '@/lib/backend/errors';
import { resolveBackendAccess } from '@/lib/backend/backend-access';

function session(mode: ConsoleSession['mode']): ConsoleSession {
  return {
    mode,
    user: { id: 'u', name: 'u' },
    roles: ['viewer'],
    grants: computeGrants(['viewer']),
    features: {},
    refreshedAt: 0,
  };
}

beforeEach(() => {
  jest.resetAllMocks();
  process.env.BACKEND_URL = 'http://backend.invalid:9';
  sent.mockImplementation(async () => new Response('{}', { status: 200 }));
});

afterAll(() => {
  delete process.env.BACKEND_URL;
});

describe('resolveBackendAccess', () => {
  it('basic mode sends the session token to BACKEND_URL', async () => {
    getBackendToken.mockResolvedValue('basic-token');
    const access = await resolveBackendAccess(session('basic'));
    expect(access.token).toBe('basic-token');
    await access.transport('/auth/whoami');
    expect(sent.mock.calls[0]?.[0]).toBe('http://backend.invalid:9/auth/whoami');
  });

  it('kratos mode adds the identity session cookie to every backend call, and no bearer', async () => {
    getBackendCookie.mockResolvedValue('ory_kratos_session=abc');
    const access = await resolveBackendAccess(session('kratos'));
    expect(access.token).toBeUndefined();
    await access.transport('/db/checks', { headers: { cookie: 'browser=leak' } });
    const headers = new Headers(sent.mock.calls[0]?.[1]?.headers);
    expect(headers.get('cookie')).toBe('ory_kratos_session=abc');
  });

  it('clerk mode calls the organization backend with the Clerk token', async () => {
    resolveOrganizationBackend.mockResolvedValue({
      state: 'ready',
      orgId: 'org_1',
      baseUrl: 'https://org-one.invalid',
      direct: false,
      getToken: async () => 'clerk-token',
    });
    const access = await resolveBackendAccess(session('clerk'));
    expect(access.token).toBe('clerk-token');
    await access.transport('/canary/about');
    expect(sent.mock.calls[0]?.[0]).toBe('https://org-one.invalid/canary/about');
  });

  it('clerk mode without a backend address answers the provisioning message', async () => {
    resolveOrganizationBackend.mockResolvedValue({ state: 'provisioning', orgId: 'org_2' });
    await expect(resolveBackendAccess(session('clerk'))).rejects.toEqual(
      expect.objectContaining({ status: 503, message: 'Please wait, instance provisioning in-progress ...' }),
    );
    resolveOrganizationBackend.mockResolvedValue({
      state: 'error',
      orgId: 'org_3',
      message: 'Invalid boolean value',
    });
    await expect(resolveBackendAccess(session('clerk'))).rejects.toBeInstanceOf(BackendError);
  });

  it('standalone mode sends no credential to a real backend', async () => {
    const access = await resolveBackendAccess(session('none'));
    expect(access.token).toBeUndefined();
    expect(loginWithPassword).not.toHaveBeenCalled();
  });

  it('standalone mode on the embedded backend reads as the demo guest, once', async () => {
    delete process.env.BACKEND_URL;
    loginWithPassword.mockResolvedValue({
      token: 'guest-token',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const [a, b] = await Promise.all([
      resolveBackendAccess(session('none')),
      resolveBackendAccess(session('none')),
    ]);
    expect(a.token).toBe('guest-token');
    expect(b.token).toBe('guest-token');
    expect(loginWithPassword).toHaveBeenCalledTimes(1);
    expect(loginWithPassword.mock.calls[0]?.slice(1)).toEqual(['guest', 'demo']);
  });
});
