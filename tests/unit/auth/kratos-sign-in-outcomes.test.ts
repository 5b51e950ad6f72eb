/**
 * @jest-environment node
 */
import type { SubmitOutcome } from '@/lib/auth/kratos/flows';
import { throttledPasswordLogin } from '@/lib/auth/kratos/password-sign-in';
import { resetSignInThrottle } from '@/lib/auth/sign-in-throttle';
import { installProbes, type SignInOutcome } from '@/lib/telemetry/probes';
import { recordSignInOutcomes } from '@/tests/helpers/sign-in-probes';

/**
 * Kratos password logins count in the sign-in metric like basic ones (issue 36): every submitted or refused login
 * passes the sign-in probe once, with the outcome the identity server's answer means.
 */

jest.mock('next/headers', () => ({
  headers: async () => new Headers({ 'x-console-client-address': '203.0.113.7' }),
}));

const outcomes: SignInOutcome[] = [];

beforeAll(() => recordSignInOutcomes(outcomes));

afterAll(() => installProbes(undefined));

beforeEach(() => {
  outcomes.length = 0;
  resetSignInThrottle();
});

const answer = (outcome: SubmitOutcome) => async () => outcome;
const invalid: SubmitOutcome = {
  kind: 'flow',
  flow: { id: 'f', ui: { nodes: [], messages: [] } } as never,
};

test('a login Kratos accepts counts as success, a kept flow as invalid, its outage as unavailable', async () => {
  await throttledPasswordLogin('ada', answer({ kind: 'signed-in' }));
  await throttledPasswordLogin('ada', answer({ kind: 'redirect', to: '/' }));
  await throttledPasswordLogin('ada', answer(invalid));
  await throttledPasswordLogin('ada', answer({ kind: 'error', status: 502, message: 'down' }));
  await throttledPasswordLogin('ada', answer({ kind: 'error', status: 400, message: 'bad' }));
  expect(outcomes).toEqual(['success', 'success', 'invalid', 'unavailable', 'error']);
});

test('a login refused by the backoff is counted as throttled without reaching Kratos', async () => {
  for (let i = 0; i < 5; i++) await throttledPasswordLogin('grace', answer(invalid));
  const submit = jest.fn(answer({ kind: 'signed-in' }));
  const refused = await throttledPasswordLogin('grace', submit);
  expect(refused).toMatchObject({ kind: 'error', status: 429 });
  expect(submit).not.toHaveBeenCalled();
  expect(outcomes).toEqual([...Array(5).fill('invalid'), 'throttled']);
});
