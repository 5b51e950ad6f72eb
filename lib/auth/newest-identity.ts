import type { Identity } from '@/lib/auth/identity-types';
import { SESSION_REFRESH_MS } from '@/lib/auth/session';

/**
 * The newest identity (roles, grants, feature flags) this process has read for each session.
 *
 * A session cookie is a self-contained copy of the identity, and next-auth writes a copy back on every page, RSC
 * and prefetch response. A response to a request sent before a flag change (a sidebar prefetch, a slow render)
 * can therefore arrive after the response that carried the re-read identity and overwrite it in the browser:
 * the cookie is last-writer-wins. Every reader of the session (middleware's gate and the server render of the
 * sidebar) takes the newer of its cookie's copy and the copy kept here, so an older copy cannot roll the change
 * back. A read is dated by when it *started*, so a read that began before a change never outranks one after it.
 */

/** An identity as read from the backend; `refreshedAt` is the epoch ms at which the read started. */
export interface IdentityRead {
  identity: Identity;
  refreshedAt: number;
}

/** Most sessions remembered; beyond it the longest-unrefreshed go first (they then wait for the 5-minute re-read). */
export const NEWEST_IDENTITY_MAX_ENTRIES = 10_000;

// On globalThis: middleware, route handlers and server actions are separate bundles with their own module
// instances, and the read made by a server action must reach middleware and the pages.
const STATE = Symbol.for('ops-console.newest-identity');
const reads = ((globalThis as typeof globalThis & { [STATE]?: Map<string, IdentityRead> })[STATE] ??= new Map<
  string,
  IdentityRead
>());

/** The key of a next-auth session (basic and kratos modes): its id minted at sign-in. */
export function sessionIdentityKey(sid: string | undefined): string | undefined {
  return sid ? `session:${sid}` : undefined;
}

/** A kept read stops mattering once it is older than the re-read interval: any copy older still is re-read anyway. */
function expired(read: IdentityRead, now: number): boolean {
  return now - read.refreshedAt > SESSION_REFRESH_MS;
}

/** Keeps a read of a session's identity, unless a read that started later is already kept. */
export function rememberIdentity(key: string | undefined, read: IdentityRead, now = Date.now()): void {
  if (!key) return;
  const known = reads.get(key);
  if (known && known.refreshedAt >= read.refreshedAt) return;
  reads.delete(key);
  reads.set(key, read);
  if (reads.size <= NEWEST_IDENTITY_MAX_ENTRIES) return;
  for (const [k, r] of reads) if (expired(r, now)) reads.delete(k);
  // Map order is insertion order, which is refresh order: the first entries are the longest unrefreshed.
  for (const k of reads.keys()) {
    if (reads.size <= NEWEST_IDENTITY_MAX_ENTRIES) break;
    reads.delete(k);
  }
}

/** The newer of a session's own copy (`current`) and the read kept for it. */
export function newestIdentity(
  key: string | undefined,
  current: IdentityRead,
  now = Date.now(),
): IdentityRead {
  const known = key ? reads.get(key) : undefined;
  if (!known) return current;
  if (expired(known, now)) {
    reads.delete(key as string);
    return current;
  }
  return known.refreshedAt > current.refreshedAt ? known : current;
}

/** A session token carrying its identity copy (lib/auth/next-auth's SessionToken, or next-auth's own JWT). */
interface IdentityCopy {
  sid?: string;
  identity?: Identity;
  refreshedAt?: number;
}

/** The token with the newest identity kept for its session; the token itself when its own copy is the newest. */
export function withNewestIdentity<T extends IdentityCopy>(token: T, now = Date.now()): T {
  if (!token.identity) return token;
  const own = { identity: token.identity, refreshedAt: token.refreshedAt ?? 0 };
  const known = newestIdentity(sessionIdentityKey(token.sid), own, now);
  return known === own ? token : { ...token, ...known };
}

/** Forgets every kept read (tests). */
export function forgetIdentities(): void {
  reads.clear();
}
