/**
 * @jest-environment node
 */
jest.mock('server-only', () => ({}));
import { DatabaseRevocationStore, type RevocationQueryable } from '@/lib/auth/session-revocation';

/** A stand-in for console.session_revocations that answers the store's three statements and counts them. */
function fakeTable(kind: string, rows: { key: string; before: number; expires: number }[]) {
  const calls: string[] = [];
  const db: RevocationQueryable & { calls: string[] } = {
    kind,
    calls,
    async query<Row>(sql: string, params?: readonly unknown[]) {
      calls.push(sql.trim().split(/\s+/)[0]!);
      if (sql.startsWith('INSERT')) {
        const [key, before, expires] = params as [string, number, number];
        rows.push({ key, before, expires });
      }
      if (!sql.trim().startsWith('SELECT')) return { rows: [] as Row[] };
      const wanted = params ? new Set(params[0] as string[]) : undefined;
      return {
        rows: rows
          .filter((r) => (wanted ? wanted.has(r.key) : r.expires >= Date.now()))
          .map((r) => ({ key: r.key, before_ms: r.before, expires_ms: r.expires })) as Row[],
      };
    },
  };
  return db;
}

const later = Date.now() + 3_600_000;

describe('session revocations on the embedded database', () => {
  it('on PGlite reads the table once, then answers from memory, including records written before and since', async () => {
    const db = fakeTable('pglite', [
      { key: 'sid:before-restart', before: Date.now() - 1000, expires: later },
      { key: 'user:u1', before: 5000, expires: later },
      { key: 'sid:expired', before: 0, expires: Date.now() - 1 },
    ]);
    const store = new DatabaseRevocationStore(async () => db);
    expect(await store.isRevoked({ sid: 'before-restart' })).toBe(true);
    expect(await store.isRevoked({ sid: 'other', userId: 'u1', signedInAt: 4000 })).toBe(true);
    expect(await store.isRevoked({ sid: 'other', userId: 'u1', signedInAt: 6000 })).toBe(false);
    expect(await store.isRevoked({ sid: 'expired' })).toBe(false);
    await store.revokeSession('now', later);
    expect(await store.isRevoked({ sid: 'now' })).toBe(true);
    expect(db.calls.filter((c) => c === 'SELECT')).toHaveLength(1);
  });

  it('on PostgreSQL asks the table on every check (other instances write to it)', async () => {
    const db = fakeTable('postgres', [{ key: 'sid:s1', before: 0, expires: later }]);
    const store = new DatabaseRevocationStore(async () => db);
    expect(await store.isRevoked({ sid: 's1' })).toBe(true);
    expect(await store.isRevoked({ sid: 's2' })).toBe(false);
    expect(db.calls.filter((c) => c === 'SELECT')).toHaveLength(2);
  });
});
