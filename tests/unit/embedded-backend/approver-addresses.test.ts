/** @jest-environment node */
import { PGlite } from '@electric-sql/pglite';
import {
  addressMaskSql,
  isAddressEntry,
  maskAddressesAt,
} from '@/lib/embedded-backend/postgrest/address-mask';
import {
  APPROVER_ADDRESSES,
  BACKEND_EXPOSURE,
  MASKED_VALUE,
} from '@/lib/embedded-backend/postgrest/exposure';
import { migration0313MaskedApproverAddresses } from '@/lib/embedded-backend/schema/0313-masked-approver-addresses';

/**
 * Approvers' addresses in playbook specs (issue 31 item 15): the mask of the native endpoints (maskAddressesAt), the
 * one /db reads through (addressMaskSql) and migration 0313's restore on write-back agree on every spec shape.
 */

const PATH = APPROVER_ADDRESSES.path;
const M = MASKED_VALUE;

const spec = (people: unknown, extra: Record<string, unknown> = {}) => ({
  actions: [{ name: 'a', exec: { script: 'echo admin@demo.local' } }],
  approval: { type: 'any', approvers: { people, teams: ['SRE'] } },
  ...extra,
});

/** Specs of every shape the column may hold, with what a reader who may not see addresses gets. */
const CASES: [string, unknown, unknown][] = [
  [
    'addresses among names',
    spec(['admin@demo.local', 'commander', 'Ops.Lead@Example.COM']),
    spec([M, 'commander', M]),
  ],
  ['only names', spec(['commander', 'viewer']), spec(['commander', 'viewer'])],
  ['an empty list', spec([]), spec([])],
  [
    'non-string entries',
    spec([42, null, { email: 'x@y.z' }, 'a@b']),
    spec([42, null, { email: 'x@y.z' }, M]),
  ],
  ['no approval', { actions: [] }, { actions: [] }],
  [
    'approvers without people',
    { approval: { approvers: { teams: ['SRE'] } } },
    { approval: { approvers: { teams: ['SRE'] } } },
  ],
  ['people that is not a list', spec('admin@demo.local'), spec('admin@demo.local')],
  ['a spec that is not an object', ['admin@demo.local'], ['admin@demo.local']],
];

