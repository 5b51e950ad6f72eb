import type { Endpoint } from '@/lib/backend/endpoint';
import { componentsWithLogsEndpoint, logComponentEndpoint, logSearchEndpoint } from '@/lib/logs/endpoints';
import {
  deleteSilenceEndpoint,
  recipientOptionsEndpoint,
  groupByKeysEndpoint,
  GROUP_BY_KEY_VIEWS,
  ruleEndpoint,
  rulesEndpoint,
  sendEndpoint,
  sendHistoryEndpoint,
  silenceEndpoint,
  silencePreviewEndpoint,
  silencesEndpoint,
  silenceTargetEndpoint,
  createSilenceEndpoint,
  updateRuleEndpoint,
  createRuleEndpoint,
  deleteRuleEndpoint,
} from '@/lib/notifications/endpoints';
import { coreEngines } from './helpers/core-backend';
import { openEndpointsFixture, type EndpointsFixture, type Role } from './endpoints-fixture';

const NEWEST_FIRST = { sortBy: null, sortDesc: false, pageIndex: 0, pageSize: 50 };

/**
 * The requests the notification and logs screens send (issue 19), exactly as their endpoint modules build them,
 * answered by the embedded backend on each engine: status per role, the answer parses with the screen's schema,
 * and the filters, order and paging do what the screen shows.
 */
