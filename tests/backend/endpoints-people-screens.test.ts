import type { Endpoint } from '@/lib/backend/endpoint';
import {
  agentSummaryEndpoint,
  agentsSummaryEndpoint,
  deleteAgentEndpoint,
  generateAgentEndpoint,
  updateAgentEndpoint,
} from '@/lib/access/agents-endpoints';
import { identitiesEndpoint, peopleEndpoint, peopleRolesEndpoint } from '@/lib/access/people-endpoints';
import {
  createPermissionEndpoint,
  deletePermissionEndpoint,
  permissionsListEndpoint,
  pickerEndpoint,
  updatePermissionEndpoint,
} from '@/lib/access/permissions-endpoints';
import {
  addTeamMembersEndpoint,
  removeTeamMemberEndpoint,
  teamMembersEndpoint,
} from '@/lib/access/teams-endpoints';
import { EMPTY_PERMISSION, permissionBody } from '@/lib/access/permission-form';
import { coreEngines } from './helpers/core-backend';
import { openEndpointsFixture, type EndpointsFixture, type Role } from './endpoints-fixture';

/**
 * The exact requests the permissions, users, agents and team-members screens send (their endpoint modules), run
 * against the embedded backend over HTTP: each answer parses with the screen's schema, and the refusals per role.
 */
