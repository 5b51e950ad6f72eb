/** @jest-environment node */
import { ROLES, type Role } from '@/lib/auth/permissions';
import { ACTION_DURATION_MS, advancePlaybookRuns } from '@/lib/embedded-backend/ticker/playbook-runs';
import { parse } from 'yaml';
import { basic, coreEngines } from './helpers/core-backend';
import {
  callAs,
  firstRow,
  startSecurityFixture,
  type SecurityFixture,
  type Via,
  writeAs,
} from './security-fixture';

/**
 * Issue 31's authorization items, over real HTTP on both engines, straight to the backend and through the console's
 * /api proxy: playbook runs, approvals and run actions are read-only through /db (item 2); the incident history is
 * insert-only and writes need an equality filter (item 4); password parameters of runs are stored write-only and
 * never read back or echoed (item 3); a deactivated identity is refused everywhere and its
 * console sessions are ended (item 5).
 */

type Row = Record<string, unknown>;
const VIAS: readonly Via[] = ['direct', 'proxy'];

describe.each(coreEngines())('issue 31 authorization on %s', (engine) => {
  let f: SecurityFixture;

  const json = (body: string) => JSON.parse(body) as unknown;
  const one = (sql: string, params?: unknown[]): Promise<Row> => firstRow(f, sql, params);
  const write = (via: Via, role: Role, method: string, path: string, body?: unknown) =>
    writeAs(f, via, role, method, path, body);

  beforeAll(async () => {
    f = await startSecurityFixture(engine);
  }, 300_000);

  afterAll(async () => {
    await f?.close();
  });

  describe('playbook runs, approvals and run actions (item 2)', () => {
    let runId: string;
    let playbookId: string;

    beforeAll(async () => {
      // A run waiting for approval, as POST /playbook/run leaves one of a playbook with an approval block.
      const playbook = await one(
        `SELECT id, spec FROM playbooks WHERE spec ? 'approval' AND deleted_at IS NULL ORDER BY name LIMIT 1`,
      );
      playbookId = String(playbook.id);
      const run = await one(
        `INSERT INTO playbook_runs (playbook_id, spec, status, created_by, parameters, request)
         VALUES ($1, $2, 'pending_approval', $3, '{}', '{"source":"api"}') RETURNING id`,
        [playbookId, JSON.stringify(playbook.spec), f.ids.get('editor')],
      );
      runId = String(run.id);
    });

    it.each(VIAS)(
      'refuses every /db write to them for every role, admin included, with PostgREST 405 (%s)',
      async (via) => {
        const attempts: [Role, string, string, unknown][] = [
          // The bypass of the issue: an editor schedules a run that waits for approval.
          ['editor', 'PATCH', `/db/playbook_runs?id=eq.${runId}`, { status: 'scheduled' }],
          ['admin', 'PATCH', `/db/playbook_runs?id=eq.${runId}`, { status: 'scheduled' }],
          ['editor', 'POST', '/db/playbook_runs', { playbook_id: playbookId, status: 'scheduled', spec: {} }],
          ['editor', 'POST', '/db/playbook_approvals', { run_id: runId, person_id: f.ids.get('editor') }],
          ['admin', 'POST', '/db/playbook_approvals', { run_id: runId, person_id: f.ids.get('admin') }],
          [
            'editor',
            'POST',
            '/db/playbook_run_actions',
            { name: 'forged', playbook_run_id: runId, status: 'completed' },
          ],
          [
            'editor',
            'PATCH',
            `/db/playbook_run_actions?playbook_run_id=eq.${runId}`,
            { status: 'completed' },
          ],
          ['editor', 'DELETE', `/db/playbook_runs?id=eq.${runId}`, undefined],
          ['admin', 'DELETE', `/db/playbook_approvals?run_id=eq.${runId}`, undefined],
        ];
        for (const [role, method, path, body] of attempts) {
          const response = await write(via, role, method, path, body);
          expect([role, method, path, response.status]).toEqual([role, method, path, 405]);
          expect(json(response.body)).toMatchObject({
            code: '55000',
            message: expect.stringMatching(/read-only through \/db/),
          });
        }
        // Roles without write access are refused by the gate first, as before.
        expect(
          (await write(via, 'viewer', 'PATCH', `/db/playbook_runs?id=eq.${runId}`, { status: 'scheduled' }))
            .status,
        ).toBe(403);
        expect(
          await one(
            `SELECT status, (SELECT count(*)::int FROM playbook_approvals WHERE run_id = $1) AS approvals FROM playbook_runs WHERE id = $1`,
            [runId],
          ),
        ).toEqual({
          status: 'pending_approval',
          approvals: 0,
        });
        // Reads are unchanged.
        const read = await callAs(
          f,
          via,
          'editor',
          `/db/playbook_runs?id=eq.${runId}&select=id,status,playbook_approvals(id)`,
        );
        expect(read.status).toBe(200);
        expect(json(read.body)).toEqual([{ id: runId, status: 'pending_approval', playbook_approvals: [] }]);
      },
    );

    it('still runs and cancels through the native endpoints and their checks', async () => {
      // An editor who is not an approver cannot approve; cancelling is the native endpoint's (playbook:cancel).
      const approve = await write('direct', 'editor', 'POST', `/playbook/run/approve/${runId}`);
      expect(approve.status).toBe(403);
      const cancel = await write('direct', 'admin', 'POST', `/playbook/run/cancel/${runId}`);
      expect(cancel.status).toBe(200);
      expect(await one(`SELECT status FROM playbook_runs WHERE id = $1`, [runId])).toEqual({
        status: 'cancelled',
      });
    });
  });

  describe('the incident history (item 4)', () => {
    let incident: string;
    let entry: Row;

    beforeAll(async () => {
      incident = String(
        (
          await one(
            `SELECT incident_id FROM incident_histories GROUP BY incident_id ORDER BY count(*) DESC LIMIT 1`,
          )
        ).incident_id,
      );
      entry = await one(
        `SELECT id, created_by, description, type FROM incident_histories WHERE incident_id = $1 ORDER BY created_at LIMIT 1`,
        [incident],
      );
    });

    it.each(VIAS)(
      'refuses PATCH and DELETE of history entries for every role with a PostgREST 403, changing nothing (%s)',
      async (via) => {
        const before = await one(`SELECT count(*)::int AS n FROM incident_histories`);
        const id = String(entry.id);
        for (const [role, method, body] of [
          ['commander', 'DELETE', undefined],
          ['responder', 'DELETE', undefined],
          ['admin', 'DELETE', undefined],
          ['commander', 'PATCH', { description: 'rewritten', created_by: f.ids.get('commander') }],
          ['responder', 'PATCH', { type: 'comment.added' }],
          ['admin', 'PATCH', { description: 'rewritten' }],
        ] as const) {
          const response = await write(via, role, method, `/db/incident_histories?id=eq.${id}`, body);
          expect([role, method, response.status]).toEqual([role, method, 403]);
          expect(json(response.body)).toMatchObject({
            code: '42501',
            message: 'Permission denied',
            details: null,
            hint: null,
          });
        }
        expect(await one(`SELECT count(*)::int AS n FROM incident_histories`)).toEqual(before);
        expect(
          await one(`SELECT id, created_by, description, type FROM incident_histories WHERE id = $1`, [id]),
        ).toEqual(entry);
        // Appending stays possible (the timeline's own writes), in the caller's name.
        const added = await write(via, 'responder', 'POST', '/db/incident_histories?select=created_by', {
          incident_id: incident,
          type: 'incident.note',
          description: 'appended',
          created_by: f.ids.get('admin'),
        });
        expect(added.status).toBe(201);
        expect(json(added.body)).toEqual([{ created_by: f.ids.get('responder') }]);
      },
    );

    it('is insert-only below /db too: plain SQL cannot update, delete or truncate it, and cascades of a deleted parent still remove entries', async () => {
      await expect(
        f.backend.db.query(`UPDATE incident_histories SET description = 'x' WHERE id = $1`, [entry.id]),
      ).rejects.toThrow(/insert-only/);
      await expect(
        f.backend.db.query(`DELETE FROM incident_histories WHERE id = $1`, [entry.id]),
      ).rejects.toThrow(/insert-only/);
      await expect(f.backend.db.query(`TRUNCATE incident_histories`)).rejects.toThrow(/insert-only/);
      // A comment's own entry goes with the comment (the author deleting their comment).
      const comment = await write('direct', 'responder', 'POST', '/db/comments?select=id', {
        incident_id: incident,
        comment: 'short-lived',
      });
      const [created] = json(comment.body) as Row[];
      expect(
        await one(`SELECT count(*)::int AS n FROM incident_histories WHERE comment_id = $1`, [created?.id]),
      ).toEqual({ n: 1 });
      const removed = await write(
        'direct',
        'responder',
        'DELETE',
        `/db/comments?id=eq.${String(created?.id)}`,
      );
      expect(removed.status).toBe(200);
      expect(
        await one(`SELECT count(*)::int AS n FROM incident_histories WHERE comment_id = $1`, [created?.id]),
      ).toEqual({ n: 0 });
    });

    it.each(VIAS)(
      'refuses writes whose filter does not narrow by equality, tautologies included, with 400 (%s)',
      async (via) => {
        const before = await one(`SELECT count(*)::int AS comments FROM comments`);
        for (const query of [
          'id=not.is.null',
          'id=is.not_null',
          'or=(id.is.null,id.not.is.null)',
          'id=neq.00000000-0000-0000-0000-000000000000',
          'id=not.eq.00000000-0000-0000-0000-000000000000',
          'id=not.in.(00000000-0000-0000-0000-000000000000)',
          'created_at=gt.2000-01-01',
          'comment=like.*',
          'not.and=(id.eq.00000000-0000-0000-0000-000000000000)',
        ]) {
          for (const [role, method] of [
            ['commander', 'DELETE'],
            ['responder', 'PATCH'],
            ['admin', 'DELETE'],
          ] as const) {
            const response = await write(
              via,
              role,
              method,
              `/db/comments?${query}`,
              method === 'PATCH' ? { comment: 'rewritten' } : undefined,
            );
            expect([query, role, method, response.status]).toEqual([query, role, method, 400]);
            expect(json(response.body)).toMatchObject({
              code: '21000',
              message: expect.stringMatching(/requires a filter/),
            });
          }
        }
        // The tautology of the issue on the history itself.
        const tautology = await write(via, 'commander', 'DELETE', '/db/incident_histories?id=not.is.null');
        expect(tautology.status).toBe(400);
        expect(await one(`SELECT count(*)::int AS comments FROM comments`)).toEqual(before);
        // Equality filters pass: eq, in (an empty list matches nothing), inside an and, alongside other filters.
        for (const query of [
          'id=eq.00000000-0000-0000-0000-000000000000',
          'id=in.()',
          'id=in.(00000000-0000-0000-0000-000000000000)',
          'and=(id.eq.00000000-0000-0000-0000-000000000000,comment.like.*)',
          'created_by=eq.00000000-0000-0000-0000-000000000000&id=not.is.null',
        ]) {
          const response = await write(via, 'commander', 'DELETE', `/db/comments?${query}`);
          expect([query, response.status]).toEqual([query, 200]);
        }
      },
    );
  });

  describe('password parameters of playbook runs (item 3)', () => {
    const SECRET_PARAM = 'sec-run-password-7c1e93';
    const MASK = '********';
    let playbookId: string;
    let runId: string;

    /** Runs the executor (the demo ticker is off in tests) until the run is final. */
    const runToEnd = async (id: string) => {
      let now = Date.now();
      for (let step = 0; step < 10; step++) {
        await advancePlaybookRuns(f.backend.db, new Date(now));
        now += ACTION_DURATION_MS + 1;
        const { status } = await one(`SELECT status FROM playbook_runs WHERE id = $1`, [id]);
        if (status === 'completed' || status === 'failed') return String(status);
      }
      return 'unfinished';
    };
    const start = async (params: Record<string, string>) => {
      const response = await write('direct', 'admin', 'POST', '/playbook/run', { id: playbookId, params });
      expect(response.status).toBe(201);
      return String((json(response.body) as Row).run_id);
    };

    beforeAll(async () => {
      const spec = {
        title: 'Use a token',
        parameters: [
          { name: 'token', label: 'Token', type: 'text', properties: { format: 'password' } },
          { name: 'legacy', label: 'Legacy secret', type: 'secret' },
          { name: 'note', label: 'Note', type: 'text' },
        ],
        actions: [
          { name: 'use-token', exec: { script: 'echo "$TOKEN"' } },
          { name: 'report', pod: { spec: {} } },
        ],
      };
      playbookId = String(
        (
          await one(
            `INSERT INTO playbooks (name, namespace, title, source, spec) VALUES ('sec-password-run', 'default', 'Use a token', 'UI', $1) RETURNING id`,
            [JSON.stringify(spec)],
          )
        ).id,
      );
      runId = await start({ token: SECRET_PARAM, legacy: `${SECRET_PARAM}-legacy`, note: 'visible note' });
      expect(await runToEnd(runId)).toBe('completed');
    });

    it.each(VIAS)(
      'never returns the value on any read path, to any role, and masks it where it is stored (%s)',
      async (via) => {
        const actions = (
          await f.backend.db.query<{ id: string }>(
            `SELECT id FROM playbook_run_actions WHERE playbook_run_id = $1`,
            [runId],
          )
        ).rows;
        const artifacts = (
          await f.backend.db.query<{ id: string }>(
            `SELECT id FROM artifacts WHERE playbook_run_action_id = ANY($1::uuid[])`,
            [actions.map((a) => a.id)],
          )
        ).rows;
        expect(actions.length).toBe(2);
        expect(artifacts.length).toBeGreaterThan(0);
        const paths = [
          `/db/playbook_runs?id=eq.${runId}`,
          `/db/playbook_runs?id=eq.${runId}&select=parameters,request,spec`,
          `/db/playbook_runs?or=(id.eq.${runId},parent_id.eq.${runId})&select=*,playbooks(id,name,title,icon,spec),playbook_approvals(id)`,
          `/db/playbooks?id=eq.${playbookId}&select=*,playbook_runs(*)`,
          `/db/playbook_run_actions?playbook_run_id=eq.${runId}&select=*,playbook_run:playbook_runs(*)`,
          `/db/rpc/get_playbook_run_actions?run_id=${runId}`,
          `/playbook/run/${runId}`,
          ...artifacts.map((a) => `/artifacts/download/${a.id}`),
        ];
        for (const role of ROLES) {
          for (const path of paths) {
            const response = await callAs(f, via, role, path);
            expect([role, path, response.body.includes(SECRET_PARAM)]).toEqual([role, path, false]);
          }
        }
        // The run still says which parameters it had: the secret ones as the mask, the others as given.
        const run = await callAs(
          f,
          via,
          'admin',
          `/db/playbook_runs?id=eq.${runId}&select=parameters,request`,
        );
        expect(json(run.body)).toEqual([
          {
            parameters: { token: MASK, legacy: MASK, note: 'visible note' },
            request: expect.objectContaining({ params: { token: MASK, legacy: MASK, note: 'visible note' } }),
          },
        ]);
        // The store of the real values is not in the catalog, as a root or an embed.
        expect((await callAs(f, via, 'admin', '/db/playbook_run_secrets')).status).toBe(404);
        expect(
          (
            await callAs(
              f,
              via,
              'admin',
              `/db/playbook_runs?id=eq.${runId}&select=id,playbook_run_secrets(*)`,
            )
          ).status,
        ).toBe(400);
      },
    );

    it('holds for the seeded demo runs too (the seed loads runs with their triggers)', async () => {
      const seeded = 'Rotated-Passw0rd-2025!';
      const all = await callAs(
        f,
        'direct',
        'admin',
        '/db/playbook_runs?select=id,parameters,request&limit=2000',
      );
      expect(all.status).toBe(200);
      expect(all.body).not.toContain(seeded);
      const rotated = await one(
        `SELECT count(*)::int AS n FROM playbook_runs r JOIN playbook_run_secrets s ON s.run_id = r.id
          WHERE r.parameters->>'new_password' = $1 AND s.parameters->>'new_password' = $2`,
        [MASK, seeded],
      );
      expect(Number(rotated.n)).toBeGreaterThan(0);
    });

    it('keeps the real value for the executor only, and never writes it into action output', async () => {
      expect(await one(`SELECT parameters FROM playbook_run_secrets WHERE run_id = $1`, [runId])).toEqual({
        parameters: { token: SECRET_PARAM, legacy: `${SECRET_PARAM}-legacy` },
      });
      const output = await one(
        `SELECT string_agg(result::text, ' ') AS text FROM playbook_run_actions WHERE playbook_run_id = $1`,
        [runId],
      );
      expect(String(output.text)).toContain('parameters: legacy, note, token');
      expect(String(output.text)).not.toContain(SECRET_PARAM);
      // The executor sees the real value: a password of 'fail' fails the run (the demo executor's rule), the mask would not.
      const failing = await start({ token: 'fail', note: 'x' });
      expect(await one(`SELECT parameters FROM playbook_runs WHERE id = $1`, [failing])).toEqual({
        parameters: { token: MASK, note: 'x' },
      });
      expect(await runToEnd(failing)).toBe('failed');
    });
  });

  describe('deactivated people (item 5)', () => {
    const whoami = (authorization: string) =>
      fetch(`${f.backend.url}/auth/whoami`, { headers: { authorization } });
    const login = (username: string) =>
      fetch(`${f.backend.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'demo' }),
      });
    const kubeconfigToken = async (role: Role): Promise<string> => {
      const response = await fetch(`${f.backend.url}/kubeconfig`, {
        headers: { authorization: `Bearer ${f.tokens.get(role) ?? ''}` },
      });
      expect(response.status).toBe(200);
      const doc = parse(await response.text()) as { users: { user: { token: string } }[] };
      return doc.users[0]?.user.token ?? '';
    };
    const revocation = (role: Role) =>
      one(
        `SELECT count(*)::int AS n FROM console.session_revocations WHERE key = $1 AND revoked_before <= now() AND expires_at > now()`,
        [`user:${f.ids.get(role) ?? ''}`],
      );

    it.each<[Role, 'the Users page (/people/update)' | '/db identities']>([
      ['editor', 'the Users page (/people/update)'],
      ['commander', '/db identities'],
    ])(
      'refuses %s at once on every credential after deactivation through %s, and records the end of their console sessions',
      async (role, path) => {
        const bearer = `Bearer ${f.tokens.get(role) ?? ''}`;
        // A recorded 365-day token, for who may mint one (kubernetes-proxy:create: editors).
        const credentials = [
          bearer,
          basic(role),
          ...(role === 'editor' ? [`Bearer ${await kubeconfigToken(role)}`] : []),
        ];
        // Every credential works, and is cached, before.
        for (const authorization of credentials) expect((await whoami(authorization)).status).toBe(200);
        expect((await login(role)).status).toBe(200);
        expect(await revocation(role)).toEqual({ n: 0 });

        const id = f.ids.get(role) ?? '';
        // The demo people have no identity row yet: /db creates it inactive, the Users page upserts it.
        const deactivated =
          path === '/db identities'
            ? await write('direct', 'admin', 'POST', '/db/identities', {
                id,
                traits: { email: `${role}@demo.local` },
                state: 'inactive',
              })
            : await write('direct', 'admin', 'POST', '/people/update', { id, active: false });
        expect(deactivated.status).toBeLessThan(300);

        // Bearer (sign-in token), Basic, the recorded kubeconfig token and a new password sign-in: all refused now.
        for (const authorization of credentials) expect((await whoami(authorization)).status).toBe(401);
        expect((await login(role)).status).toBe(401);
        // Through the console's proxy too (its session carries the same token).
        expect((await callAs(f, 'proxy', role, '/auth/whoami')).status).toBe(401);
        // The console's sessions of this person signed in before now are ended (lib/auth/session-revocation.ts).
        expect(await revocation(role)).toEqual({ n: 1 });

        // Reactivated, a new sign-in works again.
        expect(
          (await write('direct', 'admin', 'PATCH', `/db/identities?id=eq.${id}`, { state: 'active' })).status,
        ).toBe(200);
        expect((await login(role)).status).toBe(200);
      },
    );

    it('ends the sessions of a deleted person too', async () => {
      const id = f.ids.get('guest') ?? '';
      expect((await write('direct', 'admin', 'DELETE', `/people/${id}`)).status).toBe(200);
      expect((await whoami(`Bearer ${f.tokens.get('guest') ?? ''}`)).status).toBe(401);
      expect(await revocation('guest')).toEqual({ n: 1 });
    });
  });
});
