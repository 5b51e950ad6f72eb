/**
 * Backoff on password sign-in (issue 13 §13), per account and per client address, for every path on which the
 * console checks a password (the sign-in form, kiosk links, next-auth's credentials endpoint, the Kratos password
 * flows it submits). Only failures count: the 5th failure of an account (the 20th of an address) imposes a 5 s
 * wait and each further one doubles it, up to 15 minutes. An account's count ends with its next success, an
 * address's only with time (a success on one's own account must not reset the guessing of others'). While a wait
 * runs the password is not even checked.
 *
 * Kept in this process: several console instances each keep their own count.
 */

/** The request header in which the front door (lib/server/front-door.ts) records the client's address. */
export const CLIENT_ADDRESS_HEADER = 'x-console-client-address';

export const SIGN_IN_THROTTLE = {
  /** The failure of an account that imposes the first wait. */
  accountFreeFailures: 5,
  /** The failure of an address that imposes the first wait (many people may share one address). */
  addressFreeFailures: 20,
  firstWaitMs: 5_000,
  maxWaitMs: 15 * 60_000,
  /** A count is forgotten this long after its last failure. */
  forgetAfterMs: 15 * 60_000,
  /** Most counts kept per kind; the oldest goes first (random user names must not fill the memory). */
  maxEntries: 10_000,
} as const;

export function tooManyAttemptsMessage(seconds: number): string {
  return `Too many attempts, try again in ${seconds} seconds`;
}

interface Count {
  failures: number;
  lastFailure: number;
  until: number;
}

class Backoff {
  private readonly counts = new Map<string, Count>();

  constructor(private readonly free: number) {}

  private live(key: string, now: number): Count | undefined {
    const count = this.counts.get(key);
    if (count && now - count.lastFailure > SIGN_IN_THROTTLE.forgetAfterMs && count.until <= now) {
      this.counts.delete(key);
      return undefined;
    }
    return count;
  }

  /** Milliseconds until the next attempt is allowed (0: now). */
  waitMs(key: string, now: number): number {
    return Math.max(0, (this.live(key, now)?.until ?? 0) - now);
  }

  fail(key: string, now: number): void {
    const previous = this.live(key, now);
    const failures = (previous?.failures ?? 0) + 1;
    const over = failures - this.free;
    const wait =
      over < 0 ? 0 : Math.min(SIGN_IN_THROTTLE.maxWaitMs, SIGN_IN_THROTTLE.firstWaitMs * 2 ** over);
    this.counts.delete(key);
    this.counts.set(key, { failures, lastFailure: now, until: now + wait });
    if (this.counts.size > SIGN_IN_THROTTLE.maxEntries)
      this.counts.delete(this.counts.keys().next().value as string);
  }

  forget(key: string): void {
    this.counts.delete(key);
  }

  clear(): void {
    this.counts.clear();
  }
}

// One count per process, on globalThis: the sign-in form's action and next-auth's route are separate bundles.
const STATE = Symbol.for('ops-console.sign-in-throttle');
const { accounts, addresses } = ((
  globalThis as typeof globalThis & { [STATE]?: { accounts: Backoff; addresses: Backoff } }
)[STATE] ??= {
  accounts: new Backoff(SIGN_IN_THROTTLE.accountFreeFailures),
  addresses: new Backoff(SIGN_IN_THROTTLE.addressFreeFailures),
});

const accountKey = (account: string) => account.trim().toLowerCase();
const addressKey = (address: string | null | undefined) => address?.trim() || 'unknown';

/**
 * Whole seconds to wait before this account may try again from this address (0: go ahead). A device that signed in
 * to this account before (`trustedDevice`, a verified proof of lib/auth/sign-in-device.ts) is not held by the
 * account's wait, only by its address's: others' failures must not lock the owner out (issue 31 item 10).
 */
export function signInWaitSeconds(
  account: string,
  address: string | null | undefined,
  now = Date.now(),
  { trustedDevice = false }: { trustedDevice?: boolean } = {},
): number {
  const accountMs = trustedDevice ? 0 : accounts.waitMs(accountKey(account), now);
  const ms = Math.max(accountMs, addresses.waitMs(addressKey(address), now));
  return Math.ceil(ms / 1000);
}

export function recordSignInFailure(
  account: string,
  address: string | null | undefined,
  now = Date.now(),
): void {
  accounts.fail(accountKey(account), now);
  addresses.fail(addressKey(address), now);
}

export function recordSignInSuccess(account: string): void {
  accounts.forget(accountKey(account));
}

/** Tests: start from no failures. */
export function resetSignInThrottle(): void {
  accounts.clear();
  addresses.clear();
}
