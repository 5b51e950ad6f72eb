import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  SignInThrottle,
  tooManyAttemptsResponse,
} from '@/lib/embedded-backend/sign-in-throttle';

/** The backoff's arithmetic with a controlled clock (the HTTP behaviour is in core-engine-security.test.ts). */
describe('sign-in throttle', () => {
  let now = 1_000_000;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000_000;
  });

  /** One attempt that fails: 0 when it was allowed to run, else the seconds it was told to wait. */
  const fail = (t: SignInThrottle, account: string, address?: string) => t.attempt(account, address);

  it('lets an account fail freeFailures times, then locks it with a doubling delay up to the cap', () => {
    const t = new SignInThrottle({ now: clock });
    for (let i = 0; i < ACCOUNT_POLICY.freeFailures; i++) expect(fail(t, 'a')).toBe(0);
    // The last free failure started the first lock.
    expect(t.retryAfterSeconds('a', undefined)).toBe(ACCOUNT_POLICY.baseDelayMs / 1000);
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      now += t.retryAfterSeconds('a', undefined) * 1000;
      expect(fail(t, 'a')).toBe(0);
      waits.push(t.retryAfterSeconds('a', undefined));
    }
    expect(waits.slice(0, 4)).toEqual([2, 4, 8, 16]);
    expect(Math.max(...waits)).toBe(ACCOUNT_POLICY.maxDelayMs / 1000);
  });

  it('refuses attempts while locked without counting them, and forgets a key after the window', () => {
    const t = new SignInThrottle({ now: clock });
    for (let i = 0; i < ACCOUNT_POLICY.freeFailures; i++) fail(t, 'a');
    expect(fail(t, 'a')).toBe(1);
    expect(fail(t, 'a')).toBe(1);
    now += 1000;
    expect(fail(t, 'a')).toBe(0);
    expect(t.retryAfterSeconds('a', undefined)).toBe(2);
    now += ACCOUNT_POLICY.windowMs + 2000;
    expect(t.retryAfterSeconds('a', undefined)).toBe(0);
    expect(t.size.accounts).toBe(0);
  });

  it('a success resets the account but gives the address back only its own attempt', () => {
    const t = new SignInThrottle({ now: clock, address: { freeFailures: 3 } });
    fail(t, 'mallory-1', 'ip');
    fail(t, 'mallory-2', 'ip');
    // An attempt that succeeds: counted while it runs, taken back after.
    expect(t.attempt('alice', 'ip')).toBe(0);
    t.succeeded('alice', 'ip');
    expect(t.retryAfterSeconds(undefined, 'ip')).toBe(0);
    fail(t, 'mallory-3', 'ip');
    expect(t.retryAfterSeconds(undefined, 'ip')).toBe(1);
    // Locked: even alice's right password is not tried from this address.
    expect(t.attempt('alice', 'ip')).toBe(1);
    // Accounts are separate from addresses: alice from elsewhere goes ahead.
    expect(t.attempt('alice', 'other-ip')).toBe(0);
    t.succeeded('alice', 'other-ip');
    for (let i = 0; i < ACCOUNT_POLICY.freeFailures - 1; i++) fail(t, 'bob');
    t.succeeded('bob', undefined);
    for (let i = 0; i < ACCOUNT_POLICY.freeFailures - 1; i++) expect(fail(t, 'bob')).toBe(0);
  });

  it('counts parallel attempts from their start, so a burst gets only the free attempts', () => {
    const t = new SignInThrottle({ now: clock });
    const started = Array.from({ length: 50 }, () => t.attempt('victim', undefined));
    expect(started.filter((w) => w === 0)).toHaveLength(ACCOUNT_POLICY.freeFailures);
  });

  it('keeps memory bounded: at most maxEntries keys per map, the least recently failed dropped first', () => {
    const t = new SignInThrottle({ now: clock, maxEntries: 100 });
    for (let i = 0; i < 10_000; i++) fail(t, `user-${i}`, `10.0.${i >> 8}.${i & 255}`);
    expect(t.size).toEqual({ accounts: 100, addresses: 100 });
    expect(ADDRESS_POLICY.freeFailures).toBeGreaterThan(ACCOUNT_POLICY.freeFailures);
  });

  it('answers 429 with the clear message and Retry-After', async () => {
    const response = tooManyAttemptsResponse(7);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(await response.json()).toEqual({ error: 'Too many attempts, try again in 7 seconds' });
    expect(await tooManyAttemptsResponse(1).json()).toEqual({
      error: 'Too many attempts, try again in 1 second',
    });
  });
});
