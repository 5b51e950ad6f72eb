/**
 * @jest-environment node
 */
import { MemoryRevocationStore, isSessionRevoked, setRevocationStore } from '@/lib/auth/session-revocation';

/**
 * Kratos mode, password change through the settings flow the console submits (issue 13 §9): the person's console
 * sessions signed in before it end (other devices, saved copies of the cookie), and this browser gets a new one.
 */

const submitted = {
  outcome: {
    kind: 'flow',
    flow: { id: 'flow-9', state: 'success', ui: { nodes: [], messages: [] } },
  } as object,
};
const established: string[] = [];

jest.mock('next/navigation', () => ({
  redirect: (to: string) => Promise.reject(new Error(`redirect ${to}`)),
}));
jest.mock('next/headers', () => ({ headers: async () => new Headers() }));
jest.mock('@/lib/auth/server', () => ({
  getSession: async () => ({ user: { id: 'person-1', name: 'Ada' } }),
}));
jest.mock('@/lib/auth/kratos/server', () => ({
  kratos: () => ({}),
  nextCookieJar: async () => ({ header: () => '', apply: () => undefined }),
  requestOrigin: async () => 'https://console.example',
}));
jest.mock('@/lib/auth/kratos/flows', () => ({
  ...jest.requireActual<object>('@/lib/auth/kratos/flows'),
  submitFlow: async () => submitted.outcome,
}));
jest.mock('@/lib/auth/kratos/establish', () => ({
  establishConsoleSession: async (_jar: unknown, _ctx: unknown, next: string) => {
    established.push(next);
    return '';
  },
}));

import { submitKratosFlowAction } from '@/lib/auth/kratos/actions';

function form(method: string): FormData {
  const f = new FormData();
  f.set('__flow', 'flow-9');
  f.set('method', method);
  f.set('password', 'a brand new password');
  return f;
}

beforeAll(() => {
  process.env.AUTH_PROVIDER = 'kratos';
  process.env.KRATOS_URL = 'http://kratos.invalid';
  setRevocationStore(new MemoryRevocationStore());
});

beforeEach(() => {
  established.length = 0;
});

it('a changed password ends the sessions signed in before it, and re-establishes this one on the flow page', async () => {
  const before = { sid: 'old-session', userId: 'person-1', signedInAt: Date.now() - 60_000 };
  expect(await isSessionRevoked(before)).toBe(false);
  await submitKratosFlowAction('settings', '/health', {}, form('password'));
  expect(await isSessionRevoked(before)).toBe(true);
  expect(await isSessionRevoked({ sid: 'new-session', userId: 'person-1', signedInAt: Date.now() + 1 })).toBe(
    false,
  );
  expect(
    await isSessionRevoked({ sid: 'someone-else', userId: 'person-2', signedInAt: Date.now() - 60_000 }),
  ).toBe(false);
  expect(established).toEqual(['/profile-settings?flow=flow-9&return_to=%2Fhealth']);
});

it('other settings changes and failed password changes end nothing', async () => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  const session = { sid: 'kept', userId: 'person-1', signedInAt: Date.now() };
  await submitKratosFlowAction('settings', '/health', {}, form('profile'));
  submitted.outcome = {
    kind: 'flow',
    flow: { id: 'flow-9', state: 'show_form', ui: { nodes: [], messages: [] } },
  };
  await submitKratosFlowAction('settings', '/health', {}, form('password'));
  expect(established).toEqual([]);
  expect(await isSessionRevoked(session)).toBe(false);
});
