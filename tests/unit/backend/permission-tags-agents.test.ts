/** @jest-environment node */
import type { Queryable } from '@/lib/embedded-backend/db/types';
import { Enforcer } from '@/lib/embedded-backend/rbac/enforcer';
import {
  abacAllows,
  conditionClauses,
  type AbacAttributes,
} from '@/lib/embedded-backend/endpoints/shared/authorize';
import type { AuthedContext } from '@/lib/embedded-backend/endpoints/types';
import { permissionRow } from '@/tests/helpers/permission-row';

/**
 * A permission's tags and agents (spec 001 §3.6) narrow it to the resources that carry them, as the real backend's
 * matchPerm does: every tag with its value, one of the agents (the nil id is the local agent).
 */

const NIL = '00000000-0000-0000-0000-000000000000';
const AGENT = '11111111-1111-1111-1111-111111111111';
const PERSON = '22222222-2222-2222-2222-222222222222';

function row(over: Record<string, unknown>) {
  return permissionRow({ subject: PERSON, person_id: PERSON, ...over });
}

function ctxWith(rows: unknown[]): AuthedContext {
  const db = { query: async () => ({ rows }) } as unknown as Queryable;
  return {
    identity: { personId: PERSON, user: { id: PERSON, name: 'P' }, roles: [], teams: [], method: 'basic' },
    services: { enforcer: new Enforcer(db) },
  } as unknown as AuthedContext;
}

const playbook = { id: 'pb', name: 'restart', namespace: 'default' };
const config = (tags: Record<string, string> | null, agent_id = NIL): AbacAttributes => ({
  playbook,
  config: { id: 'c', name: 'c', tags, agent_id },
});

const run = (rows: unknown[], attrs: AbacAttributes) =>
  abacAllows(ctxWith(rows), 'playbooks', 'playbook:run', attrs);

it('a tags-scoped permission allows only resources that have every tag with its value', async () => {
  const rows = [row({ tags: { env: 'prod', team: 'sre' } })];
  expect(await run(rows, config({ env: 'prod', team: 'sre', extra: 'x' }))).toBe(true);
  expect(await run(rows, config({ env: 'prod' }))).toBe(false);
  expect(await run(rows, config({ env: 'dev', team: 'sre' }))).toBe(false);
  expect(await run(rows, config(null))).toBe(false);
  // No resource with tags in the request (a run without a target): the permission does not apply.
  expect(await run(rows, { playbook })).toBe(false);
});

it('an agents-scoped permission allows only resources on one of the agents; the nil id is the local agent', async () => {
  const rows = [row({ agents: [AGENT, NIL] })];
  expect(await run(rows, config(null, AGENT))).toBe(true);
  expect(await run(rows, config(null, NIL))).toBe(true);
  expect(await run(rows, config(null, '33333333-3333-3333-3333-333333333333'))).toBe(false);
  expect(await run(rows, { playbook })).toBe(false);
  const onlyAgent = [row({ agents: [AGENT] })];
  expect(await run(onlyAgent, config(null, NIL))).toBe(false);
});

it('tags and agents together need the same resource to meet both; empty ones do not narrow', async () => {
  const rows = [row({ agents: [AGENT], tags: { env: 'prod' } })];
  expect(await run(rows, config({ env: 'prod' }, AGENT))).toBe(true);
  expect(await run(rows, config({ env: 'prod' }, NIL))).toBe(false);
  expect(await run(rows, config({ env: 'dev' }, AGENT))).toBe(false);
  expect(await run([row({ agents: [], tags: {} })], { playbook })).toBe(true);
});

it('a deny scoped by a tag whose value holds "&&" or quotes still applies to the matching resource only', async () => {
  const value = 'a" && r.obj.playbook != undefined && "&&b';
  const rows = [row({ id: 'allow' }), row({ id: 'deny', deny: true, tags: { note: value } })];
  expect(await run(rows, config({ note: value }))).toBe(false);
  expect(await run(rows, config({ note: 'a' }))).toBe(true);
});

it('splits a condition at && outside string literals only', () => {
  expect(conditionClauses('a && matchPerm(r.obj, "[\\"x&&y\\"]", "{}") && b')).toEqual([
    'a',
    'matchPerm(r.obj, "[\\"x&&y\\"]", "{}")',
    'b',
  ]);
});
