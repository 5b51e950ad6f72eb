/**
 * Backoff for credential checks (POST /auth/login and HTTP Basic): per account and per client address. A key may
 * fail `freeFailures` times; every failure after that locks it for `baseDelayMs`, doubled per further failure up to
 * `maxDelayMs`. While locked, attempts are refused without checking the password (so a correct guess during a
 * lock gains nothing). Every attempt counts as a failure from the moment it starts, so a burst of parallel guesses
 * cannot all slip in before the first one fails; a success then resets the account's counter and takes back its
 * own count from the address (one's own account must not wash an address clean between guesses). A key is
 * forgotten `windowMs` after its last failure once unlocked, and each map holds at most `maxEntries` keys (the least
 * recently failed go first), so memory stays bounded.
 */

export interface ThrottlePolicy {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

export interface SignInThrottleOptions {
  account?: Partial<ThrottlePolicy>;
  /** Addresses are shared (NAT, a proxy in front), so they get more room than one account. */
  address?: Partial<ThrottlePolicy>;
  maxEntries?: number;
  now?: () => number;
}

export const ACCOUNT_POLICY: ThrottlePolicy = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  windowMs: 15 * 60_000,
};
export const ADDRESS_POLICY: ThrottlePolicy = {
  freeFailures: 30,
  baseDelayMs: 1000,
  maxDelayMs: 5 * 60_000,
  windowMs: 15 * 60_000,
};

interface Entry {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
}

class Bucket {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly policy: ThrottlePolicy,
    private readonly maxEntries: number,
  ) {}

  /** Milliseconds until the key may try again; 0 when it may now. */
  wait(key: string, now: number): number {
    const entry = this.live(key, now);
    return entry ? Math.max(0, entry.lockedUntil - now) : 0;
  }

  fail(key: string, now: number): void {
    const entry = this.live(key, now) ?? { failures: 0, lastFailure: now, lockedUntil: 0 };
    entry.failures++;
    entry.lastFailure = now;
    const over = entry.failures - this.policy.freeFailures;
    if (over >= 0)
      entry.lockedUntil =
        now + Math.min(this.policy.maxDelayMs, this.policy.baseDelayMs * 2 ** Math.min(over, 30));
    // Re-inserted so Map order is the order of last failure: the oldest key is evicted first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Takes back one counted attempt that turned out to succeed; a lock stays only while real failures justify it. */
  undo(key: string): void {
    const entry = this.entries.get(key);
    if (!entry || entry.failures === 0) return;
    entry.failures--;
    if (entry.failures < this.policy.freeFailures) entry.lockedUntil = 0;
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private live(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.lockedUntil <= now && now - entry.lastFailure >= this.policy.windowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }
}

export class SignInThrottle {
  private readonly accounts: Bucket;
  private readonly addresses: Bucket;
  private readonly now: () => number;

  constructor(options: SignInThrottleOptions = {}) {
    const maxEntries = options.maxEntries ?? 10_000;
    this.accounts = new Bucket({ ...ACCOUNT_POLICY, ...options.account }, maxEntries);
    this.addresses = new Bucket({ ...ADDRESS_POLICY, ...options.address }, maxEntries);
    this.now = options.now ?? Date.now;
  }

  /** Whole seconds until this account or address may try again (0: go ahead). */
  retryAfterSeconds(account: string | undefined, address: string | undefined): number {
    const now = this.now();
    const ms = Math.max(
      account ? this.accounts.wait(account, now) : 0,
      address ? this.addresses.wait(address, now) : 0,
    );
    return Math.ceil(ms / 1000);
  }

  /**
   * Starts an attempt: refused (seconds to wait) while a key is locked, else counted as a failure until it succeeds.
   * A trusted device (one that signed in to the account before) is not held by the account's lock, only by the
   * address's; its attempt still counts against the account, so the account stays locked for everyone else.
   */
  attempt(
    account: string,
    address: string | undefined,
    { trustedDevice = false }: { trustedDevice?: boolean } = {},
  ): number {
    const wait = this.retryAfterSeconds(trustedDevice ? undefined : account, address);
    if (wait > 0) return wait;
    const now = this.now();
    this.accounts.fail(account, now);
    if (address) this.addresses.fail(address, now);
    return 0;
  }

  /** The attempt was right: the account starts over, and the address gets its count back. */
  succeeded(account: string, address: string | undefined): void {
    this.accounts.reset(account);
    if (address) this.addresses.undo(address);
  }

  /** Keys held (for the memory bound's test). */
  get size(): { accounts: number; addresses: number } {
    return { accounts: this.accounts.size, addresses: this.addresses.size };
  }
}

/** The clear message and Retry-After of a refused attempt. */
export function tooManyAttemptsResponse(seconds: number): Response {
  const wait = Math.max(1, seconds);
  return new Response(
    JSON.stringify({ error: `Too many attempts, try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}` }),
    {
      status: 429,
      headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': String(wait) },
    },
  );
}
