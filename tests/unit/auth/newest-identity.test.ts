/**
 * @jest-environment node
 */
import { computeGrants } from '@/lib/auth/permissions';
import type { Identity } from '@/lib/auth/identity-types';
import {
  forgetIdentities,
  newestIdentity,
  NEWEST_IDENTITY_MAX_ENTRIES,
  rememberIdentity,
  sessionIdentityKey,
  type IdentityRead,
} from '@/lib/auth/newest-identity';
import { SESSION_REFRESH_MS } from '@/lib/auth/session';

const FLAG = 'settings.event_queue_status.disable';

function read(value: string, refreshedAt: number): IdentityRead {
  const identity: Identity = {
    user: { id: 'u', name: 'u' },
    roles: ['admin'],
    grants: computeGrants(['admin']),
    features: { [FLAG]: value },
  };
  return { identity, refreshedAt };
}

const flagOf = (r: IdentityRead) => r.identity.features[FLAG];

beforeEach(() => forgetIdentities());

describe('the newest identity of a session', () => {
  const now = 1_000_000_000;
  const key = sessionIdentityKey('sid-1');

  it('an older copy gets the newer read; a newer copy keeps its own', () => {
    rememberIdentity(key, read('false', now - 1_000), now);
    expect(flagOf(newestIdentity(key, read('true', now - 60_000), now))).toBe('false');
    const newer = read('true', now - 500);
    expect(newestIdentity(key, newer, now)).toBe(newer);
  });

  it('a read that started before another but finished after it does not replace it', () => {
    // The re-read after the change (started later) is kept first; a re-read that began before the change ends last.
    rememberIdentity(key, read('false', now - 100), now);
    rememberIdentity(key, read('true', now - 2_000), now);
    expect(flagOf(newestIdentity(key, read('true', now - 60_000), now))).toBe('false');
  });

  it('is per session, and a session without an id has none', () => {
    rememberIdentity(key, read('false', now - 100), now);
    const other = read('true', now - 60_000);
    expect(newestIdentity(sessionIdentityKey('sid-2'), other, now)).toBe(other);
    expect(sessionIdentityKey(undefined)).toBeUndefined();
    rememberIdentity(undefined, read('false', now), now);
    expect(newestIdentity(undefined, other, now)).toBe(other);
  });

  it('ends with the re-read interval: any copy older than that is read again from the backend anyway', () => {
    rememberIdentity(key, read('false', now - SESSION_REFRESH_MS - 1), now);
    const own = read('true', now - SESSION_REFRESH_MS - 60_000);
    expect(newestIdentity(key, own, now)).toBe(own);
  });

  it(`keeps at most ${NEWEST_IDENTITY_MAX_ENTRIES} sessions, dropping expired ones and then the longest unrefreshed`, () => {
    rememberIdentity(sessionIdentityKey('expired'), read('false', now - SESSION_REFRESH_MS - 1), now);
    rememberIdentity(sessionIdentityKey('oldest'), read('false', now - 10_000), now);
    for (let i = 0; i < NEWEST_IDENTITY_MAX_ENTRIES - 2; i++)
      rememberIdentity(sessionIdentityKey(`s${i}`), read('false', now - 5_000), now);
    const old = read('true', now - 60_000);
    // Full, the expired one among them: the next read drops the expired one first.
    expect(flagOf(newestIdentity(sessionIdentityKey('oldest'), old, now))).toBe('false');
    rememberIdentity(sessionIdentityKey('newest'), read('false', now), now);
    expect(flagOf(newestIdentity(sessionIdentityKey('oldest'), old, now))).toBe('false');
    // One more: the longest unrefreshed goes.
    rememberIdentity(sessionIdentityKey('newer'), read('false', now), now);
    expect(newestIdentity(sessionIdentityKey('oldest'), old, now)).toBe(old);
    expect(flagOf(newestIdentity(sessionIdentityKey('newer'), old, now))).toBe('false');
  });
});
