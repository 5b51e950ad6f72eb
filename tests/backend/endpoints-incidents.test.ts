import { requestInitOf, type Endpoint } from '@/lib/backend/endpoint';
import {
  addResponderEndpoint,
  createCommentEndpoint,
  createEvidenceEndpoint,
  createHypothesisEndpoint,
  configIncidentsEndpoint,
  createIncidentEndpoint,
  deleteCommentEndpoint,
  deleteHypothesesEndpoint,
  historiesEndpoint,
  hypothesisSearchEndpoint,
  incidentEndpoint,
  incidentSearchEndpoint,
  incidentsEndpoint,
  incidentStatusCountEndpoint,
  removeResponderEndpoint,
  respondersEndpoint,
  updateIncidentEndpoint,
  type IncidentsListParams,
} from '@/lib/incidents/endpoints';
import { coreEngines } from './helpers/core-backend';
import { openEndpointsFixture, type EndpointsFixture, type Role } from './endpoints-fixture';

/**
 * The incident screens' calls (issue 17), sent exactly as lib/incidents/endpoints.ts writes them: the
 * answers parse with the console's schemas, writes land, a hypothesis delete removes its subtree with its evidence
 * and comments in one statement, severity changes reach the history, and only commander, responder and admin pass.
 */

const LIST: IncidentsListParams = {
  query: '',
  status: null,
  severity: null,
  type: null,
  owner: null,
  component: null,
  sortBy: 'created_at',
  sortDesc: true,
  pageIndex: 0,
  pageSize: 50,
};

