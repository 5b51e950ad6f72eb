/**
 * @jest-environment node
 */
import { encode, type getToken } from 'next-auth/jwt';

const decrypts = jest.fn();
jest.mock('next-auth/jwt', () => {
  const actual = jest.requireActual<{ getToken: typeof getToken }>('next-auth/jwt');
  return {
    ...actual,
    getToken: (params: Parameters<typeof getToken>[0]) => {
      decrypts();
      return actual.getToken(params);
    },
  };
});

import {
  clearSessionCache,
  readSessionToken,
  SESSION_CACHE_MAX_ENTRIES,
  SESSION_CACHE_TTL_MS,
} from '@/lib/auth/session-cookie';
import {
  MemoryRevocationStore,
  revokeSession,
  revokeUserSessions,
  setRevocationStore,
  type SessionRevocationStore,
} from '@/lib/auth/session-revocation';

const SECRET = 'session-cookie-test-secret-0123456789';
const COOKIE = 'authjs.session-token';

async function sealed(
  userId: string,
  maxAgeSeconds = 3600,
  secret = SECRET,
  sid = `sid-${userId}`,
  signedInAt = Date.now(),
): Promise<string> {
  return encode({
    token: {
      sub: userId,
      sid,
      signedInAt,
      identity: { user: { id: userId, name: userId }, roles: ['viewer'] },
      backendToken: `token-${userId}`,
    },
    secret,
    salt: COOKIE,
    maxAge: maxAgeSeconds,
  });
}

function headers(cookie: string): Headers {
  return new Headers({ cookie });
}

async function userOf(cookie: string): Promise<string | undefined> {
  const token = await readSessionToken(headers(cookie));
  return token?.identity?.user.id;
}

/** The wall clock both the cache and jose's expiry check read; only Date is faked, timers stay real for WebCrypto. */
const clock = {
  advance(ms: number) {
    jest.setSystemTime(Date.now() + ms);
  },
};

/** Another console instance's view of the same shared store (the embedded backend's database in production). */
let shared: SessionRevocationStore;

