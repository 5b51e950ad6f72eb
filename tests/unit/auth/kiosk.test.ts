/**
 * @jest-environment node
 */
import type * as NextAuthModule from '@/lib/auth/next-auth';

/**
 * Kiosk links as a login CSRF (issue 31 item 9): credentials sealed from another site's link are used only through
 * the confirmation form; the sign-in page's automatic call is refused and keeps them for that form.
 */
const jar = new Map<string, string>();
const signIns: string[] = [];

jest.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    has: (name: string) => jar.has(name),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (name: string) => void jar.delete(name),
  }),
  headers: async () => new Headers(),
}));
jest.mock('@/lib/auth/server', () => ({ authMode: () => 'basic' }));
jest.mock('@/lib/auth/next-auth', () => {
  const actual = jest.requireActual<typeof NextAuthModule>('@/lib/auth/next-auth');
  return {
    ...actual,
    signIn: async (_provider: string, options: { username: string }) => {
      signIns.push(options.username);
      throw new Error('NEXT_REDIRECT');
    },
  };
});

import { confirmKioskSignInAction, kioskSignInAction } from '@/lib/auth/actions/sign-in';
import { isDirectNavigation, KIOSK_COOKIE, kioskModeOf, sealKioskCredentials } from '@/lib/auth/kiosk';

beforeAll(() => {
  process.env.AUTH_SECRET = 'unit-test-secret-0123456789-abcdef';
});
beforeEach(() => {
  jar.clear();
  signIns.length = 0;
});

const form = (returnTo = '/health') => {
  const data = new FormData();
  data.set('return_to', returnTo);
  return data;
};

describe('kiosk sign-in (issue 31 item 9)', () => {
  it('tells a direct or same-origin navigation from one another site started', () => {
    expect(isDirectNavigation(new Headers({ 'sec-fetch-site': 'none' }))).toBe(true);
    expect(isDirectNavigation(new Headers({ 'sec-fetch-site': 'same-origin' }))).toBe(true);
    for (const site of ['cross-site', 'same-site', ''])
      expect(isDirectNavigation(new Headers({ 'sec-fetch-site': site }))).toBe(false);
    expect(isDirectNavigation(new Headers())).toBe(false);
  });

  it('lets the page sign in at once with a direct link’s credentials', async () => {
    const sealed = await sealKioskCredentials({ username: 'viewer', password: 'demo', confirm: false });
    expect(await kioskModeOf(sealed)).toBe('auto');
    jar.set(KIOSK_COOKIE, sealed);
    await expect(kioskSignInAction('/health')).rejects.toThrow('NEXT_REDIRECT');
    expect(signIns).toEqual(['viewer']);
    expect(jar.has(KIOSK_COOKIE)).toBe(false);
  });

  it('refuses the automatic sign-in with another site’s link, keeps the cookie, and signs in only from the confirmation form', async () => {
    const sealed = await sealKioskCredentials({ username: 'attacker', password: 'theirs', confirm: true });
    expect(await kioskModeOf(sealed)).toBe('confirm');
    jar.set(KIOSK_COOKIE, sealed);
    for (const confirmed of [undefined, false, 'true', 1]) {
      const result = await kioskSignInAction('/health', confirmed);
      expect(result.error).toMatch(/another site/);
    }
    expect(signIns).toEqual([]);
    expect(jar.get(KIOSK_COOKIE)).toBe(sealed);
    await expect(confirmKioskSignInAction({}, form())).rejects.toThrow('NEXT_REDIRECT');
    expect(signIns).toEqual(['attacker']);
    expect(jar.has(KIOSK_COOKIE)).toBe(false);
  });

  it('reports an expired or forged cookie as an expired link', async () => {
    expect(await kioskModeOf(undefined)).toBeNull();
    expect(await kioskModeOf('forged')).toBe('auto');
    jar.set(KIOSK_COOKIE, 'forged');
    expect(await kioskSignInAction('/health')).toEqual({
      error: 'The sign-in link has expired. Please sign in.',
    });
  });
});
