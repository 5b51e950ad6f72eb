/**
 * @jest-environment node
 */
import type * as NextAuthModule from '@/lib/auth/next-auth';
import type * as ProbesModule from '@/lib/telemetry/probes';
import { installProbes, type SignInOutcome } from '@/lib/telemetry/probes';
import { recordSignInOutcomes } from '@/tests/helpers/sign-in-probes';

/**
 * Issue 36's sign-in metric counts a password sign-in once: next-auth's authorize, where every one ends (form,
 * kiosk link, API callback), passes the probe; the form's server action must not count the same attempt again.
 */

const outcomes: SignInOutcome[] = [];

jest.mock('next/headers', () => ({
  cookies: async () => ({
    get: () => undefined,
    has: () => false,
    set: () => undefined,
    delete: () => undefined,
  }),
  headers: async () => new Headers(),
}));
jest.mock('@/lib/auth/server', () => ({ authMode: () => 'basic' }));
jest.mock('@/lib/auth/next-auth', () => {
  const actual = jest.requireActual<typeof NextAuthModule>('@/lib/auth/next-auth');
  const { probes: current } = jest.requireActual<typeof ProbesModule>('@/lib/telemetry/probes');
  return {
    ...actual,
    // As next-auth does: authorize runs (and is counted) inside signIn, whose success is Next's redirect.
    signIn: async (_provider: string, options: { password: string }) => {
      await current().signIn(
        async () => {
          if (options.password !== 'demo') throw new actual.TooManyAttempts(30);
          return { id: 'u' };
        },
        (_user, error) => (error ? 'throttled' : 'success'),
      );
      throw Object.assign(new Error('NEXT_REDIRECT'), { digest: 'NEXT_REDIRECT;replace;/health;307;' });
    },
  };
});

import { signInAction } from '@/lib/auth/actions/sign-in';

beforeAll(() => {
  process.env.AUTH_SECRET = 'unit-test-secret-0123456789-abcdef';
  recordSignInOutcomes(outcomes);
});

afterAll(() => installProbes(undefined));

function form(password: string): FormData {
  const data = new FormData();
  data.set('username', 'admin');
  data.set('password', password);
  data.set('return_to', '/health');
  return data;
}

test('a form sign-in is counted once, by authorize', async () => {
  await expect(signInAction({}, form('demo'))).rejects.toThrow('NEXT_REDIRECT');
  expect(outcomes).toEqual(['success']);
});

test('a refused form sign-in is counted once, with its outcome', async () => {
  outcomes.length = 0;
  const state = await signInAction({}, form('wrong'));
  expect(state.error).toMatch(/Too many/i);
  expect(outcomes).toEqual(['throttled']);
});
