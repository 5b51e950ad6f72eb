/** @jest-environment node */
import { hostname } from 'node:os';
import type { Role } from '@/lib/auth/permissions';
import { coreEngines } from './helpers/core-backend';
import { rawRequest } from './proxy-harness';
import {
  callAs,
  firstRow,
  PRIVATE,
  SECRET,
  startSecurityFixture,
  type SecurityFixture,
  writeAs,
} from './security-fixture';

/**
 * Issue 13, the /db engine's other rules, one test each over real HTTP: audit columns from the caller (item 6),
 * unfiltered writes refused (item 8), bounded cost (item 4's caps), identities admin-only and people's private data
 * masked (item 10), view writes and database errors mapped (item 12), and no host name in whoami (item 14).
 */

type Row = Record<string, unknown>;
const NIL = '00000000-0000-0000-0000-000000000000';
/** What a masked column reads as (docs/security.md), and the most embeds one request may carry. */
const MASKED_VALUE = '********';
const MAX_EMBEDS = 16;

describe.each(coreEngines())('/db security rules on %s', (engine) => {
  let f: SecurityFixture;

  const json = (body: string) => JSON.parse(body) as unknown;
  const one = (sql: string, params?: unknown[]): Promise<Row> => firstRow(f, sql, params);
  const write = (role: Role, method: string, path: string, body?: unknown) =>
    writeAs(f, 'direct', role, method, path, body);

  beforeAll(async () => {
    f = await startSecurityFixture(engine);
  }, 300_000);

  afterAll(async () => {
    await f?.close();
  });

  it('sets audit columns from the caller on /db and native writes, whatever the body says, and so does the history', async () => {
    const admin = f.ids.get('admin') ?? '';
    const responder = f.ids.get('responder') ?? '';
    const editor = f.ids.get('editor') ?? '';
    const incident = String(
      (await one(`SELECT id FROM incidents WHERE created_by = $1 LIMIT 1`, [admin])).id,
    );

    // A responder comments "as admin": the comment and its history entry name the responder.
    const comment = await write('responder', 'POST', '/db/comments?select=id,created_by', {
      incident_id: incident,
      comment: 'forged?',
      created_by: admin,
    });
    expect(comment.status).toBe(201);
    const [created] = json(comment.body) as Row[];
    expect(created?.created_by).toBe(responder);
    expect(
      await one(`SELECT created_by FROM incident_histories WHERE comment_id = $1`, [created?.id]),
    ).toEqual({ created_by: responder });

    // Changing the status (and trying to take over the incident) leaves its creator and records who changed it.
    const status = await write('responder', 'PATCH', `/db/incidents?id=eq.${incident}&select=created_by`, {
      status: 'investigating',
      created_by: responder,
    });
    expect(status.status).toBe(200);
    expect(json(status.body)).toEqual([{ created_by: admin }]);
    const history = await one(
      `SELECT created_by FROM incident_histories WHERE incident_id = $1 AND type = 'incident.status_updated' ORDER BY created_at DESC LIMIT 1`,
      [incident],
    );
    expect(history).toEqual({ created_by: responder });

    // A hypothesis and an evidence posted in someone else's name.
    const hypothesis = await write('commander', 'POST', '/db/hypotheses?select=id,created_by', {
      incident_id: incident,
      title: 'audit',
      type: 'factor',
      created_by: admin,
    });
    const [h] = json(hypothesis.body) as Row[];
    expect(h?.created_by).toBe(f.ids.get('commander'));
    const evidence = await write('responder', 'POST', '/db/evidences?select=created_by', {
      hypothesis_id: h?.id,
      description: 'audit',
      type: 'log',
      created_by: admin,
    });
    expect(json(evidence.body)).toEqual([{ created_by: responder }]);

    // created_by and updated_by of a permission; an upsert cannot rewrite the creator either.
    const permission = await write('admin', 'POST', '/db/permissions?select=id,created_by,updated_by', {
      name: 'audit-test',
      subject: 'viewer',
      subject_type: 'role',
      action: 'read',
      object: 'nothing',
      created_by: editor,
      updated_by: editor,
    });
    const [p] = json(permission.body) as Row[];
    expect(p).toMatchObject({ created_by: admin, updated_by: admin });
    await f.backend.db.query(`UPDATE permissions SET created_by = $2 WHERE id = $1`, [p?.id, editor]);
    const changed = await write(
      'admin',
      'PATCH',
      `/db/permissions?id=eq.${String(p?.id)}&select=created_by,updated_by`,
      { description: 'x', created_by: admin, updated_by: responder },
    );
    expect(json(changed.body)).toEqual([{ created_by: editor, updated_by: admin }]);
    await write('admin', 'DELETE', `/db/permissions?id=eq.${String(p?.id)}`);

    // A silence through /db, and one through the native endpoint, both in the caller's name.
    const viaDb = await write('editor', 'POST', '/db/notification_silences?select=id,created_by', {
      name: 'audit-db',
      check_id: null,
      filter: 'x',
      created_by: admin,
    });
    expect((json(viaDb.body) as Row[])[0]?.created_by).toBe(editor);
    const native = await write('editor', 'POST', '/notification/silence', {
      name: 'audit-native',
      filter: "check.name == 'x'",
      created_by: admin,
    });
    expect(native.status).toBe(200);
    expect(await one(`SELECT created_by FROM notification_silences WHERE name = 'audit-native'`)).toEqual({
      created_by: editor,
    });
  });

  it('refuses PATCH and DELETE without a filter with 400, changing nothing', async () => {
    const before = await one(
      `SELECT count(*)::int AS comments, (SELECT count(*)::int FROM teams WHERE icon = 'x') AS teams FROM comments`,
    );
    for (const [role, method, path] of [
      ['commander', 'DELETE', '/db/comments'],
      ['commander', 'DELETE', '/db/comments?select=id'],
      ['admin', 'DELETE', '/db/comments?order=id&limit=1'],
      ['commander', 'PATCH', '/db/comments'],
      ['admin', 'PATCH', '/db/teams?select=*'],
    ] as const) {
      const response = await write(
        role,
        method,
        path,
        method === 'PATCH' ? { icon: 'x', comment: 'x' } : undefined,
      );
      expect([method, path, response.status]).toEqual([method, path, 400]);
      expect(json(response.body)).toMatchObject({
        code: '21000',
        message: expect.stringMatching(/requires a filter/),
      });
    }
    expect(
      await one(
        `SELECT count(*)::int AS comments, (SELECT count(*)::int FROM teams WHERE icon = 'x') AS teams FROM comments`,
      ),
    ).toEqual(before);
    // With a filter the same write goes through.
    const filtered = await write('commander', 'DELETE', `/db/comments?id=eq.${NIL}`);
    expect(filtered.status).toBe(200);
  });

  it('bounds the cost of a request: the hostile embed request of the issue is a fast 4xx, as are too many embeds or embedded rows', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `s${i}:check_statuses(*)`).join(',');
    const started = performance.now();
    const hostile = await callAs(f, 'direct', 'guest', `/db/checks?select=id,${twelve}`);
    const elapsedMs = performance.now() - started;
    expect(hostile.status).toBe(413);
    expect(json(hostile.body)).toMatchObject({
      code: '54000',
      message: expect.stringMatching(/larger than 8 MiB/),
      details: null,
    });
    expect(elapsedMs).toBeLessThan(5000);
    // Through the proxy as well.
    const proxied = await callAs(f, 'proxy', 'guest', `/db/checks?select=id,${twelve}`);
    expect(proxied.status).toBe(413);

    const seventeen = Array.from(
      { length: MAX_EMBEDS + 1 },
      (_, i) => `a${i}:canaries!checks_canary_id_fkey(id)`,
    ).join(',');
    const embeds = await callAs(f, 'direct', 'guest', `/db/checks?select=id,${seventeen}&limit=1`);
    expect(embeds.status).toBe(400);
    expect(json(embeds.body)).toMatchObject({
      message: expect.stringMatching(/too many embedded resources/),
    });

    // The local agent owns every demo config item: more than the rows one embedded array may hold.
    const rows = await callAs(
      f,
      'direct',
      'guest',
      `/db/agents?id=eq.${NIL}&select=id,config_items!config_items_agent_id_fkey(id)`,
    );
    expect(rows.status).toBe(413);
    expect(json(rows.body)).toMatchObject({
      code: '54000',
      message: expect.stringMatching(/more than 1000 rows/),
    });
    const asked = await callAs(
      f,
      'direct',
      'guest',
      `/db/agents?id=eq.${NIL}&select=id,c:config_items!config_items_agent_id_fkey(id)&c.limit=5000`,
    );
    expect(asked.status).toBe(400);
    const paged = await callAs(
      f,
      'direct',
      'guest',
      `/db/agents?id=eq.${NIL}&select=id,c:config_items!config_items_agent_id_fkey(id)&c.limit=1000`,
    );
    expect(paged.status).toBe(200);
    expect(((json(paged.body) as Row[])[0]?.c as unknown[]).length).toBe(1000);
  });

  it('keeps identities and everyone’s roles to admins, and shows others only the name and avatar of people', async () => {
    for (const resource of [
      'identities?select=*',
      'people_roles?select=*',
      'canaries?select=id,r:people_roles!canaries_created_by_fkey(*)',
    ]) {
      for (const role of ['editor', 'commander', 'responder', 'viewer', 'guest'] as const) {
        const response = await callAs(f, 'direct', role, `/db/${resource}&limit=1`);
        expect([resource, role, response.status]).toEqual([resource, role, 403]);
        expect(response.headers['x-rbac-object']).toBe('database.identities');
        expect(response.body).not.toMatch(/@demo\.local|traits/);
      }
    }
    const asAdmin = await callAs(f, 'direct', 'admin', '/db/identities?select=id,traits&limit=1');
    expect(asAdmin.status).toBe(200);

    const person = await callAs(
      f,
      'direct',
      'guest',
      `/db/people?id=eq.${f.ids.get('admin') ?? ''}&select=*`,
    );
    const [shown] = json(person.body) as Row[];
    expect(shown).toMatchObject({
      id: f.ids.get('admin'),
      name: 'Admin',
      email: MASKED_VALUE,
      phone: MASKED_VALUE,
      external_id: MASKED_VALUE,
    });
    expect(person.body).not.toContain(PRIVATE.phone);
    // Masked columns cannot be probed with filters or sorting.
    const probe = await callAs(f, 'direct', 'guest', '/db/people?select=id&email=like.admin*');
    expect(probe.status).toBe(400);
    const sorted = await callAs(f, 'direct', 'viewer', '/db/people?select=id&order=email');
    expect(sorted.status).toBe(400);
    const admin = await callAs(
      f,
      'direct',
      'admin',
      `/db/people?id=eq.${f.ids.get('admin') ?? ''}&select=email,phone`,
    );
    expect(json(admin.body)).toEqual([{ email: 'admin@demo.local', phone: PRIVATE.phone }]);
  });

  it('masks secrets for every role, also on writes that return rows, and keeps the stored secret when the mask is written back', async () => {
    const read = await callAs(
      f,
      'direct',
      'admin',
      '/db/connections?select=id,password,certificate,url&limit=1',
    );
    const [connection] = json(read.body) as Row[];
    expect(connection).toMatchObject({ password: MASKED_VALUE, certificate: MASKED_VALUE });
    const id = String(connection?.id);
    const roundTrip = await write('admin', 'PATCH', `/db/connections?id=eq.${id}&select=password`, {
      ...connection,
      password: MASKED_VALUE,
      url: 'https://example.test',
    });
    expect(json(roundTrip.body)).toEqual([{ password: MASKED_VALUE }]);
    expect(await one('SELECT password FROM connections WHERE id = $1', [id])).toEqual({
      password: SECRET.password,
    });
    const changed = await write('admin', 'PATCH', `/db/connections?id=eq.${id}&select=password`, {
      password: 'rotated-secret',
    });
    expect(changed.body).not.toContain('rotated-secret');
    expect(await one('SELECT password FROM connections WHERE id = $1', [id])).toEqual({
      password: 'rotated-secret',
    });
    await f.backend.db.query('UPDATE connections SET password = $2 WHERE id = $1', [id, SECRET.password]);
    const cleared = await write('admin', 'PATCH', `/db/connections?id=eq.${id}&select=certificate`, {
      certificate: null,
    });
    expect(json(cleared.body)).toEqual([{ certificate: null }]);
  });

  it('answers writes to views and every database error with a mapped 4xx PostgREST error, never a 500 or Postgres text', async () => {
    const shape = ['code', 'details', 'hint', 'message'];
    for (const [method, path] of [
      ['POST', '/db/configs'],
      ['PATCH', `/db/check_summary?id=eq.${NIL}`],
      ['DELETE', `/db/config_names?id=eq.${NIL}`],
    ] as const) {
      const response = await write('admin', method, path, method === 'DELETE' ? undefined : { name: 'x' });
      expect([method, path, response.status]).toEqual([method, path, 405]);
      expect(Object.keys(json(response.body) as Row).sort()).toEqual(shape);
      expect(response.body).not.toMatch(/INSTEAD OF|automatically updatable|trigger/i);
    }
    const team = String((await one('SELECT name FROM teams LIMIT 1')).name);
    const errors = [
      await write('admin', 'POST', '/db/teams', { name: team, created_by: NIL }),
      await write('admin', 'POST', '/db/team_members', { team_id: NIL, person_id: NIL }),
      await write('admin', 'POST', '/db/teams', { icon: 'no name' }),
      await callAs(f, 'direct', 'admin', '/db/checks?id=eq.not-a-uuid'),
      await callAs(f, 'direct', 'admin', '/db/check_statuses?time=gt.yesterday-ish'),
      await callAs(f, 'direct', 'admin', '/db/checks?select=id::int&limit=1'),
    ];
    expect(errors.map((e) => e.status)).toEqual([409, 409, 400, 400, 400, 400]);
    for (const e of errors) {
      const body = json(e.body) as Row;
      expect(Object.keys(body).sort()).toEqual(shape);
      expect(body).toMatchObject({ details: null, hint: null });
      expect(e.body).not.toMatch(
        /violates|constraint "|Key \(|not-a-uuid|yesterday-ish|invalid input syntax for type/,
      );
    }
    // Paths the router cannot decode and request targets that are not paths.
    for (const target of ['/db/%ff', '/db/conn%ff', '*']) {
      const response = await rawRequest(f.backend.url, target, {
        headers: { authorization: `Bearer ${f.tokens.get('admin') ?? ''}` },
      });
      expect([target, response.status < 500]).toEqual([target, true]);
    }
  });

  it('does not tell the server’s host name in whoami', async () => {
    const response = await callAs(f, 'direct', 'viewer', '/auth/whoami');
    expect(response.status).toBe(200);
    const payload = (json(response.body) as { payload: Row }).payload;
    expect(Object.keys(payload).sort()).toEqual(['effective_permissions', 'permissions', 'roles', 'user']);
    expect(response.body).not.toContain(hostname());
  });
});
