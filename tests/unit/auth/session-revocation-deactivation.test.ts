/**
 * @jest-environment node
 */
import type { RevocationQueryable } from '@/lib/auth/session-revocation';
import type * as IdentityEvents from '@/lib/embedded-backend/identity-events';

/**
 * Issue 31 item 5, the console's half: deactivating a person makes the embedded backend's trigger (migration 0311)
 * write "end every session of this user" into console.session_revocations behind the store's back. On PGlite the
 * store answers from an in-memory copy of that table, so it must read it again when the backend says identities
 * changed (identity-events.ts), or the deactivated person's console session would live on until a restart.
 */

const rows: { key: string; before: number; expires: number }[] = [];
let selects = 0;
const fakePglite: RevocationQueryable = {
  kind: 'pglite',
  async query<Row>(sql: string, params?: readonly unknown[]) {
    if (!sql.trim().startsWith('SELECT')) return { rows: [] as Row[] };
    selects++;
    const wanted = params ? new Set(params[0] as string[]) : undefined;
    return {
      rows: rows
        .filter((r) => (wanted ? wanted.has(r.key) : r.expires >= Date.now()))
        .map((r) => ({ key: r.key, before_ms: r.before, expires_ms: r.expires })) as Row[],
    };
  },
};

jest.mock('server-only', () => ({}));
jest.mock('@/lib/env', () => ({ isEmbeddedBackend: () => true }));
jest.mock('@/lib/embedded-backend', () => {
  const events = jest.requireActual<typeof IdentityEvents>('@/lib/embedded-backend/identity-events');
  return { getDatabase: async () => fakePglite, onIdentitiesChanged: events.onIdentitiesChanged };
});

import { isSessionRevoked } from '@/lib/auth/session-revocation';
import { identitiesChanged } from '@/lib/embedded-backend/identity-events';

describe('session revocations written by the embedded backend (deactivation)', () => {
  it('on PGlite reads the table again after the backend reports an identity change, so the session ends at once', async () => {
    const session = { sid: 'session-of-u1', userId: 'u1', signedInAt: Date.now() - 60_000 };
    expect(await isSessionRevoked(session)).toBe(false);
    // The trigger of migration 0311 records the end of u1's sessions, in the backend's transaction.
    rows.push({ key: 'user:u1', before: Date.now(), expires: Date.now() + 86_400_000 });
    // Without news from the backend the copy stays as it was (no query per check on PGlite, by design).
    expect(await isSessionRevoked(session)).toBe(false);
    const before = selects;
    identitiesChanged();
    expect(await isSessionRevoked(session)).toBe(true);
    expect(selects).toBe(before + 1);
    // Then it answers from memory again; other people's sessions live on.
    expect(
      await isSessionRevoked({ sid: 'session-of-u2', userId: 'u2', signedInAt: Date.now() - 60_000 }),
    ).toBe(false);
    expect(selects).toBe(before + 1);
  });
});
