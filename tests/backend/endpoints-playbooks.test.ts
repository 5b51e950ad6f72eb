import { createDemoTicker, type DemoTicker } from '@/lib/embedded-backend/ticker';
import { ACTION_DURATION_MS } from '@/lib/embedded-backend/ticker/playbook-runs';
import { coreEngines } from './helpers/core-backend';
import { expectDenied, expectError, openEndpointsFixture, type EndpointsFixture } from './endpoints-fixture';

type Json = Record<string, unknown>;

describe.each(coreEngines())('playbook endpoints on %s', (engine) => {
  let f: EndpointsFixture;
  let ticker: DemoTicker;
  let deploymentId: string;
  let execPlaybook: string;
  let approvalPlaybook: string;
  let serviceId: string;
  let clock: number;

  /** The parameters every seeded playbook needs: the required reason plus its typed second parameter. */
  const paramsFor = async (playbookId: string, extra: Json = {}): Promise<Json> => {
    const spec = await f.one<{ parameters: { name: string; type: string; required?: boolean; properties?: Json }[] }>(
      'SELECT spec FROM playbooks WHERE id = $1',
      [playbookId],
    );
    const params: Json = { reason: 'routine maintenance' };
    for (const p of spec.parameters.slice(1)) {
      if (!p.required) continue;
      params[p.name] = p.type === 'checkbox' ? 'true' : p.type === 'list' ? '1' : p.type === 'millicores' ? '500' : 'value';
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
    deploymentId = await f.one(`SELECT id FROM config_items WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL ORDER BY name LIMIT 1`);
    serviceId = await f.one(`SELECT id FROM components WHERE type = 'Service' AND deleted_at IS NULL ORDER BY name LIMIT 1`);
    execPlaybook = await f.one(`SELECT id FROM playbooks WHERE name = 'playbook-1-exec'`);
    approvalPlaybook = await f.one(`SELECT id FROM playbooks WHERE deleted_at IS NULL AND spec ? 'approval' AND spec ? 'components' ORDER BY name LIMIT 1`);
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
      expect(list[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), parameters: expect.any(Array), spec: expect.any(Object) });
      expect(list.every((p) => JSON.stringify((p.spec as Json).configs).includes('Kubernetes::Deployment'))).toBe(true);
      const forService = (await (await f.call('GET', `/playbook/list?component_id=${serviceId}`)).json()) as Json[];
      expect(forService.map((p) => p.id)).toContain(approvalPlaybook);
    });

    it('needs exactly one known resource', async () => {
      await expectError(await f.call('GET', '/playbook/list'), 400, /required/);
      await expectError(await f.call('GET', `/playbook/list?config_id=${deploymentId}&component_id=${serviceId}`), 400, /only one/);
      await expectError(await f.call('GET', '/playbook/list?check_id=00000000-0000-0000-0000-00000000abcd'), 404, /not found/);
    });
  });

  describe('POST /playbook/{id}/params', () => {
    it('returns the parameters with defaults for the chosen resource', async () => {
      const response = await f.call('POST', `/playbook/${execPlaybook}/params`, { body: { id: execPlaybook, config_id: deploymentId } });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { params: Json[] };
      expect(body.params.map((p) => p.name)).toEqual(expect.arrayContaining(['reason']));
      expect(body.params[0]).toMatchObject({ name: 'reason', type: 'text', required: true });
    });

    it('answers 404 for unknown playbooks, 400 for two targets and 403 without playbook:run', async () => {
      await expectError(await f.call('POST', '/playbook/x/params', { body: { id: '00000000-0000-0000-0000-00000000abcd' } }), 404, /not found/);
      await expectError(await f.call('POST', `/playbook/${execPlaybook}/params`, { body: { id: execPlaybook, config_id: deploymentId, component_id: serviceId } }), 400, /only one/);
      await expectDenied(await f.call('POST', `/playbook/${execPlaybook}/params`, { as: 'viewer', body: { id: execPlaybook } }), 'playbooks', 'playbook:run');
    });
  });

  describe('POST /playbook/run', () => {
    it('starts a run (201) that the ticker moves through running to completed, with actions and artifacts', async () => {
      const response = await f.call('POST', '/playbook/run', { body: { id: execPlaybook, config_id: deploymentId, params: await paramsFor(execPlaybook) } });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { run_id: string; starts_at: string };
      expect(body).toEqual({ run_id: expect.any(String), starts_at: expect.any(String) });
      expect(Number.isNaN(Date.parse(body.starts_at))).toBe(false);
      const statuses = await followRun(body.run_id);
      expect(statuses).toEqual(['scheduled', 'running', 'completed']);
      const actions = (await (await f.call('GET', `/db/rpc/get_playbook_run_actions?run_id=${body.run_id}`)).json()) as Json[];
      expect(actions.length).toBe(2);
      expect(actions.every((a) => a.status === 'completed' && a.start_time && a.end_time && a.result)).toBe(true);
      expect(actions.some((a) => Array.isArray(a.artifacts) && (a.artifacts as Json[]).length > 0)).toBe(true);
      const run = (await (await f.call('GET', `/db/playbook_runs?id=eq.${body.run_id}&select=status,start_time,end_time,config_id,parameters`)).json()) as Json[];
      expect(run[0]).toMatchObject({ status: 'completed', config_id: deploymentId, start_time: expect.any(String), end_time: expect.any(String) });
    });

    it('reaches failed when an action fails', async () => {
      const response = await f.call('POST', '/playbook/run', { body: { id: execPlaybook, config_id: deploymentId, params: await paramsFor(execPlaybook, { p_text: 'fail' }) } });
      const { run_id: runId } = (await response.json()) as { run_id: string };
      expect(await followRun(runId)).toEqual(['scheduled', 'running', 'failed']);
      expect(await f.one('SELECT error FROM playbook_runs WHERE id = $1', [runId])).toMatch(/failed/);
    });

    it('validates parameters with 400 and a message', async () => {
      const base = { id: execPlaybook, config_id: deploymentId };
      await expectError(await f.call('POST', '/playbook/run', { body: { ...base, params: {} } }), 400, /parameter "reason" is required/);
      await expectError(await f.call('POST', '/playbook/run', { body: { ...base, params: await paramsFor(execPlaybook, { reason: 'x' }) } }), 400, /must match/);
      await expectError(await f.call('POST', '/playbook/run', { body: { ...base, params: await paramsFor(execPlaybook, { bogus: '1' }) } }), 400, /unknown parameter "bogus"/);
      await expectError(await f.call('POST', '/playbook/run', { body: { ...base, component_id: serviceId, params: {} } }), 400, /only one/);
      await expectError(await f.call('POST', '/playbook/run', { body: { id: 'nope' } }), 400, /invalid playbook id/);
      await expectError(await f.call('POST', '/playbook/run', { body: { id: '00000000-0000-0000-0000-00000000abcd' } }), 404, /not found/);
    });

    it('lets admin and editor (permission row) run, and denies the other roles', async () => {
      const params = await paramsFor(execPlaybook);
      expect((await f.call('POST', '/playbook/run', { as: 'editor', body: { id: execPlaybook, config_id: deploymentId, params } })).status).toBe(201);
      for (const role of ['commander', 'responder', 'viewer', 'guest'] as const) {
        await expectDenied(await f.call('POST', '/playbook/run', { as: role, body: { id: execPlaybook, config_id: deploymentId, params } }), 'playbooks', 'playbook:run');
      }
    });
  });

  describe('approval and cancellation', () => {
    it('a run needing approval waits in pending_approval, is approved by an approver and then completes', async () => {
      const response = await f.call('POST', '/playbook/run', { body: { id: approvalPlaybook, component_id: serviceId, params: await paramsFor(approvalPlaybook) } });
      expect(response.status).toBe(201);
      const { run_id: runId } = (await response.json()) as { run_id: string };
      expect(await runStatus(runId)).toBe('pending_approval');
      await ticker.tick(new Date((clock += 5000)));
      expect(await runStatus(runId)).toBe('pending_approval');
      // The viewer is neither a listed approver nor holds playbook:approve.
      await expectError(await f.call('POST', `/playbook/run/approve/${runId}`, { as: 'viewer' }), 403, /permission|approver/);
      const approved = await f.call('POST', `/playbook/run/approve/${runId}`, { as: 'admin' });
      expect(approved.status).toBe(200);
      expect(await approved.json()).toEqual({ message: 'playbook run approved' });
      expect(await f.one<number>('SELECT count(*)::int FROM playbook_approvals WHERE run_id = $1', [runId])).toBe(1);
      expect(await followRun(runId)).toEqual(['scheduled', 'running', 'completed']);
      await expectError(await f.call('POST', `/playbook/run/approve/${runId}`), 400, /not pending approval/);
    });

    it('approve answers 400 for a bad id or a playbook without approval and 404 for unknown runs', async () => {
      const body = await expectError(await f.call('POST', '/playbook/run/approve/nope'), 400, /invalid run id/);
      expect(body.message).toBe('invalid run id');
      await expectError(await f.call('POST', '/playbook/run/approve/00000000-0000-0000-0000-00000000abcd'), 404, /not found/);
      const response = await f.call('POST', '/playbook/run', { body: { id: execPlaybook, config_id: deploymentId, params: await paramsFor(execPlaybook) } });
      const { run_id: runId } = (await response.json()) as { run_id: string };
      await expectError(await f.call('POST', `/playbook/run/approve/${runId}`), 400, /does not require approval/);
    });

    it('cancel stops a running run and its actions; a final run cannot be cancelled', async () => {
      const response = await f.call('POST', '/playbook/run', { body: { id: execPlaybook, config_id: deploymentId, params: await paramsFor(execPlaybook) } });
      const { run_id: runId } = (await response.json()) as { run_id: string };
      await ticker.tick(new Date((clock += 100)));
      expect(await runStatus(runId)).toBe('running');
      await expectDenied(await f.call('POST', `/playbook/run/cancel/${runId}`, { as: 'viewer' }), 'playbooks', 'update');
      await expectDenied(await f.call('POST', `/playbook/run/cancel/${runId}`, { as: 'editor' }), 'playbooks', 'playbook:cancel');
      const cancelled = await f.call('POST', `/playbook/run/cancel/${runId}`);
      expect(cancelled.status).toBe(200);
      expect(await cancelled.json()).toEqual({ message: 'playbook run cancelled' });
      expect(await runStatus(runId)).toBe('cancelled');
      expect(await f.one('SELECT status FROM playbook_run_actions WHERE playbook_run_id = $1', [runId])).toBe('cancelled');
      await ticker.tick(new Date((clock += 10_000)));
      expect(await runStatus(runId)).toBe('cancelled');
      await expectError(await f.call('POST', `/playbook/run/cancel/${runId}`), 400, /already cancelled/);
      await expectError(await f.call('POST', '/playbook/run/cancel/nope'), 400, /invalid run id/);
      await expectError(await f.call('POST', '/playbook/run/cancel/00000000-0000-0000-0000-00000000abcd'), 404, /not found/);
    });
  });
});
