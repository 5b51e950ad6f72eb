import type { Endpoint } from '@/lib/backend/endpoint';
import { totalFromContentRange } from '@/lib/backend/endpoint';
import {
  peopleByIdsEndpoint as peopleEndpoint,
  peopleChoicesEndpoint,
  peopleWithRolesEndpoint,
} from '@/lib/access/people-endpoints';
import {
  playbookEndpoint,
  playbookRunActionErrorsEndpoint,
  playbookRunActionsEndpoint,
  playbookRunEndpoint,
  playbookRunsEndpoint,
  playbooksEndpoint,
  playbookSpecSchemaEndpoint,
  recentPlaybookRunsEndpoint,
  teamsEndpoint,
} from '@/lib/playbooks/endpoints';
import { resourceNamesEndpoint } from '@/lib/backend/endpoints/resource-names';
import { coreEngines } from './helpers/core-backend';
import { openEndpointsFixture, type EndpointsFixture, type Role } from './endpoints-fixture';

/**
 * The playbooks screens' reads as the console sends them (the endpoint modules' exact paths), against the embedded
 * backend: each answers for every role that may read playbooks, and its answer passes the screen's schema.
 */
describe.each(coreEngines())("playbooks screens' reads on %s", (engine) => {
  let f: EndpointsFixture;

  const run = async <T>(
    endpoint: Endpoint<T>,
    as: Role = 'admin',
  ): Promise<{ data: T; total: number | undefined }> => {
    const response = await f.call(endpoint.method ?? 'GET', endpoint.path, {
      as,
      headers: endpoint.headers,
      body: endpoint.body,
    });
    expect(response.status).toBeLessThan(300);
    const parsed = endpoint.schema.safeParse(await response.json());
    if (!parsed.success)
      throw new Error(`${endpoint.path}: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
    return { data: parsed.data, total: totalFromContentRange(response.headers.get('content-range')) };
  };

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
  });
  afterAll(async () => {
    await f?.dispose();
  });

  it('lists live playbooks with their specs, and one by id', async () => {
    const { data } = await run(playbooksEndpoint(), 'viewer');
    expect(data.length).toBeGreaterThanOrEqual(15);
    expect(data.every((p) => p.spec && typeof p.spec === 'object')).toBe(true);
    expect(data.map((p) => p.name)).not.toContain('legacy-restart');
    // Who created it comes embedded (spec 000 §3 Playbook.created_by), for a viewer too.
    expect(data.some((p) => typeof p.created_by?.name === 'string')).toBe(true);
    const one = await run(playbookEndpoint(data[0]!.id), 'guest');
    expect(one.data[0]?.id).toBe(data[0]!.id);
  });

  it('pages runs in the window, sorted as asked, with the total', async () => {
    const from = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const base = {
      playbookId: null,
      status: null,
      from,
      to: null,
      sortBy: 'start_time' as const,
      sortDesc: true,
      pageIndex: 0,
      pageSize: 20,
    };
    const page = await run(playbookRunsEndpoint(base), 'viewer');
    expect(page.data).toHaveLength(20);
    expect(page.total).toBeGreaterThan(20);
    const starts = page.data.map((r) => r.start_time).filter(Boolean) as string[];
    expect([...starts].sort().reverse()).toEqual(starts);
    expect(page.data.every((r) => r.parent_id === null || r.parent_id === undefined)).toBe(true);
    const asc = await run(playbookRunsEndpoint({ ...base, sortBy: 'status', sortDesc: false }), 'viewer');
    const statuses = asc.data.map((r) => r.status ?? '');
    expect([...statuses].sort()).toEqual(statuses);
    const failed = await run(playbookRunsEndpoint({ ...base, status: 'failed' }), 'viewer');
    expect(failed.data.every((r) => r.status === 'failed')).toBe(true);
    const second = await run(playbookRunsEndpoint({ ...base, pageIndex: 1 }), 'viewer');
    expect(second.data.map((r) => r.id).filter((id) => page.data.some((r) => r.id === id))).toEqual([]);
    const recent = await run(recentPlaybookRunsEndpoint(from), 'viewer');
    expect(recent.data.length).toBeGreaterThan(0);
  });

  it('reads a run with its children and approvals, its actions through the rpc and their errors, as a viewer', async () => {
    const parent = await f.one<string>(
      `SELECT parent_id FROM playbook_runs WHERE parent_id IS NOT NULL LIMIT 1`,
    );
    const runs = await run(playbookRunEndpoint(parent), 'viewer');
    expect(runs.data.find((r) => r.id === parent)?.playbooks?.name).toBeTruthy();
    expect(runs.data.filter((r) => r.parent_id === parent).length).toBeGreaterThan(0);
    const approved = await f.one<string>(`SELECT run_id FROM playbook_approvals LIMIT 1`);
    const withApprovals = await run(playbookRunEndpoint(approved), 'viewer');
    const approvals = withApprovals.data.find((r) => r.id === approved)?.playbook_approvals ?? [];
    expect(approvals.length).toBeGreaterThan(0);
    expect(approvals.every((a) => a.person_id?.name || a.team_id?.name)).toBe(true);
    const actions = await run(playbookRunActionsEndpoint(parent), 'viewer');
    expect(actions.data.length).toBeGreaterThan(0);
    const failedRun = await f.one<string>(
      `SELECT playbook_run_id FROM playbook_run_actions WHERE error IS NOT NULL LIMIT 1`,
    );
    const errors = await run(playbookRunActionErrorsEndpoint([failedRun]), 'viewer');
    expect(errors.data[0]?.error).toEqual(expect.any(String));
  });

  it('names people and teams, lists them for the parameter pickers, and serves the spec schema', async () => {
    const teams = await run(teamsEndpoint(), 'editor');
    expect(teams.data.length).toBeGreaterThan(0);
    const byId = await run(teamsEndpoint([teams.data[0]!.id]), 'viewer');
    expect(byId.data.map((t) => t.id)).toEqual([teams.data[0]!.id]);
    const people = await run(peopleChoicesEndpoint(), 'editor');
    expect(people.data.length).toBeGreaterThanOrEqual(6);
    // Roles narrow the people picker for admin; people_roles is database.identities (admin only).
    const withRoles = await run(peopleWithRolesEndpoint(), 'admin');
    expect(withRoles.data.some((p) => (p.roles ?? []).includes('responder'))).toBe(true);
    expect((await f.call('GET', peopleWithRolesEndpoint().path, { as: 'editor' })).status).toBe(403);
    const named = await run(peopleEndpoint([people.data[0]!.id]), 'viewer');
    expect(named.data[0]?.name).toBeTruthy();
    const schema = await run(playbookSpecSchemaEndpoint(), 'editor');
    expect(schema.data).toHaveProperty('properties');
  });

  it('names the resources a run picked, deleted ones included, for every role', async () => {
    for (const [kind, table] of [
      ['configs', 'config_items'],
      ['components', 'components'],
      ['checks', 'checks'],
    ] as const) {
      const live = await f.one<string>(
        `SELECT id FROM ${table} WHERE deleted_at IS NULL AND name IS NOT NULL ORDER BY name LIMIT 1`,
      );
      const deleted = await f.one<string>(
        `SELECT id FROM ${table} WHERE deleted_at IS NOT NULL AND name IS NOT NULL ORDER BY name LIMIT 1`,
      );
      const { data } = await run(resourceNamesEndpoint(kind, [live, deleted]), 'guest');
      expect(data.map((r) => r.id).sort()).toEqual([live, deleted].sort());
      expect(data.every((r) => typeof r.name === 'string' && r.name !== '')).toBe(true);
    }
  });
});