describe('masking approvers’ addresses', () => {
  it('is declared for the playbook specs of /db, revealed by update on playbooks', () => {
    expect(APPROVER_ADDRESSES).toEqual({
      kind: 'addresses',
      path: ['approval', 'approvers', 'people'],
      revealedBy: 'playbooks',
      action: 'update',
    });
    expect(BACKEND_EXPOSURE.maskedColumns.playbooks?.spec).toBe(APPROVER_ADDRESSES);
    expect(BACKEND_EXPOSURE.maskedColumns.playbook_runs?.spec).toBe(APPROVER_ADDRESSES);
  });

  it('calls an entry an address when it is a string holding @', () => {
    expect(['a@b', '@', 'x@'].every(isAddressEntry)).toBe(true);
    expect(['admin', '', 42, null, { a: '@' }, ['@']].some(isAddressEntry)).toBe(false);
  });

  it.each(CASES)('masks only the addresses of the approvers’ list: %s', (_name, stored, masked) => {
    const before = JSON.stringify(stored);
    expect(maskAddressesAt(stored, PATH)).toEqual(masked);
    // The argument is left as it was (the endpoints mask rows they also match against).
    expect(JSON.stringify(stored)).toBe(before);
    // Addresses elsewhere in the spec are not the approvers' and stay.
    if (JSON.stringify(stored).includes('echo admin@demo.local'))
      expect(JSON.stringify(maskAddressesAt(stored, PATH))).toContain('echo admin@demo.local');
  });

  it('returns the same object when there is nothing to mask', () => {
    const names = spec(['commander']);
    expect(maskAddressesAt(names, PATH)).toBe(names);
  });

  describe('in SQL and on write-back (PGlite)', () => {
    let db: PGlite;
    const value = async <T>(sql: string, params: unknown[]): Promise<T> =>
      ((await db.query<{ v: T }>(sql, params)).rows[0] as { v: T }).v;
    const maskSql = (stored: unknown) =>
      value(`SELECT ${addressMaskSql('$1::jsonb', PATH)} AS v`, [JSON.stringify(stored)]);
    const restore = (written: unknown, stored: unknown) =>
      value(`SELECT restore_masked_addresses($1::jsonb, $2::jsonb, $3::text[]) AS v`, [
        JSON.stringify(written),
        stored === null ? null : JSON.stringify(stored),
        PATH,
      ]);

    beforeAll(async () => {
      db = new PGlite();
      await db.exec(`CREATE TABLE playbooks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(), namespace text NOT NULL DEFAULT 'default', name text NOT NULL,
        category text NOT NULL DEFAULT '', spec jsonb NOT NULL, UNIQUE (namespace, name, category))`);
      await db.exec(migration0313MaskedApproverAddresses);
    }, 60_000);

    afterAll(async () => {
      await db?.close();
    });

    it.each(CASES)('the /db expression masks as the endpoints do: %s', async (_name, stored, masked) => {
      expect(await maskSql(stored)).toEqual(masked);
    });

    it.each(CASES)('writing the masked spec back restores the stored one: %s', async (_name, stored) => {
      expect(await restore(maskAddressesAt(stored, PATH), stored)).toEqual(stored);
    });

    it('matches masks to stored addresses in order, keeps what is written as given, and never stores a mask', async () => {
      const stored = spec(['a@x.io', 'commander', 'b@x.io']);
      // An address added, a name removed: the masks still stand for a@ and b@.
      expect(await restore(spec([M, 'new@x.io', M]), stored)).toEqual(spec(['a@x.io', 'new@x.io', 'b@x.io']));
      // More masks than stored addresses: the extra ones are dropped.
      expect(await restore(spec([M, M, M]), stored)).toEqual(spec(['a@x.io', 'b@x.io']));
      // Nothing stored (a new playbook): no mask is kept.
      expect(await restore(spec([M, 'commander']), null)).toEqual(spec(['commander']));
      // No mask written: the written spec as given.
      expect(await restore(spec(['c@x.io']), stored)).toEqual(spec(['c@x.io']));
    });

    it('restores on update and upsert, and drops masks from a new playbook (the trigger)', async () => {
      const stored = spec(['a@x.io', 'b@x.io']);
      const { id } = (
        await db.query<{ id: string }>(`INSERT INTO playbooks (name, spec) VALUES ('p', $1) RETURNING id`, [
          JSON.stringify(stored),
        ])
      ).rows[0] as { id: string };
      const masked = JSON.stringify(maskAddressesAt(stored, PATH));
      const specOf = async () => value(`SELECT spec AS v FROM playbooks WHERE id = $1`, [id]);

      await db.query(`UPDATE playbooks SET spec = $2 WHERE id = $1`, [id, masked]);
      expect(await specOf()).toEqual(stored);
      await db.query(
        `INSERT INTO playbooks (id, name, spec) VALUES ($1, 'p', $2) ON CONFLICT (id) DO UPDATE SET spec = excluded.spec`,
        [id, masked],
      );
      expect(await specOf()).toEqual(stored);
      await db.query(
        `INSERT INTO playbooks (name, spec) VALUES ('p', $1)
         ON CONFLICT (namespace, name, category) DO UPDATE SET spec = excluded.spec`,
        [masked],
      );
      expect(await specOf()).toEqual(stored);

      const fresh = await value(`INSERT INTO playbooks (name, spec) VALUES ('q', $1) RETURNING spec AS v`, [
        JSON.stringify(spec([M, 'commander'])),
      ]);
      expect(fresh).toEqual(spec(['commander']));
    });
  });
});