describe.each(coreEngines())('incident endpoints on %s', (engine) => {
  let f: EndpointsFixture;

  async function run<T>(
    endpoint: Endpoint<T>,
    as: Role = 'commander',
  ): Promise<{ status: number; data: T; range: string | null }> {
    const init = requestInitOf(endpoint);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const response = await f.call(init.method ?? 'GET', endpoint.path, {
      as,
      headers,
      body: init.body ?? undefined,
    });
    const text = await response.text();
    if (!response.ok) return { status: response.status, data: text as unknown as T, range: null };
    const json: unknown = text ? JSON.parse(text) : undefined;
    const parsed = endpoint.schema.safeParse(json);
    if (!parsed.success) throw new Error(`${endpoint.path}: ${JSON.stringify(parsed.error.issues[0])}`);
    return { status: response.status, data: parsed.data, range: response.headers.get('content-range') };
  }
  const personId = (role: Role) =>
    f.one<string>(`SELECT id FROM people WHERE email = $1`, [`${role}@demo.local`]);

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
  });
  afterAll(async () => {
    await f?.dispose();
  });

  it('lists incidents paged with a total, filtered by status, severity, type, owner, title and component', async () => {
    const all = await run(incidentsEndpoint(LIST));
    expect(all.status).toBe(200);
    expect(all.data.length).toBeGreaterThan(10);
    expect(all.range).toMatch(/\/\d+$/);
    expect(all.data.some((r) => (r.responders ?? []).length > 0 && r.commander)).toBe(true);
    const open = await run(incidentsEndpoint({ ...LIST, status: 'open', severity: null }));
    expect(open.data.length).toBeGreaterThan(0);
    expect(open.data.every((r) => r.status === 'open')).toBe(true);
    const typed = await run(incidentsEndpoint({ ...LIST, type: 'security' }));
    expect(typed.data.every((r) => r.type === 'security')).toBe(true);
    const titled = await run(incidentsEndpoint({ ...LIST, query: 'latency' }));
    expect(titled.data.length).toBeGreaterThan(0);
    expect(titled.data.every((r) => /latency/i.test(r.title))).toBe(true);
    const owner = await f.one<string>('SELECT created_by FROM incidents ORDER BY created_at LIMIT 1');
    const owned = await run(incidentsEndpoint({ ...LIST, owner }));
    expect(owned.data.length).toBe(
      await f.one<number>('SELECT count(*)::int FROM incidents WHERE created_by = $1', [owner]),
    );
    const component = await f.one<string>('SELECT component_id FROM incidents_by_component LIMIT 1');
    const byComponent = await run(incidentsEndpoint({ ...LIST, component }));
    const expected = await f.one<number>(
      'SELECT count(DISTINCT id)::int FROM incidents_by_component WHERE component_id = $1',
      [component],
    );
    expect(byComponent.data.length).toBe(expected);
    expect(new Set(byComponent.data.map((r) => r.id)).size).toBe(expected);
    const paged = await run(incidentsEndpoint({ ...LIST, pageSize: 5, pageIndex: 1 }));
    expect(paged.data.length).toBe(5);
  });

  it('counts the list by status from incident_summary (spec 000 §7), and from incidents with an owner or component', async () => {
    const filters = { query: '', severity: null, type: null, owner: null, component: null };
    const total = (range: string | null) => Number(range?.split('/')[1]);
    for (const status of ['open', 'closed']) {
      const answer = await run(incidentStatusCountEndpoint(filters, status));
      expect(answer.data).toEqual([]);
      expect(total(answer.range)).toBe(
        await f.one<number>('SELECT count(*)::int FROM incidents WHERE status = $1', [status]),
      );
    }
    expect(total((await run(incidentStatusCountEndpoint(filters, 'open'))).range)).toBeGreaterThan(0);
    const typed = await run(
      incidentStatusCountEndpoint({ ...filters, type: 'security', query: 'a' }, 'open'),
    );
    expect(total(typed.range)).toBe(
      await f.one<number>(
        `SELECT count(*)::int FROM incidents WHERE status = 'open' AND type = 'security' AND title ILIKE '%a%'`,
      ),
    );
    const component = await f.one<string>('SELECT component_id FROM incidents_by_component LIMIT 1');
    const status = await f.one<string>(
      'SELECT status FROM incidents_by_component WHERE component_id = $1 LIMIT 1',
      [component],
    );
    const byComponent = await run(incidentStatusCountEndpoint({ ...filters, component }, status));
    expect(total(byComponent.range)).toBe(
      await f.one<number>(
        'SELECT count(DISTINCT id)::int FROM incidents_by_component WHERE component_id = $1 AND status = $2',
        [component, status],
      ),
    );
    expect((await run(incidentStatusCountEndpoint(filters, 'open'), 'viewer')).status).toBe(403);
  });

  it("shows a team responder's comment with the team (spec 000 §3 Comment.responder_id)", async () => {
    const incident = await f.one(
      `SELECT c.incident_id FROM comments c JOIN responders r ON r.id = c.responder_id
        WHERE r.team_id IS NOT NULL ORDER BY c.id LIMIT 1`,
    );
    const team = await f.one(
      `SELECT t.name FROM comments c JOIN responders r ON r.id = c.responder_id JOIN teams t ON t.id = r.team_id
        WHERE c.incident_id = $1 ORDER BY c.id LIMIT 1`,
      [incident],
    );
    const detail = (await run(incidentEndpoint(incident))).data[0];
    expect(detail?.comments?.map((c) => c.responder?.team?.name)).toContain(team);
  });

  it('lists the incidents a config item is evidence in (spec 000 §7 incidents_by_config), refused to viewers', async () => {
    const configId = await f.one(
      `SELECT config_id FROM evidences WHERE config_id IS NOT NULL ORDER BY id LIMIT 1`,
    );
    const expected = await f.one<number>(
      `SELECT count(DISTINCT h.incident_id)::int FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
        WHERE e.config_id = $1`,
      [configId],
    );
    const answer = await run(configIncidentsEndpoint(configId), 'responder');
    expect(answer.status).toBe(200);
    expect(answer.data.length).toBe(Math.min(expected, 50));
    expect(answer.data.every((i) => i.id && i.title)).toBe(true);
    expect((await run(configIncidentsEndpoint(configId), 'viewer')).status).toBe(403);
  });

  it('refuses editors, viewers and guests on every read and write', async () => {
    for (const role of ['editor', 'viewer', 'guest'] as const) {
      expect((await run(incidentsEndpoint(LIST), role)).status).toBe(403);
      expect(
        (
          await run(
            createIncidentEndpoint({
              title: 'x',
              description: '',
              severity: 'low',
              type: 'cost',
              personId: await personId(role),
            }),
            role,
          )
        ).status,
      ).toBe(403);
    }
    expect((await run(incidentsEndpoint(LIST), 'responder')).status).toBe(200);
    expect((await run(incidentsEndpoint(LIST), 'admin')).status).toBe(200);
  });

  it('creates an incident, edits it, builds a tree, links evidence, comments, adds responders, and shows it all in the history', async () => {
    const me = await personId('commander');
    const created = await run(
      createIncidentEndpoint({
        title: 'Contract incident',
        description: 'from the test',
        severity: 'high',
        type: 'availability',
        personId: me,
      }),
    );
    expect(created.status).toBe(201);
    const id = created.data[0]?.id as string;
    const root = (
      await run(
        createHypothesisEndpoint({
          incidentId: id,
          parentId: null,
          type: 'root',
          title: 'Contract incident',
          personId: me,
        }),
      )
    ).data[0]?.id as string;
    const factor = (
      await run(
        createHypothesisEndpoint({
          incidentId: id,
          parentId: root,
          type: 'factor',
          title: 'A factor',
          personId: me,
        }),
      )
    ).data[0]?.id as string;
    const solution = (
      await run(
        createHypothesisEndpoint({
          incidentId: id,
          parentId: factor,
          type: 'solution',
          title: 'A fix',
          personId: me,
        }),
      )
    ).data[0]?.id as string;
    const checkId = await f.one<string>(
      'SELECT id FROM checks WHERE deleted_at IS NULL ORDER BY name LIMIT 1',
    );
    expect(
      (
        await run(
          createEvidenceEndpoint({
            hypothesisId: solution,
            personId: me,
            type: 'check',
            description: 'failing check',
            check_id: checkId,
          }),
        )
      ).status,
    ).toBe(201);
    expect((await run(updateIncidentEndpoint(id, { status: 'investigating' }))).status).toBe(204);
    expect((await run(updateIncidentEndpoint(id, { severity: 'critical' }))).status).toBe(204);
    expect(
      (await run(createCommentEndpoint({ incidentId: id, personId: me, comment: '**bold** note' }))).status,
    ).toBe(201);
    // A comment on a hypothesis keeps its hypothesis (the page shows it under that hypothesis).
    expect(
      (
        await run(
          createCommentEndpoint({
            incidentId: id,
            personId: me,
            comment: 'on the factor',
            hypothesisId: factor,
          }),
        )
      ).status,
    ).toBe(201);
    const responder = await personId('responder');
    expect(
      (await run(addResponderEndpoint({ incidentId: id, personId: me, person_id: responder }))).status,
    ).toBe(201);

    const detail = (await run(incidentEndpoint(id))).data[0];
    expect(detail).toMatchObject({
      title: 'Contract incident',
      status: 'investigating',
      severity: 'critical',
      commander: { id: me },
      communicator: { id: me },
      creator: { id: me },
    });
    expect(detail?.hypotheses?.map((h) => h.type).sort()).toEqual(['factor', 'root', 'solution']);
    const evidence = detail?.hypotheses?.find((h) => h.id === solution)?.evidences?.[0];
    expect(evidence).toMatchObject({ type: 'check', check: { id: checkId } });
    expect(detail?.comments?.find((c) => !c.hypothesis_id)).toMatchObject({
      comment: '**bold** note',
      created_by: { id: me },
    });
    expect(detail?.comments?.find((c) => c.hypothesis_id)).toMatchObject({
      comment: 'on the factor',
      hypothesis_id: factor,
    });

    const responders = (await run(respondersEndpoint(id))).data;
    expect(responders.map((r) => r.person?.id)).toEqual([responder]);
    const history = (await run(historiesEndpoint(id))).data;
    const types = history.map((h) => h.type);
    for (const t of [
      'incident.created',
      'incident.status_updated',
      'incident.severity_updated',
      'hypothesis.created',
      'evidence.created',
      'responder.commented',
      'responder.created',
    ])
      expect(types).toContain(t);
    // A comment entry embeds its comment whole, so the timeline can quote past the description's 200 characters.
    expect(
      history
        .filter((h) => h.type === 'responder.commented')
        .map((h) => h.comment?.comment)
        .sort(),
    ).toEqual(['**bold** note', 'on the factor']);
    expect(history.find((h) => h.type === 'incident.severity_updated')).toMatchObject({
      description: 'critical',
      created_by: { id: me },
    });

    // Search as the dialog does: the incident with its hypotheses, then its hypotheses by title.
    const found = (await run(incidentSearchEndpoint('Contract incident'))).data;
    expect(found[0]).toMatchObject({
      id,
      hypotheses: expect.arrayContaining([expect.objectContaining({ id: root })]),
    });
    expect((await run(hypothesisSearchEndpoint(id, 'fix'))).data.map((h) => h.id)).toEqual([solution]);

    // Removing a responder is a soft delete.
    expect((await run(removeResponderEndpoint(responders[0]?.id as string))).status).toBe(204);
    expect((await run(respondersEndpoint(id))).data).toEqual([]);
    expect(
      await f.one<number>(
        'SELECT count(*)::int FROM responders WHERE incident_id = $1 AND deleted_at IS NOT NULL',
        [id],
      ),
    ).toBe(1);

    // Deleting the factor removes its solution and the solution's evidence in one statement.
    expect((await run(deleteHypothesesEndpoint([factor, solution]))).status).toBe(204);
    expect(await f.one<number>('SELECT count(*)::int FROM hypotheses WHERE incident_id = $1', [id])).toBe(1);
    expect(
      await f.one<number>(
        'SELECT count(*)::int FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id WHERE h.incident_id = $1',
        [id],
      ),
    ).toBe(0);

    // Someone else's comment is not deleted; one's own is.
    const commentId = detail?.comments?.[0]?.id as string;
    await run(deleteCommentEndpoint(commentId, await personId('responder')), 'responder');
    expect(await f.one<number>('SELECT count(*)::int FROM comments WHERE id = $1', [commentId])).toBe(1);
    await run(deleteCommentEndpoint(commentId, me));
    expect(await f.one<number>('SELECT count(*)::int FROM comments WHERE id = $1', [commentId])).toBe(0);
  });
});