describe.each(coreEngines())('people screens’ calls on %s', (engine) => {
  let f: EndpointsFixture;
  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
  });
  afterAll(async () => {
    await f?.dispose();
  });

  async function send<T>(endpoint: Endpoint<T>, as: Role = 'admin') {
    const response = await f.call(endpoint.method ?? 'GET', endpoint.path, {
      as,
      body: endpoint.body,
      headers: endpoint.headers,
    });
    const text = await response.text();
    const json = response.ok && text ? JSON.parse(text) : undefined;
    const parsed = response.ok ? endpoint.schema.safeParse(json) : undefined;
    if (parsed && !parsed.success)
      throw new Error(`${endpoint.path}: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
    return {
      status: response.status,
      data: parsed?.success ? parsed.data : undefined,
      contentRange: response.headers.get('content-range'),
    };
  }

  const listParams = {
    scope: {},
    subject: null,
    resource: null,
    action: null,
    sortBy: null,
    sortDesc: true,
    pageIndex: 0,
    pageSize: 10,
  };

  it('pages and filters permissions_summary with the creator, and refuses every other role', async () => {
    const all = await send(permissionsListEndpoint(listParams));
    expect(all.status).toBe(206);
    expect(all.data).toHaveLength(10);
    expect(Number(all.contentRange?.split('/')[1])).toBeGreaterThan(10);
    expect(all.data?.some((p) => p.creator?.name)).toBe(true);
    const globals = await send(permissionsListEndpoint({ ...listParams, resource: 'global', pageSize: 100 }));
    expect(globals.data?.length).toBeGreaterThan(0);
    expect(globals.data?.every((p) => p.object && !p.playbook_id && !p.config_id)).toBe(true);
    // The subject's tags and agents the table shows (spec 001 §3.6) parse with the screen's schema.
    expect(globals.data?.some((p) => p.tags?.cluster === 'prod' && p.agents?.length === 1)).toBe(true);
    const reads = await send(permissionsListEndpoint({ ...listParams, action: 'read', pageSize: 100 }));
    expect(reads.data?.every((p) => p.action === 'read')).toBe(true);
    for (const role of ['editor', 'viewer', 'guest'] as const)
      expect((await send(permissionsListEndpoint(listParams), role)).status).toBe(403);
  });

  it('creates, edits (switching the resource) and deletes a permission as the dialog sends it', async () => {
    const team = (await send(pickerEndpoint('teams'))).data?.[0];
    const playbook = (await send(pickerEndpoint('playbooks'))).data?.[0];
    const canary = (await send(pickerEndpoint('canaries'))).data?.[0];
    expect(team && playbook && canary).toBeTruthy();
    for (const picker of ['notifications', 'connections'] as const)
      expect((await send(pickerEndpoint(picker))).data?.length).toBeGreaterThan(0);
    const admin = await f.one<string>(`SELECT id FROM people WHERE email = 'admin@demo.local'`);
    const description = `contract ${engine}`;
    const values = {
      ...EMPTY_PERMISSION,
      team_id: team!.id,
      resourceMode: 'playbook' as const,
      playbook_id: playbook!.id,
      action: 'playbook:run',
      description,
    };
    expect(
      (
        await send(
          createPermissionEndpoint(
            permissionBody(values, { until: '2030-01-01T00:00:00.000Z' }, { mode: 'create', userId: admin }),
          ),
        )
      ).status,
    ).toBe(201);
    const [saved] =
      (
        await send(
          permissionsListEndpoint({ ...listParams, scope: { team_id: team!.id, playbook_id: playbook!.id } }),
        )
      ).data ?? [];
    expect(saved).toMatchObject({
      description,
      subject_type: 'team',
      team: { name: team!.name },
      playbook_object: { id: playbook!.id },
      until: expect.stringMatching(/^2030-01-01/),
    });

    const edited = permissionBody(
      { ...values, resourceMode: 'canary', canary_id: canary!.id },
      {},
      {
        mode: 'update',
        userId: admin,
      },
    );
    expect((await send(updatePermissionEndpoint(saved!.id, edited))).status).toBeLessThan(300);
    const [after] =
      (
        await send(
          permissionsListEndpoint({ ...listParams, subject: team!.id, resource: 'canary', pageSize: 100 }),
        )
      ).data?.filter((p) => p.id === saved!.id) ?? [];
    expect(after).toMatchObject({
      canary_id: canary!.id,
      playbook_id: null,
      canary_object: { name: canary!.name },
      until: null,
    });

    expect((await send(deletePermissionEndpoint(saved!.id), 'editor')).status).toBe(403);
    expect((await send(deletePermissionEndpoint(saved!.id))).status).toBeLessThan(300);
    expect(
      (
        await send(
          permissionsListEndpoint({ ...listParams, scope: { team_id: team!.id, playbook_id: playbook!.id } }),
        )
      ).data,
    ).toEqual([]);
  });

  it('creates a permission on a check (check_id, spec 000 §3) with an object selector (001 §3.6), reads both back, and clears both on edit', async () => {
    const team = (await send(pickerEndpoint('teams'))).data?.[0];
    const check = await f.backend.db.query<{ id: string; name: string }>(
      'SELECT id, name FROM checks WHERE deleted_at IS NULL ORDER BY name LIMIT 1',
    );
    const { id: checkId, name: checkName } = check.rows[0]!;
    const admin = await f.one<string>(`SELECT id FROM people WHERE email = 'admin@demo.local'`);
    const values = {
      ...EMPTY_PERMISSION,
      team_id: team!.id,
      resourceMode: 'check' as const,
      check: { id: checkId, name: checkName, kind: 'checks' as const },
      action: 'read',
      description: `check contract ${engine}`,
    };
    // With an object selector (spec 001 §3.6), stored and returned as the object the dialog sent.
    const selector = { checks: [{ name: checkName }], playbooks: [{ name: 'restart-*' }] };
    const body = permissionBody(values, { object_selector: selector }, { mode: 'create', userId: admin });
    expect(body.check_id).toBe(checkId);
    expect((await send(createPermissionEndpoint(body))).status).toBe(201);
    const [saved] =
      (await send(permissionsListEndpoint({ ...listParams, scope: { check_id: checkId } }))).data ?? [];
    expect(saved).toMatchObject({
      check_id: checkId,
      check_object: { id: checkId, name: checkName },
      object_selector: selector,
      canary_id: null,
      team: { name: team!.name },
      name: `read on check ${checkId}`,
    });
    const byKind = await send(permissionsListEndpoint({ ...listParams, resource: 'check', pageSize: 100 }));
    expect(byKind.data?.map((p) => p.id)).toContain(saved!.id);
    expect(byKind.data?.every((p) => p.check_id)).toBe(true);

    // Switching the edit to a Global object clears the check (the dialog knows the row had one).
    const edited = permissionBody(
      { ...values, resourceMode: 'global', object: 'canaries' },
      {},
      {
        mode: 'update',
        userId: admin,
        hadCheck: true,
      },
    );
    expect((await send(updatePermissionEndpoint(saved!.id, edited))).status).toBeLessThan(300);
    expect(
      await f.one<unknown>(`SELECT object_selector FROM permissions WHERE id = $1`, [saved!.id]),
    ).toBeNull();
    expect(
      await f.one<string | null>(`SELECT check_id FROM permissions WHERE id = $1`, [saved!.id]),
    ).toBeNull();
    expect((await send(deletePermissionEndpoint(saved!.id))).status).toBeLessThan(300);
  });

  it('a tags-scoped and an agents-scoped permission (001 §3.6) let their subject run a playbook on matching resources only', async () => {
    const NIL = '00000000-0000-0000-0000-000000000000';
    const db = f.backend.db;
    const admin = await f.one<string>(`SELECT id FROM people WHERE email = 'admin@demo.local'`);
    const commander = await f.one<string>(`SELECT id FROM people WHERE email = 'commander@demo.local'`);
    const playbook = await f.one<string>(`SELECT id FROM playbooks WHERE name = 'restart-deployment'`);
    const tagged = (
      await db.query<{ id: string; cluster: string }>(
        `SELECT id, tags->>'cluster' AS cluster FROM config_items
          WHERE deleted_at IS NULL AND tags->>'cluster' IS NOT NULL ORDER BY name LIMIT 1`,
      )
    ).rows[0]!;
    const otherCluster = await f.one<string>(
      `SELECT id FROM config_items WHERE deleted_at IS NULL AND tags->>'cluster' <> $1 ORDER BY name LIMIT 1`,
      [tagged.cluster],
    );
    const onAgent = (
      await db.query<{ id: string; agent_id: string }>(
        `SELECT id, agent_id FROM config_items WHERE deleted_at IS NULL AND agent_id <> $1 ORDER BY name LIMIT 1`,
        [NIL],
      )
    ).rows[0]!;
    const onLocal = await f.one<string>(
      `SELECT id FROM config_items WHERE deleted_at IS NULL AND agent_id = $1 ORDER BY name LIMIT 1`,
      [NIL],
    );
    const params = (config_id?: string) =>
      f.call('POST', `/playbook/${playbook}/params`, {
        as: 'commander',
        body: { id: playbook, ...(config_id ? { config_id } : {}) },
      });
    // The commander may not run playbooks by role.
    expect((await params(tagged.id)).status).toBe(403);

    const values = {
      ...EMPTY_PERMISSION,
      subjectKind: 'person' as const,
      person_id: commander,
      resourceMode: 'global' as const,
      object: 'playbooks',
      action: 'playbook:run',
      description: `tags contract ${engine}`,
    };
    const create = async (parsed: { tags?: Record<string, string> }, agents: string[] = []) => {
      const body = permissionBody({ ...values, agents }, parsed, { mode: 'create', userId: admin });
      expect((await send(createPermissionEndpoint(body))).status).toBe(201);
      const [saved] =
        (
          await send(
            permissionsListEndpoint({ ...listParams, subject: commander, resource: 'global', pageSize: 100 }),
          )
        ).data ?? [];
      return saved!;
    };

    const byTag = await create({ tags: { cluster: tagged.cluster } });
    expect(byTag).toMatchObject({ tags: { cluster: tagged.cluster }, agents: null });
    expect((await params(tagged.id)).status).toBe(200);
    expect((await params(otherCluster)).status).toBe(403);
    expect((await params()).status).toBe(403);
    expect((await send(deletePermissionEndpoint(byTag.id))).status).toBeLessThan(300);
    expect((await params(tagged.id)).status).toBe(403);

    const byAgent = await create({}, [onAgent.agent_id]);
    expect(byAgent).toMatchObject({ tags: null, agents: [onAgent.agent_id] });
    expect((await params(onAgent.id)).status).toBe(200);
    expect((await params(onLocal)).status).toBe(403);
    // The local agent is the nil id; an edit that empties tags and agents saves null, which no longer narrows.
    const local = permissionBody({ ...values, agents: [NIL] }, {}, { mode: 'update', userId: admin });
    expect((await send(updatePermissionEndpoint(byAgent.id, local))).status).toBeLessThan(300);
    expect((await params(onLocal)).status).toBe(200);
    expect((await params(onAgent.id)).status).toBe(403);
    const cleared = permissionBody(values, { tags: {} }, { mode: 'update', userId: admin });
    expect((await send(updatePermissionEndpoint(byAgent.id, cleared))).status).toBeLessThan(300);
    expect(
      await f.one<unknown>(`SELECT json_build_array(tags, agents) FROM permissions WHERE id = $1`, [
        byAgent.id,
      ]),
    ).toEqual([null, null]);
    expect((await params(onAgent.id)).status).toBe(200);
    expect((await send(deletePermissionEndpoint(byAgent.id))).status).toBeLessThan(300);
  });

  it('removes a member from one team only, adds members in bulk, and keeps both writes to admins', async () => {
    const person = await f.one<string>(
      `SELECT person_id FROM team_members GROUP BY person_id HAVING count(*) > 1 LIMIT 1`,
    );
    const [teamA, teamB] = (
      await f.backend.db.query<{ team_id: string }>(
        'SELECT team_id FROM team_members WHERE person_id = $1 ORDER BY team_id',
        [person],
      )
    ).rows.map((r) => r.team_id);
    expect(
      (await send(teamMembersEndpoint(teamA!), 'viewer')).data?.find((m) => m.person_id === person)?.person,
    ).toMatchObject({ id: person, email: '********' });
    expect((await send(removeTeamMemberEndpoint(teamA!, person), 'editor')).status).toBe(403);
    expect((await send(removeTeamMemberEndpoint(teamA!, person))).status).toBeLessThan(300);
    expect((await send(teamMembersEndpoint(teamA!))).data?.some((m) => m.person_id === person)).toBe(false);
    expect((await send(teamMembersEndpoint(teamB!))).data?.some((m) => m.person_id === person)).toBe(true);
    expect((await send(addTeamMembersEndpoint(teamA!, [person]))).status).toBe(201);
    const member = (await send(teamMembersEndpoint(teamA!))).data?.find((m) => m.person_id === person);
    expect(member?.person).toMatchObject({
      id: person,
      name: expect.any(String),
      email: expect.stringContaining('@'),
    });
  });

  it('lists people for the pickers (no agents, no deleted) and users with roles and identity state', async () => {
    const people = (await send(peopleEndpoint())).data ?? [];
    expect(people.some((p) => p.name.startsWith('agent-'))).toBe(false);
    expect(people.some((p) => p.name === 'Former Employee')).toBe(false);
    expect(people.map((p) => p.name)).toContain('Viewer');
    const roles = (await send(peopleRolesEndpoint())).data ?? [];
    expect(roles.find((p) => p.email === 'editor@demo.local')?.roles).toContain('editor');
    expect((await send(identitiesEndpoint())).data?.every((i) => typeof i.id === 'string')).toBe(true);
    for (const role of ['editor', 'viewer'] as const) {
      expect((await send(peopleRolesEndpoint(), role)).status).toBe(403);
      expect((await send(identitiesEndpoint(), role)).status).toBe(403);
    }
  });

  it('lists agents with counts and creator, edits properties and deletes one; refuses other roles', async () => {
    const page = await send(
      agentsSummaryEndpoint({ sortBy: 'name', sortDesc: false, pageIndex: 0, pageSize: 50 }),
    );
    expect([200, 206]).toContain(page.status);
    const names = page.data!.map((a) => a.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(
      (
        await send(
          agentsSummaryEndpoint({ sortBy: null, sortDesc: true, pageIndex: 0, pageSize: 5 }),
          'editor',
        )
      ).status,
    ).toBe(403);
    const generated = await send(
      generateAgentEndpoint({ name: `contract-${engine}`, properties: { region: 'lab' } }),
    );
    expect(generated.status).toBe(201);
    const id = await f.one<string>('SELECT id FROM agents WHERE name = $1', [`contract-${engine}`]);
    const [agent] = (await send(agentSummaryEndpoint(id))).data ?? [];
    expect(agent).toMatchObject({
      name: `contract-${engine}`,
      properties: { region: 'lab' },
      creator: { name: 'Admin' },
    });
    expect((await send(updateAgentEndpoint(id, { region: 'eu' }), 'editor')).status).toBe(403);
    expect((await send(updateAgentEndpoint(id, { region: 'eu' }))).status).toBeLessThan(300);
    expect((await send(agentSummaryEndpoint(id))).data?.[0]?.properties).toEqual({ region: 'eu' });
    expect((await send(deleteAgentEndpoint(id, true))).status).toBeLessThan(300);
    expect((await send(agentSummaryEndpoint(id))).data).toEqual([]);
  });
});
