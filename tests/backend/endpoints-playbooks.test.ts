import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { createDemoTicker, type DemoTicker } from '@/lib/embedded-backend/ticker';
import { ACTION_DURATION_MS } from '@/lib/embedded-backend/ticker/playbook-runs';
import { coreEngines } from './helpers/core-backend';
import { expectDenied, expectError, openEndpointsFixture, type EndpointsFixture } from './endpoints-fixture';
import { PLAYBOOK_RUN_STATUSES } from './helpers/demo-data-facts';

type Json = Record<string, unknown>;

describe.each(coreEngines())('playbook endpoints on %s', (engine) => {
  let f: EndpointsFixture;
  let ticker: DemoTicker;
  let deploymentId: string;
  let execPlaybook: string;
  let approvalPlaybook: string;
  let serviceId: string;
  let clock: number;

  /** A valid value for each required parameter of a seeded playbook (by type and text format), plus `extra`. */
  const paramsFor = async (playbookId: string, extra: Json = {}): Promise<Json> => {
    const spec = await f.one<{
      parameters: { name: string; type?: string; required?: boolean; default?: string; properties?: Json }[];
    }>('SELECT spec FROM playbooks WHERE id = $1', [playbookId]);
    const byFormat: Record<string, string> = {
      number: '3',
      bytes: '256Mi',
      millicores: '250m',
      email: 'ops@example.com',
      url: 'https://example.com/hook',
      dns1123: 'demo-run',
      password: 'Sup3r-Secret-Passw0rd!',
    };
    const params: Json = {};
    for (const p of spec.parameters) {
      if (!p.required) continue;
      const format = String(p.properties?.format ?? '');
      const options = p.properties?.options as { value: string }[] | undefined;
      params[p.name] =
        p.name === 'reason'
          ? 'routine maintenance'
          : p.type === 'checkbox'
            ? 'true'
            : p.type === 'list'
              ? options?.[0]?.value
              : (byFormat[format] ?? 'a valid value');
    }
    return { ...params, ...extra };
  };

  const runStatus = (id: string) => f.one<string>('SELECT status FROM playbook_runs WHERE id = $1', [id]);

  /** Ticks the ticker forward until the run reaches a final state (or gives up after a few steps). */
  const followRun = async (id: string): Promise<string[]> => {
    const seen: string[] = [await runStatus(id)];
    for (let i = 0; i < 10; i++) {
      clock += ACTION_DURATION_MS + 100;
      await ticker.tick(new Date(clock));
      const status = await runStatus(id);
      if (status !== seen[seen.length - 1]) seen.push(status);
      if (['completed', 'failed', 'cancelled'].includes(status)) break;
    }
    return seen;
  };

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
    ticker = createDemoTicker({ db: f.backend.db });
    clock = Date.now() + 1000;
    deploymentId = await f.one(
      `SELECT id FROM config_items WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL ORDER BY name LIMIT 1`,
    );
    serviceId = await f.one(
      `SELECT id FROM components WHERE type = 'Service' AND deleted_at IS NULL ORDER BY name LIMIT 1`,
    );
    execPlaybook = await f.one(`SELECT id FROM playbooks WHERE name = 'restart-deployment'`);
    approvalPlaybook = await f.one(
      `SELECT id FROM playbooks WHERE deleted_at IS NULL AND spec ? 'approval' AND spec ? 'components' ORDER BY name LIMIT 1`,
    );
  });
  afterAll(async () => {
    await ticker?.stop();
    await f?.dispose();
  });

  describe('GET /playbook/list', () => {
    it('lists the playbooks whose selectors match the resource', async () => {
      const response = await f.call('GET', `/playbook/list?config_id=${deploymentId}`, { as: 'viewer' });
      expect(response.status).toBe(200);
      const list = (await response.json()) as Json[];
      expect(list.map((p) => p.id)).toContain(execPlaybook);
      expect(list[0]).toMatchObject({
        id: expect.any(String),
        name: expect.any(String),
        parameters: expect.any(Array),
        spec: expect.any(Object),
      });
      expect(
        list.every((p) => JSON.stringify((p.spec as Json).configs).includes('Kubernetes::Deployment')),
      ).toBe(true);
      const forService = (await (
        await f.call('GET', `/playbook/list?component_id=${serviceId}`)
      ).json()) as Json[];
      expect(forService.map((p) => p.id)).toContain(approvalPlaybook);
    });

    it('needs exactly one known resource', async () => {
      await expectError(await f.call('GET', '/playbook/list'), 400, /required/);
      await expectError(
        await f.call('GET', `/playbook/list?config_id=${deploymentId}&component_id=${serviceId}`),
        400,
        /only one/,
      );
      await expectError(
        await f.call('GET', '/playbook/list?check_id=00000000-0000-0000-0000-00000000abcd'),
        404,
        /not found/,
      );
    });
  });

  describe('POST /playbook/{id}/params', () => {
    it('returns the parameters with defaults for the chosen resource', async () => {
      const response = await f.call('POST', `/playbook/${execPlaybook}/params`, {
        body: { id: execPlaybook, config_id: deploymentId },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { params: Json[] };
      expect(body.params.map((p) => p.name)).toEqual(expect.arrayContaining(['reason']));
      expect(body.params[0]).toMatchObject({ name: 'reason', type: 'text', required: true });
    });

    it('answers 404 for unknown playbooks, 400 for two targets and 403 without playbook:run', async () => {
      await expectError(
        await f.call('POST', '/playbook/x/params', { body: { id: '00000000-0000-0000-0000-00000000abcd' } }),
        404,
        /not found/,
      );
      await expectError(
        await f.call('POST', `/playbook/${execPlaybook}/params`, {
          body: { id: execPlaybook, config_id: deploymentId, component_id: serviceId },
        }),
        400,
        /only one/,
      );
      await expectDenied(
        await f.call('POST', `/playbook/${execPlaybook}/params`, {
          as: 'viewer',
          body: { id: execPlaybook },
        }),
        'playbooks',
        'playbook:run',
      );
    });
  });

  describe('POST /playbook/run', () => {
    it('starts a run (201) that the ticker moves through running to completed, with actions and artifacts', async () => {
      const response = await f.call('POST', '/playbook/run', {
        body: { id: execPlaybook, config_id: deploymentId, params: await paramsFor(execPlaybook) },
      });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { run_id: string; starts_at: string };
      expect(body).toEqual({ run_id: expect.any(String), starts_at: expect.any(String) });
      expect(Number.isNaN(Date.parse(body.starts_at))).toBe(false);
      const statuses = await followRun(body.run_id);
      expect(statuses).toEqual(['scheduled', 'running', 'completed']);
      const actions = (await (
        await f.call('GET', `/db/rpc/get_playbook_run_actions?run_id=${body.run_id}`)
      ).json()) as Json[];
      expect(actions.length).toBe(2);
      expect(actions.every((a) => a.status === 'completed' && a.start_time && a.end_time && a.result)).toBe(
        true,
      );
      expect(actions.some((a) => Array.isArray(a.artifacts) && (a.artifacts as Json[]).length > 0)).toBe(
        true,
      );
      const run = (await (
        await f.call(
          'GET',
          `/db/playbook_runs?id=eq.${body.run_id}&select=status,start_time,end_time,config_id,parameters`,
        )
      ).json()) as Json[];
      expect(run[0]).toMatchObject({
        status: 'completed',
        config_id: deploymentId,
        start_time: expect.any(String),
        end_time: expect.any(String),
      });
    });

    it('reaches failed when an action fails', async () => {
      const response = await f.call('POST', '/playbook/run', {
        body: {
          id: execPlaybook,
          config_id: deploymentId,
          params: await paramsFor(execPlaybook, { reason: 'fail' }),
        },
      });
      const { run_id: runId } = (await response.json()) as { run_id: string };
      expect(await followRun(runId)).toEqual(['scheduled', 'running', 'failed']);
      expect(await f.one('SELECT error FROM playbook_runs WHERE id = $1', [runId])).toMatch(/failed/);
    });

    it('validates parameters with 400 and a message', async () => {
      const base = { id: execPlaybook, config_id: deploymentId };
      await expectError(
        await f.call('POST', '/playbook/run', { body: { ...base, params: {} } }),
        400,
        /parameter "reason" is required/,
      );
      await expectError(
        await f.call('POST', '/playbook/run', {
          body: { ...base, params: await paramsFor(execPlaybook, { reason: 'x' }) },
        }),
        400,
        /must match/,
      );
      await expectError(
        await f.call('POST', '/playbook/run', {
          body: { ...base, params: await paramsFor(execPlaybook, { bogus: '1' }) },
        }),
        400,
        /unknown parameter "bogus"/,
      );
      await expectError(
        await f.call('POST', '/playbook/run', { body: { ...base, component_id: serviceId, params: {} } }),
        400,
        /only one/,
      );
      await expectError(
        await f.call('POST', '/playbook/run', { body: { id: 'nope' } }),
        400,
        /invalid playbook id/,
      );
      await expectError(
        await f.call('POST', '/playbook/run', { body: { id: '00000000-0000-0000-0000-00000000abcd' } }),
        404,
        /not found/,
      );
    });

    it('lets admin and editor (permission row) run, and denies the other roles', async () => {
      const params = await paramsFor(execPlaybook);
      expect(
        (
          await f.call('POST', '/playbook/run', {
            as: 'editor',
            body: { id: execPlaybook, config_id: deploymentId, params },
          })
        ).status,
      ).toBe(201);
      for (const role of ['commander', 'responder', 'viewer', 'guest'] as const) {
        await expectDenied(
          await f.call('POST', '/playbook/run', {
            as: role,
            body: { id: execPlaybook, config_id: deploymentId, params },
          }),
          'playbooks',
          'playbook:run',
        );
      }
    });
  });

  describe('approval and cancellation', () => {
    it('a run needing approval waits in pending_approval, is approved by an approver and then completes', async () => {
      const response = await f.call('POST', '/playbook/run', {
        body: { id: approvalPlaybook, component_id: serviceId, params: await paramsFor(approvalPlaybook) },
      });
      expect(response.status).toBe(201);
      const { run_id: runId } = (await response.json()) as { run_id: string };
      expect(await runStatus(runId)).toBe('pending_approval');
      await ticker.tick(new Date((clock += 5000)));
      expect(await runStatus(runId)).toBe('pending_approval');
      // The viewer is neither a listed approver nor holds playbook:approve.
      await expectError(
        await f.call('POST', `/playbook/run/approve/${runId}`, { as: 'viewer' }),
        403,
        /permission|approver/,
      );
      const approved = await f.call('POST', `/playbook/run/approve/${runId}`, { as: 'admin' });
      expect(approved.status).toBe(200);
      expect(await approved.json()).toEqual({ message: 'playbook run approved' });
      expect(
        await f.one<number>('SELECT count(*)::int FROM playbook_approvals WHERE run_id = $1', [runId]),
      ).toBe(1);
      expect(await followRun(runId)).toEqual(['scheduled', 'running', 'completed']);
      await expectError(await f.call('POST', `/playbook/run/approve/${runId}`), 400, /not pending approval/);
    });

    it('approve answers 400 for a bad id or a playbook without approval and 404 for unknown runs', async () => {
      const body = await expectError(
        await f.call('POST', '/playbook/run/approve/nope'),
        400,
        /invalid run id/,
      );
      expect(body.message).toBe('invalid run id');
      await expectError(
        await f.call('POST', '/playbook/run/approve/00000000-0000-0000-0000-00000000abcd'),
        404,
        /not found/,
      );
      const response = await f.call('POST', '/playbook/run', {
        body: { id: execPlaybook, config_id: deploymentId, params: await paramsFor(execPlaybook) },
      });
      const { run_id: runId } = (await response.json()) as { run_id: string };
      await expectError(
        await f.call('POST', `/playbook/run/approve/${runId}`),
        400,
        /does not require approval/,
      );
    });

    it('cancel stops a running run and its actions; a final run cannot be cancelled', async () => {
      const response = await f.call('POST', '/playbook/run', {
        body: { id: execPlaybook, config_id: deploymentId, params: await paramsFor(execPlaybook) },
      });
      const { run_id: runId } = (await response.json()) as { run_id: string };
      await ticker.tick(new Date((clock += 100)));
      expect(await runStatus(runId)).toBe('running');
      await expectDenied(
        await f.call('POST', `/playbook/run/cancel/${runId}`, { as: 'viewer' }),
        'playbooks',
        'update',
      );
      await expectDenied(
        await f.call('POST', `/playbook/run/cancel/${runId}`, { as: 'editor' }),
        'playbooks',
        'playbook:cancel',
      );
      const cancelled = await f.call('POST', `/playbook/run/cancel/${runId}`);
      expect(cancelled.status).toBe(200);
      expect(await cancelled.json()).toEqual({ message: 'playbook run cancelled' });
      expect(await runStatus(runId)).toBe('cancelled');
      expect(await f.one('SELECT status FROM playbook_run_actions WHERE playbook_run_id = $1', [runId])).toBe(
        'cancelled',
      );
      await ticker.tick(new Date((clock += 10_000)));
      expect(await runStatus(runId)).toBe('cancelled');
      await expectError(await f.call('POST', `/playbook/run/cancel/${runId}`), 400, /already cancelled/);
      await expectError(await f.call('POST', '/playbook/run/cancel/nope'), 400, /invalid run id/);
      await expectError(
        await f.call('POST', '/playbook/run/cancel/00000000-0000-0000-0000-00000000abcd'),
        404,
        /not found/,
      );
    });
  });

  describe('GET /artifacts/download/{id}', () => {
    const download = (id: string, as: 'admin' | 'editor' | 'viewer' = 'admin') =>
      f.call('GET', `/artifacts/download/${id}`, { as });

    it('answers the stored bytes with their type, an attachment name, the size and the SHA-256, for every kind of seeded file', async () => {
      const rows = (
        await f.backend.db.query<{
          id: string;
          filename: string;
          content_type: string;
          size: number;
          checksum: string;
        }>(
          `SELECT DISTINCT ON (content_type) id, filename, content_type, size, checksum FROM artifacts
            WHERE expires_at IS NULL AND deleted_at IS NULL ORDER BY content_type, created_at`,
        )
      ).rows;
      expect(rows.map((r) => r.content_type)).toEqual(
        expect.arrayContaining([
          'application/gzip',
          'application/json',
          'image/png',
          'text/csv',
          'text/plain',
        ]),
      );
      for (const row of rows) {
        const response = await download(row.id);
        expect(response.status).toBe(200);
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(response.headers.get('content-type')).toMatch(
          new RegExp(`^${row.content_type.replace('/', '\\/')}`),
        );
        expect(response.headers.get('content-disposition')).toBe(
          `attachment; filename="${row.filename}"; filename*=UTF-8''${encodeURIComponent(row.filename)}`,
        );
        expect(Number(response.headers.get('content-length'))).toBe(row.size);
        expect(bytes.length).toBe(row.size);
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.checksum);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        if (row.content_type === 'image/png')
          expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
        if (row.content_type === 'application/gzip')
          expect(gunzipSync(bytes).toString('utf8')).toMatch(/INFO/);
        if (row.content_type === 'application/json')
          expect(() => JSON.parse(bytes.toString('utf8'))).not.toThrow();
      }
    });

    it('is admin-only (artifact:read), and answers 400 for a bad id and 404 for unknown, deleted and expired artifacts', async () => {
      const id = await f.one<string>(
        `SELECT id FROM artifacts WHERE expires_at IS NULL ORDER BY created_at LIMIT 1`,
      );
      for (const role of ['editor', 'viewer'] as const)
        await expectDenied(await download(id, role), 'artifact', 'read');
      await expectError(await download('nope'), 400, /invalid artifact id/);
      await expectError(await download('00000000-0000-0000-0000-00000000abcd'), 404, /not found/);
      const expired = await f.one<string>(`SELECT id FROM artifacts WHERE expires_at < now() LIMIT 1`);
      await expectError(await download(expired), 404, /expired/);
      await f.backend.db.query(`UPDATE artifacts SET deleted_at = now() WHERE id = $1`, [id]);
      try {
        await expectError(await download(id), 404, /not found/);
      } finally {
        await f.backend.db.query(`UPDATE artifacts SET deleted_at = NULL WHERE id = $1`, [id]);
      }
    });

    it('serves the artifacts the ticker writes for a run started from the console', async () => {
      const response = await f.call('POST', '/playbook/run', {
        body: { id: execPlaybook, config_id: deploymentId, params: await paramsFor(execPlaybook) },
      });
      const { run_id: runId } = (await response.json()) as { run_id: string };
      expect((await followRun(runId)).pop()).toBe('completed');
      const actions = (await (
        await f.call('GET', `/db/rpc/get_playbook_run_actions?run_id=${runId}`)
      ).json()) as { artifacts: { id: string; size: number }[] }[];
      const artifact = actions.flatMap((a) => a.artifacts)[0];
      if (!artifact) throw new Error('no artifact written');
      const body = await (await download(artifact.id)).text();
      expect(Buffer.byteLength(body)).toBe(artifact.size);
      expect(body).toMatch(/restart/);
    });
  });

  describe('artifacts of run actions (lib/playbooks/README.md: one rule for the rpc and the /db embed)', () => {
    it("the rpc lists an action's artifacts without their bytes to admin, and masks them for who may not read artifact", async () => {
      const runId = await f.one<string>(
        `SELECT a.playbook_run_id FROM artifacts x JOIN playbook_run_actions a ON a.id = x.playbook_run_action_id
          WHERE x.deleted_at IS NULL GROUP BY a.playbook_run_id ORDER BY count(*) DESC LIMIT 1`,
      );
      const asAdmin = (await (
        await f.call('GET', `/db/rpc/get_playbook_run_actions?run_id=${runId}`)
      ).json()) as Json[];
      const withArtifacts = asAdmin.filter((a) => Array.isArray(a.artifacts));
      expect(withArtifacts.length).toBeGreaterThan(0);
      for (const action of withArtifacts) {
        for (const artifact of action.artifacts as Json[]) {
          expect(artifact).toMatchObject({
            id: expect.any(String),
            filename: expect.any(String),
            size: expect.any(Number),
            playbook_run_action_id: action.id,
          });
          expect(artifact).not.toHaveProperty('content');
        }
      }
      // No artifacts reads as null, so a masked value always means "there are some you may not see".
      expect(
        asAdmin.every((a) => a.artifacts === null || (Array.isArray(a.artifacts) && a.artifacts.length > 0)),
      ).toBe(true);
      for (const role of ['editor', 'viewer'] as const) {
        const response = await f.call('GET', `/db/rpc/get_playbook_run_actions?run_id=${runId}`, {
          as: role,
        });
        expect(response.status).toBe(200);
        const actions = (await response.json()) as Json[];
        expect(actions.map((a) => a.id)).toEqual(asAdmin.map((a) => a.id));
        expect(actions.map((a) => a.artifacts)).toEqual(
          asAdmin.map((a) => (a.artifacts === null ? null : '********')),
        );
      }
    });

    it('the /db embed of artifacts under playbook_run_actions is admin-only, as the download is', async () => {
      const actionId = await f.one<string>(
        'SELECT playbook_run_action_id FROM artifacts WHERE deleted_at IS NULL LIMIT 1',
      );
      const path = `/db/playbook_run_actions?id=eq.${actionId}&select=id,artifacts:artifacts(id,filename)::jsonb`;
      const asAdmin = await f.call('GET', path);
      expect(asAdmin.status).toBe(200);
      expect(((await asAdmin.json()) as { artifacts: Json[] }[])[0]?.artifacts.length).toBeGreaterThan(0);
      const refused = await f.call('GET', path, { as: 'viewer' });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('x-rbac-object')).toBe('artifact');
      expect(await refused.json()).toMatchObject({
        code: '42501',
        message: 'permission denied for embedded resource artifacts',
      });
    });
  });

  describe('seeded runs', () => {
    it('have every run status and, through rpc/get_playbook_run_actions, results of every action kind with errors', async () => {
      const statuses = (await (
        await f.call('GET', '/db/playbook_runs?select=status&parent_id=is.null')
      ).json()) as { status: string }[];
      expect(new Set(statuses.map((r) => r.status))).toEqual(new Set(PLAYBOOK_RUN_STATUSES));
      const sqlRun = await f.one<string>(
        `SELECT playbook_run_id FROM playbook_run_actions WHERE result ? 'rows' LIMIT 1`,
      );
      const actions = (await (
        await f.call('GET', `/db/rpc/get_playbook_run_actions?run_id=${sqlRun}`)
      ).json()) as Json[];
      expect(actions[0]).toMatchObject({
        status: 'completed',
        result: { columns: expect.any(Array), rows: expect.any(Array), count: expect.any(Number) },
      });
      const failed = (await (
        await f.call('GET', `/db/playbook_run_actions?status=eq.failed&select=error,result&limit=5`)
      ).json()) as Json[];
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.every((a) => typeof a.error === 'string' && a.result)).toBe(true);
    });
  });
});
