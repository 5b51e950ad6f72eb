/** @jest-environment node */
import {
  cookieValue,
  DEVICE_MAX_AGE_SECONDS,
  deviceProofFor,
  rememberDevice,
  signDeviceProof,
  verifyDeviceProof,
} from '@/lib/auth/sign-in-device';
import {
  recordSignInFailure,
  resetSignInThrottle,
  SIGN_IN_THROTTLE,
  signInWaitSeconds,
} from '@/lib/auth/sign-in-throttle';

const SECRET = 'device-test-secret-0123456789abcdef';
const T0 = 1_800_000_000_000;

beforeEach(() => resetSignInThrottle());

describe('device proofs (issue 31 item 10)', () => {
  it('verifies its own proofs: account (as typed, any case) and person', () => {
    const proof = signDeviceProof({ account: ' Responder ', personId: 'p-1', issuedAt: T0 }, SECRET);
    expect(verifyDeviceProof(proof, SECRET, T0 + 1000)).toEqual({
      account: 'responder',
      personId: 'p-1',
      issuedAt: T0,
    });
  });

  it('cannot be forged, moved to another account or person, or kept past 90 days', () => {
    const proof = signDeviceProof({ account: 'responder', personId: 'p-1', issuedAt: T0 }, SECRET);
    const [, payload, mac] = proof.split('.');
    const swapped = Buffer.from(JSON.stringify({ a: 'admin', p: 'p-admin', t: T0 })).toString('base64url');
    const forged = [
      signDeviceProof(
        { account: 'responder', personId: 'p-1', issuedAt: T0 },
        'another-secret-0123456789abcdef',
      ),
      `v1.${swapped}.${mac}`,
      `v1.${payload}.${mac}x`,
      `v1.${payload}.`,
      `v2.${payload}.${mac}`,
      `v1.${payload}.${mac}.extra`,
      'garbage',
      '',
      undefined,
    ];
    for (const raw of forged)
      expect({ raw, ok: verifyDeviceProof(raw, SECRET, T0) }).toEqual({ raw, ok: null });
    expect(verifyDeviceProof(proof, SECRET, T0 + DEVICE_MAX_AGE_SECONDS * 1000 + 1)).toBeNull();
  });

  it('keeps one proof per account, newest first, at most five, and finds the one of the account typed', () => {
    let cookie: string | undefined;
    for (const account of ['a', 'b', 'c', 'd', 'e', 'f', 'b'])
      cookie = rememberDevice(cookie, { account, personId: `p-${account}` }, SECRET, T0);
    const accounts = cookie!.split('~').map((raw) => verifyDeviceProof(raw, SECRET, T0)?.account);
    expect(accounts).toEqual(['b', 'f', 'e', 'd', 'c']);
    expect(verifyDeviceProof(deviceProofFor(cookie, ' B', SECRET, T0), SECRET, T0)?.personId).toBe('p-b');
    expect(deviceProofFor(cookie, 'a', SECRET, T0)).toBeUndefined();
    expect(deviceProofFor(`forged~${cookie}`, 'zzz', SECRET, T0)).toBeUndefined();
    expect(cookieValue(`x=1; console.device=${cookie}; y=2`, 'console.device')).toBe(cookie);
  });

  it('lets a device that signed in before through its account’s lock, never through its address’s', () => {
    for (let i = 0; i < SIGN_IN_THROTTLE.accountFreeFailures; i++)
      recordSignInFailure('responder', `198.51.100.${i}`, T0);
    expect(signInWaitSeconds('responder', '203.0.113.1', T0)).toBe(5);
    expect(signInWaitSeconds('responder', '203.0.113.1', T0, { trustedDevice: true })).toBe(0);
    for (let i = 0; i < SIGN_IN_THROTTLE.addressFreeFailures; i++)
      recordSignInFailure(`user-${i}`, '203.0.113.2', T0);
    expect(signInWaitSeconds('responder', '203.0.113.2', T0, { trustedDevice: true })).toBeGreaterThan(0);
  });
});
