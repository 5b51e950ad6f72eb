/** @jest-environment node */
import {
  recordSignInFailure,
  recordSignInSuccess,
  resetSignInThrottle,
  SIGN_IN_THROTTLE,
  signInWaitSeconds,
  tooManyAttemptsMessage,
} from '@/lib/auth/sign-in-throttle';

const T0 = 1_800_000_000_000;

beforeEach(() => resetSignInThrottle());

describe('per account', () => {
  it('the 5th failure imposes 5 s, each further one doubles it, up to 15 minutes', () => {
    let now = T0;
    const waits: number[] = [];
    for (let i = 1; i <= 14; i++) {
      recordSignInFailure('admin', `10.0.0.${i}`, now);
      waits.push(signInWaitSeconds('admin', '10.0.0.99', now));
      now += waits.at(-1)! * 1000;
    }
    expect(waits).toEqual([0, 0, 0, 0, 5, 10, 20, 40, 80, 160, 320, 640, 900, 900]);
  });

  it('counts down, and is the same account whatever its case and spaces', () => {
    for (let i = 0; i < 5; i++) recordSignInFailure('Admin ', 'a', T0);
    expect(signInWaitSeconds(' admin', 'b', T0 + 1_200)).toBe(4);
    expect(signInWaitSeconds('ADMIN', 'b', T0 + 5_000)).toBe(0);
    expect(signInWaitSeconds('editor', 'b', T0)).toBe(0);
  });

  it('a success ends the count; successes alone never impose a wait', () => {
    for (let i = 0; i < 4; i++) recordSignInFailure('admin', 'a', T0);
    recordSignInSuccess('admin');
    recordSignInFailure('admin', 'b', T0);
    expect(signInWaitSeconds('admin', 'c', T0)).toBe(0);
    for (let i = 0; i < 500; i++) recordSignInSuccess('viewer');
    expect(signInWaitSeconds('viewer', 'a', T0)).toBe(0);
  });

  it('forgets failures after 15 quiet minutes', () => {
    for (let i = 0; i < 4; i++) recordSignInFailure('admin', `x${i}`, T0);
    recordSignInFailure('admin', 'y', T0 + SIGN_IN_THROTTLE.forgetAfterMs + 1);
    expect(signInWaitSeconds('admin', 'z', T0 + SIGN_IN_THROTTLE.forgetAfterMs + 1)).toBe(0);
  });
});

describe('per address', () => {
  it('the 20th failure from one address, over any accounts, makes that address wait, not others', () => {
    for (let i = 0; i < 19; i++) recordSignInFailure(`user-${i}`, '203.0.113.7', T0);
    expect(signInWaitSeconds('someone-new', '203.0.113.7', T0)).toBe(0);
    recordSignInFailure('user-19', '203.0.113.7', T0);
    expect(signInWaitSeconds('someone-new', '203.0.113.7', T0)).toBe(5);
    expect(signInWaitSeconds('someone-new', '198.51.100.1', T0)).toBe(0);
  });

  it("a success on one's own account does not reset the address", () => {
    for (let i = 0; i < 20; i++) recordSignInFailure(`user-${i}`, '203.0.113.8', T0);
    recordSignInSuccess('attacker');
    expect(signInWaitSeconds('victim', '203.0.113.8', T0)).toBe(5);
  });
});

it('keeps a bounded number of counts, dropping the oldest', () => {
  for (let i = 0; i < SIGN_IN_THROTTLE.maxEntries + 10; i++) recordSignInFailure(`random-${i}`, `a-${i}`, T0);
  // random-0's first failure was dropped: four more make four, not five.
  for (let i = 0; i < 4; i++) recordSignInFailure('random-0', 'a-0', T0);
  expect(signInWaitSeconds('random-0', 'b', T0)).toBe(0);
  for (let i = 0; i < 4; i++) recordSignInFailure(`random-${SIGN_IN_THROTTLE.maxEntries + 9}`, 'c', T0);
  expect(signInWaitSeconds(`random-${SIGN_IN_THROTTLE.maxEntries + 9}`, 'b', T0)).toBe(5);
});

it("says 'Too many attempts, try again in N seconds'", () => {
  expect(tooManyAttemptsMessage(5)).toBe('Too many attempts, try again in 5 seconds');
});
