/** @jest-environment node */
import type { Queryable } from '@/lib/embedded-backend/db/types';
import { Enforcer } from '@/lib/embedded-backend/rbac/enforcer';
import { permissionRow } from '@/tests/helpers/permission-row';

/**
 * The enforcer caches the `permissions` rows for 3 s and forgets them on every RBAC write. A load that was in
 * flight when a write landed must not be kept: it read the rows from before the write (a deleted deny stayed in
 * force for 3 s, seen in tests/e2e/settings-people.spec.ts).
 */

const row = (id: string, deny: boolean) => permissionRow({ id, deny });

it('does not keep a load that overlapped an invalidation, and keeps one that did not', async () => {
  const answers: ((rows: unknown[]) => void)[] = [];
  const db = {
    query: () => new Promise((resolve) => answers.push((rows) => resolve({ rows }))),
  } as unknown as Queryable;
  const enforcer = new Enforcer(db);

  const before = enforcer.policies();
  enforcer.invalidate(); // the deny is deleted while the first load is in flight
  answers[0]!([row('deny', true)]);
  expect((await before).some((p) => p.id === 'deny')).toBe(true);

  const after = enforcer.policies();
  expect(answers).toHaveLength(2); // not answered from the stale load
  answers[1]!([]);
  expect((await after).some((p) => p.id === 'deny')).toBe(false);
  await enforcer.policies();
  expect(answers).toHaveLength(2); // this load is cached
});