describe.each(coreEngines())('notification screens’ calls on %s', (engine) => {
  let f: EndpointsFixture;

  async function run<T>(
    endpoint: Endpoint<T>,
    as: Role = 'admin',
  ): Promise<{ status: number; data: T; range: string | null }> {
    const response = await f.call(endpoint.method ?? 'GET', endpoint.path, {
      as,
      body: endpoint.body,
      headers: endpoint.headers,
    });
    const text = await response.text();
    if (response.status >= 300) return { status: response.status, data: undefined as T, range: null };
    const parsed = endpoint.schema.safeParse(text ? JSON.parse(text) : null);
    if (!parsed.success)
      throw new Error(`${endpoint.path}: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
    return { status: response.status, data: parsed.data, range: response.headers.get('content-range') };
  }

  const page = { sortBy: null, sortDesc: false, pageIndex: 0, pageSize: 20 };

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
  });
  afterAll(async () => {
    await f?.dispose();
  });

  it('send history: filters, newest first, a counted page, the recipient and rule embedded; admin only', async () => {
    const all = await run(
      sendHistoryEndpoint({ ...page, resourceType: null, status: null, search: '', from: null, to: null }),
    );
    expect(all.status).toBe(206);
    expect(all.range).toMatch(/^0-19\/\d+$/);
    const times = all.data.map((s) => s.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.data.every((s) => s.notification?.name)).toBe(true);
    expect(all.data.some((s) => s.person?.name || s.team?.name || s.connection?.name)).toBe(true);

    const since = new Date(Date.now() - 24 * 3600_000).toISOString();
    const errors = await run(
      sendHistoryEndpoint({
        ...page,
        resourceType: 'check',
        status: 'error',
        search: '',
        from: since,
        to: null,
      }),
    );
    expect(errors.data.length).toBeGreaterThan(0);
    expect(
      errors.data.every(
        (s) => s.status === 'error' && s.resource_type === 'check' && s.created_at >= since.slice(0, 19),
      ),
    ).toBe(true);

    const name = errors.data[0]!.resource!.name!;
    const byName = await run(
      sendHistoryEndpoint({
        ...page,
        resourceType: null,
        status: null,
        search: name.slice(0, 6),
        from: null,
        to: null,
      }),
    );
    expect(
      byName.data.every((s) => s.resource?.name?.toLowerCase().includes(name.slice(0, 6).toLowerCase())),
    ).toBe(true);

    const sorted = await run(
      sendHistoryEndpoint({
        ...page,
        sortBy: 'status',
        sortDesc: false,
        resourceType: null,
        status: null,
        search: '',
        from: null,
        to: null,
      }),
    );
    const statuses = sorted.data.map((s) => s.status ?? '');
    expect([...statuses].sort()).toEqual(statuses);

    const one = await run(sendEndpoint(errors.data[0]!.id));
    expect(one.data[0]?.body).toEqual(expect.any(String));
    expect(
      (
        await run(
          sendHistoryEndpoint({
            ...page,
            resourceType: null,
            status: null,
            search: '',
            from: null,
            to: null,
          }),
          'editor',
        )
      ).status,
    ).toBe(403);
  });

  it('rules: the summary with counts and people, one rule, and create, edit and soft delete (admin)', async () => {
    const rules = await run(rulesEndpoint(page));
    expect(rules.data.length).toBeGreaterThan(0);
    expect(rules.data.every((r) => typeof r.sent === 'number')).toBe(true);
    expect((await run(ruleEndpoint(rules.data[0]!.id))).data[0]?.id).toBe(rules.data[0]!.id);

    const [team] = (await run(recipientOptionsEndpoint('team'))).data;
    expect(team).toBeTruthy();
    const connections = (await run(recipientOptionsEndpoint('connection', ['slack', 'email', 'teams']))).data;
    expect(connections.every((c) => ['slack', 'email', 'teams'].includes(c.type ?? ''))).toBe(true);
    expect((await run(recipientOptionsEndpoint('playbook'))).data.length).toBeGreaterThan(0);
    expect((await run(recipientOptionsEndpoint('person'))).data.length).toBeGreaterThan(0);
    // The group-by picker's keys: tag:/label: keys of configs, label: keys of components and checks.
    for (const view of GROUP_BY_KEY_VIEWS) {
      const keys = (await run(groupByKeysEndpoint(view))).data.map((k) => k.key);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((k) => /^(tag|label):./.test(k))).toBe(true);
      expect(new Set(keys).size).toBe(keys.length);
    }

    const body = {
      name: `contract-rule-${engine}`,
      events: ['check.failed'],
      filter: null,
      title: null,
      template: null,
      person_id: null,
      team_id: team!.id,
      playbook_id: null,
      custom_services: null,
      repeat_interval: '4h',
      wait_for: 300_000_000_000,
      group_by: null,
    };
    expect((await run(createRuleEndpoint(body))).status).toBe(201);
    const created = await f.one<string>('SELECT id FROM notifications WHERE name = $1', [body.name]);
    expect(
      (await run(updateRuleEndpoint(created, { ...body, wait_for: 600_000_000_000 }))).status,
    ).toBeLessThan(300);
    expect((await run(ruleEndpoint(created))).data[0]?.wait_for).toBe(600_000_000_000);
    expect((await run(deleteRuleEndpoint(created))).status).toBeLessThan(300);
    expect((await run(ruleEndpoint(created))).data).toEqual([]);
    expect((await run(rulesEndpoint(page), 'editor')).status).toBe(403);

    // A rule without a recipient is valid (issue 37, 000 §3): every recipient column null, created and listed.
    const bare = { ...body, name: `contract-bare-rule-${engine}`, team_id: null };
    expect((await run(createRuleEndpoint(bare))).status).toBe(201);
    const bareId = await f.one<string>('SELECT id FROM notifications WHERE name = $1', [bare.name]);
    expect((await run(ruleEndpoint(bareId))).data[0]).toMatchObject({
      person_id: null,
      team_id: null,
      playbook_id: null,
      custom_services: null,
    });
    expect((await run(updateRuleEndpoint(bareId, { ...bare, title: 'quiet' }))).status).toBeLessThan(300);
    expect((await run(deleteRuleEndpoint(bareId))).status).toBeLessThan(300);
  });

  it('silences: live ones newest first with their resources; an editor creates, sees and deletes one', async () => {
    // Sorted by a column on the server, "from" (a reserved word) too: the latest start first; by name, the same rows.
    const byFrom = await run(silencesEndpoint({ ...NEWEST_FIRST, sortBy: 'from', sortDesc: true }), 'editor');
    const starts = byFrom.data.map((s) => s.from).filter((v): v is string => Boolean(v));
    expect(starts.length).toBeGreaterThan(1);
    expect(starts).toEqual([...starts].sort((a, b) => Date.parse(b) - Date.parse(a)));
    const byName = await run(silencesEndpoint({ ...NEWEST_FIRST, sortBy: 'name' }), 'editor');
    expect(byName.data.map((s) => s.id).sort()).toEqual(byFrom.data.map((s) => s.id).sort());

    const list = await run(silencesEndpoint(NEWEST_FIRST), 'editor');
    expect(list.range).toMatch(/^0-\d+\/\d+$/);
    const created = list.data.map((s) => s.created_at ?? '');
    expect([...created].sort().reverse()).toEqual(created);
    expect(
      list.data.some((s) => s.checks?.name) &&
        list.data.some((s) => s.catalog?.name) &&
        list.data.some((s) => s.component?.name),
    ).toBe(true);

    const checkId = await f.one<string>(
      'SELECT id FROM checks WHERE deleted_at IS NULL ORDER BY name LIMIT 1',
    );
    const target = await run(silenceTargetEndpoint('checks', checkId), 'editor');
    expect(target.data[0]?.id).toBe(checkId);
    const preview = await run(silencePreviewEndpoint({ check_id: checkId, recursive: false }), 'editor');
    expect(preview.data.matches.total).toBe(1);

    const name = `contract-silence-${engine}`;
    expect(
      (
        await run(
          createSilenceEndpoint({
            name,
            check_id: checkId,
            from: new Date().toISOString(),
            until: null,
            source: 'UI',
          }),
          'editor',
        )
      ).status,
    ).toBe(200);
    const after = await run(silencesEndpoint(NEWEST_FIRST), 'editor');
    const mine = after.data[0]!;
    expect(mine).toMatchObject({ name, until: null, checks: { id: checkId } });
    expect((await run(silenceEndpoint(mine.id), 'editor')).data[0]?.name).toBe(name);
    expect((await run(deleteSilenceEndpoint(mine.id), 'editor')).status).toBeLessThan(300);
    const gone = await run(silencesEndpoint(NEWEST_FIRST), 'editor');
    expect(gone.data.some((s) => s.id === mine.id)).toBe(false);
    expect((await run(silencesEndpoint(NEWEST_FIRST), 'viewer')).status).toBe(403);
    expect((await run(createSilenceEndpoint({ name: 'x', check_id: checkId }), 'viewer')).status).toBe(403);
  });

  it('logs: the picker and the component for everyone who reads the database, the lines for admins in the sent range', async () => {
    const components = await run(componentsWithLogsEndpoint(), 'viewer');
    expect(components.data.length).toBeGreaterThan(0);
    const id = components.data[0]!.id;
    const component = await run(logComponentEndpoint(id), 'viewer');
    expect(component.data[0]?.log_selectors?.length).toBeGreaterThan(0);

    const end = new Date();
    const start = new Date(end.getTime() - 15 * 60_000);
    const lines = await run(
      logSearchEndpoint({ id, name: '', start: start.toISOString(), end: end.toISOString(), limit: 50 }),
    );
    expect(lines.data.results.length).toBeGreaterThan(0);
    expect(
      lines.data.results.every(
        (l) => l.timestamp! >= start.toISOString().slice(0, 19) && l.timestamp! <= end.toISOString(),
      ),
    ).toBe(true);
    const none = await run(logSearchEndpoint({ id, query: 'no-such-line-zz9' }));
    expect(none.data).toMatchObject({ total: 0, results: [] });
    expect((await run(logSearchEndpoint({ id }), 'viewer')).status).toBe(403);
  });
});