beforeEach(() => {
  shared = new MemoryRevocationStore();
  setRevocationStore(shared);
  process.env.AUTH_SECRET = SECRET;
  clearSessionCache();
  decrypts.mockClear();
  jest.useFakeTimers({
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
});

afterEach(() => {
  jest.useRealTimers();
  delete process.env.AUTH_SECRET;
});

describe('readSessionToken', () => {
  it('decrypts a cookie once and serves the same value from the cache', async () => {
    const cookie = `${COOKIE}=${await sealed('alice')}`;
    expect(await userOf(cookie)).toBe('alice');
    expect(await userOf(`theme=dark; ${cookie}; other=1`)).toBe('alice');
    expect(decrypts).toHaveBeenCalledTimes(1);
  });

  it("never answers one cookie with another cookie's session", async () => {
    const alice = `${COOKIE}=${await sealed('alice')}`;
    const bob = `${COOKIE}=${await sealed('bob')}`;
    for (let i = 0; i < 3; i++) {
      expect(await userOf(alice)).toBe('alice');
      expect(await userOf(bob)).toBe('bob');
    }
    expect(decrypts).toHaveBeenCalledTimes(2);
  });

  it('rejects a tampered cookie even while the genuine one is cached, and does not cache the failure', async () => {
    const value = await sealed('alice');
    expect(await userOf(`${COOKIE}=${value}`)).toBe('alice');
    const last = value.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${COOKIE}=${value.slice(0, -2)}${last}${value.at(-1)}`;
    expect(await userOf(tampered)).toBeUndefined();
    expect(await userOf(tampered)).toBeUndefined();
    expect(await userOf(`${COOKIE}=${value}x`)).toBeUndefined();
    expect(decrypts).toHaveBeenCalledTimes(4);
  });

  it('ends a cached entry at the token expiry, so an expired cookie is decrypted (and refused) again', async () => {
    const cookie = `${COOKIE}=${await sealed('alice', 5)}`;
    expect(await userOf(cookie)).toBe('alice');
    clock.advance(4_000);
    expect(await userOf(cookie)).toBe('alice');
    expect(decrypts).toHaveBeenCalledTimes(1);
    // Past exp the entry is gone; next-auth's 15 s clock tolerance is its own decision, taken again here.
    clock.advance(2_000);
    await userOf(cookie);
    expect(decrypts).toHaveBeenCalledTimes(2);
    clock.advance(20_000);
    expect(await userOf(cookie)).toBeUndefined();
  });

  it('re-reads a long-lived cookie after the cache lifetime', async () => {
    const cookie = `${COOKIE}=${await sealed('alice')}`;
    await userOf(cookie);
    clock.advance(SESSION_CACHE_TTL_MS + 1);
    expect(await userOf(cookie)).toBe('alice');
    expect(decrypts).toHaveBeenCalledTimes(2);
  });

  it('drops every cached session when the secret changes', async () => {
    const cookie = `${COOKIE}=${await sealed('alice')}`;
    expect(await userOf(cookie)).toBe('alice');
    process.env.AUTH_SECRET = 'another-secret-0123456789-abcdefghij';
    expect(await userOf(cookie)).toBeUndefined();
  });

  it('reads chunked cookies and keys them by every chunk', async () => {
    const value = await sealed('alice');
    const half = Math.floor(value.length / 2);
    const chunked = `${COOKIE}.0=${value.slice(0, half)}; ${COOKIE}.1=${value.slice(half)}`;
    expect(await userOf(chunked)).toBe('alice');
    expect(
      await userOf(`${COOKIE}.0=${value.slice(0, half)}; ${COOKIE}.1=${value.slice(half, -1)}`),
    ).toBeUndefined();
  });

  it('keeps a bounded number of sessions, evicting the least recently used', async () => {
    const first = `${COOKIE}=${await sealed('first')}`;
    await userOf(first);
    const others = await Promise.all(
      Array.from({ length: SESSION_CACHE_MAX_ENTRIES }, (_, i) => sealed(`user-${i}`)),
    );
    for (const value of others) await userOf(`${COOKIE}=${value}`);
    decrypts.mockClear();
    expect(await userOf(first)).toBe('first');
    expect(decrypts).toHaveBeenCalledTimes(1);
    expect(await userOf(`${COOKIE}=${others.at(-1)}`)).toBe(`user-${SESSION_CACHE_MAX_ENTRIES - 1}`);
    expect(decrypts).toHaveBeenCalledTimes(1);
  });

  it('answers null without a session cookie', async () => {
    expect(await readSessionToken(headers('authjs.session-token-other=1; theme=dark'))).toBeNull();
    expect(await readSessionToken(new Headers())).toBeNull();
    expect(decrypts).not.toHaveBeenCalled();
  });
});

describe('revoked sessions (issue 13 §9)', () => {
  it('a sign-out here refuses every copy of the cookie at once, also while it is cached', async () => {
    const cookie = `${COOKIE}=${await sealed('alice', 3600, SECRET, 'sid-signed-out')}`;
    const copy = `theme=dark; ${cookie}`;
    expect(await userOf(cookie)).toBe('alice');
    await revokeSession('sid-signed-out', Date.now() + 3600_000);
    expect(await userOf(cookie)).toBeUndefined();
    expect(await userOf(copy)).toBeUndefined();
    expect(await userOf(`${COOKIE}=${await sealed('alice', 3600, SECRET, 'sid-other-session')}`)).toBe(
      'alice',
    );
  });

  it('a sign-out on another instance (the shared store) ends the session at once, also while it is cached here', async () => {
    const cookie = `${COOKIE}=${await sealed('bob', 3600, SECRET, 'sid-elsewhere')}`;
    expect(await userOf(cookie)).toBe('bob');
    await shared.revokeSession('sid-elsewhere', Date.now() + 3600_000);
    expect(await userOf(cookie)).toBeUndefined();
    expect(decrypts).toHaveBeenCalledTimes(1);
  });

  it('a password change ends the sessions signed in before it, not the ones after', async () => {
    const before = `${COOKIE}=${await sealed('carol', 3600, SECRET, 'sid-old', Date.now() - 1000)}`;
    expect(await userOf(before)).toBe('carol');
    await revokeUserSessions('carol', Date.now(), Date.now() + 3600_000);
    clock.advance(1);
    const after = `${COOKIE}=${await sealed('carol', 3600, SECRET, 'sid-new', Date.now())}`;
    expect(await userOf(before)).toBeUndefined();
    expect(await userOf(after)).toBe('carol');
  });

  it('a session without an id cannot be ended, so it is not accepted', async () => {
    const legacy = await encode({
      token: {
        sub: 'dave',
        identity: { user: { id: 'dave', name: 'dave' }, roles: ['viewer'] },
        backendToken: 't',
      },
      secret: SECRET,
      salt: COOKIE,
      maxAge: 3600,
    });
    expect(await userOf(`${COOKIE}=${legacy}`)).toBeUndefined();
  });
});
