import { coreEngines } from './helpers/core-backend';
import { expectDenied, expectError, openEndpointsFixture, type EndpointsFixture } from './endpoints-fixture';
import { NOTIFICATION_SEND_STATUSES } from './helpers/demo-data-facts';

type Json = Record<string, unknown>;

interface Preview {
  window: { from: string; to: string };
  matches: {
    total: number;
    by_kind: Record<string, number>;
    resources: { id: string; kind: string; name: string; type: string | null }[];
  };
  history: {
    total: number;
    by_status: Record<string, number>;
    notifications: {
      id: string;
      created_at: string;
      status: string;
      source_event: string;
      silenced_by: string | null;
      notification: { id: string; name: string };
      resource: { id: string; kind: string; name: string };
    }[];
  };
}

/** Issue 19's backend: send history, rules and silences as seeded, the silence preview, and POST /logs. */
describe.each(coreEngines())('notification and logs slices on %s', (engine) => {
  let f: EndpointsFixture;
  const preview = async (body: Json, as: 'admin' | 'editor' = 'editor'): Promise<Preview> => {
    const response = await f.call('POST', '/notification/silence/preview', { as, body });
    if (response.status !== 200) throw new Error(`preview ${response.status}: ${await response.text()}`);
    return (await response.json()) as Preview;
  };
  const ids = async (sql: string, params: unknown[] = []) =>
    (await f.backend.db.query<{ id: string }>(sql, params)).rows.map((r) => r.id).sort();

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
  });
  afterAll(async () => {
    await f?.dispose();
  });

  describe('seeded send history, rules and silences', () => {
    it('has sends in every status, each linked to its resource and rule, some to the playbook run and the silence', async () => {
      const response = await f.call(
        'GET',
        '/db/notification_send_history_summary?select=*&order=created_at.desc&limit=2000',
        { headers: { prefer: 'count=exact' } },
      );
      expect(response.status).toBe(206);
      const sends = (await response.json()) as Json[];
      expect(new Set(sends.map((s) => s.status))).toEqual(new Set(NOTIFICATION_SEND_STATUSES));
      expect(new Set(sends.map((s) => s.resource_type))).toEqual(
        new Set(['config', 'component', 'check', 'canary']),
      );
      expect(
        sends.every(
          (s) => s.resource && (s.resource as Json).id === s.resource_id && typeof s.body === 'string',
        ),
      ).toBe(true);
      expect(sends.some((s) => s.playbook_run && (s.playbook_run as Json).playbook_name)).toBe(true);
      expect(
        sends.filter((s) => s.status === 'silenced').every((s) => typeof s.silenced_by === 'string'),
      ).toBe(true);
      expect(sends.filter((s) => s.status === 'error').every((s) => typeof s.error === 'string')).toBe(true);
      const filtered = (await (
        await f.call(
          'GET',
          '/db/notification_send_history_summary?select=status,resource_type&resource_type.filter=check&status.filter=error,silenced&limit=100',
        )
      ).json()) as Json[];
      expect(filtered.length).toBeGreaterThan(0);
      expect(
        filtered.every(
          (s) => s.resource_type === 'check' && ['error', 'silenced'].includes(String(s.status)),
        ),
      ).toBe(true);
    });

    it('summarises rules with pending, failed and sent counts and their job status (admin only)', async () => {
      const rules = (await (
        await f.call(
          'GET',
          '/db/notifications_summary?select=*,person:person_id(id,name),team:team_id(id,name,icon),created_by(id,name)&order=created_at.desc',
        )
      ).json()) as Json[];
      expect(rules.length).toBe(11);
      expect(
        rules.every(
          (r) =>
            typeof r.sent === 'number' &&
            typeof r.failed === 'number' &&
            typeof r.pending === 'number' &&
            r.job_status,
        ),
      ).toBe(true);
      expect(rules.some((r) => Number(r.failed) > 0 && r.most_common_error && r.avg_duration_ms)).toBe(true);
      expect(
        rules.some((r) => r.person) &&
          rules.some((r) => r.team) &&
          rules.some((r) => r.custom_services) &&
          rules.some((r) => r.playbook_id),
      ).toBe(true);
      await expectDenied(
        await f.call('GET', '/db/notifications_summary', { as: 'editor' }),
        'database.monitor',
        'read',
      );
    });

    it('has silences of every kind, some indefinite, readable by editors and not by viewers', async () => {
      const silences = (await (
        await f.call(
          'GET',
          '/db/notification_silences?select=*,checks:check_id(id,name),catalog:config_id(id,name),component:component_id(id,name),createdBy:created_by(id,name)&deleted_at=is.null&order=created_at.desc',
          { as: 'editor' },
        )
      ).json()) as Json[];
      expect(silences.length).toBeGreaterThanOrEqual(9);
      expect(silences.filter((s) => s.until === null).length).toBeGreaterThanOrEqual(3);
      for (const key of ['checks', 'catalog', 'component', 'filter', 'selectors'])
        expect([key, silences.some((s) => s[key])]).toEqual([key, true]);
      await expectDenied(
        await f.call('GET', '/db/notification_silences', { as: 'viewer' }),
        'notification',
        'read',
      );
    });
  });

  describe('POST /notification/silence/preview', () => {
    it('for a check: the check itself, and every send about it in the last 7 days, including what a silence held', async () => {
      const silence = await f.one<{ id: string; check_id: string }>(
        `SELECT json_build_object('id', id, 'check_id', check_id) FROM notification_silences WHERE name = 'maintenance-db'`,
      );
      const result = await preview({ check_id: silence.check_id });
      expect(result.matches).toMatchObject({
        total: 1,
        by_kind: { check: 1 },
        resources: [{ id: silence.check_id, kind: 'check' }],
      });
      const expected = await ids(
        `SELECT id FROM notification_send_history WHERE resource_id = $1 AND source_event LIKE 'check.%' AND created_at > now() - interval '7 days'`,
        [silence.check_id],
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(result.history.notifications.map((n) => n.id).sort()).toEqual(expected);
      expect(result.history.total).toBe(expected.length);
      expect(result.history.notifications.some((n) => n.silenced_by === silence.id)).toBe(true);
      const times = result.history.notifications.map((n) => Date.parse(n.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(Object.values(result.history.by_status).reduce((a, b) => a + b, 0)).toBe(result.history.total);
      expect(Date.parse(result.window.to) - Date.parse(result.window.from)).toBeGreaterThan(6.9 * 86_400_000);
    });

    it('for a filter: every live check whose (canary and own) labels match, and only their sends', async () => {
      const result = await preview({
        filter: "check.labels.env == 'staging' && check.type in ['http', 'postgres', 'redis']",
      });
      const expected = await ids(
        `SELECT c.id FROM checks c JOIN canaries k ON k.id = c.canary_id WHERE c.deleted_at IS NULL
           AND (coalesce(k.labels, '{}') || coalesce(c.labels, '{}')) ->> 'env' = 'staging' AND c.type IN ('http', 'postgres', 'redis')`,
      );
      expect(result.matches.total).toBe(expected.length);
      expect(result.matches.by_kind).toEqual({ check: expected.length });
      expect(result.history.total).toBeGreaterThan(0);
      const matched = new Set(expected);
      const deleted = new Set(await ids(`SELECT id FROM checks WHERE deleted_at IS NOT NULL`));
      expect(
        result.history.notifications.every(
          (n) => n.resource.kind === 'check' && (matched.has(n.resource.id) || deleted.has(n.resource.id)),
        ),
      ).toBe(true);
    });

    it('for selectors: the configs of the types and names given', async () => {
      const result = await preview({ selectors: [{ types: ['Kubernetes::Pod'], name: 'checkout*' }] });
      const expected = await ids(
        `SELECT id FROM config_items WHERE deleted_at IS NULL AND type = 'Kubernetes::Pod' AND name LIKE 'checkout%'`,
      );
      expect(result.matches.total).toBe(expected.length);
      expect(
        result.matches.resources.every(
          (r) => r.kind === 'config' && r.type === 'Kubernetes::Pod' && r.name.startsWith('checkout'),
        ),
      ).toBe(true);
      expect(
        result.history.notifications.every(
          (n) => n.resource.kind === 'config' && n.resource.name.startsWith('checkout'),
        ),
      ).toBe(true);
    });

    it('recursive for a config takes its descendants; a canary takes its checks', async () => {
      const namespace = await f.one<string>(
        `SELECT id FROM config_items WHERE type = 'Kubernetes::Namespace' AND deleted_at IS NULL ORDER BY name LIMIT 1`,
      );
      const alone = await preview({ config_id: namespace });
      const recursive = await preview({ config_id: namespace, recursive: true });
      const descendants = await f.one<number>(
        `SELECT count(*)::int FROM config_items WHERE deleted_at IS NULL AND path LIKE '%' || $1 || '%'`,
        [namespace],
      );
      expect(alone.matches.total).toBe(1);
      expect(recursive.matches.total).toBe(1 + descendants);
      expect(recursive.history.total).toBeGreaterThanOrEqual(alone.history.total);
      const canary = await f.one<string>(
        `SELECT canary_id FROM checks WHERE deleted_at IS NULL GROUP BY canary_id ORDER BY count(*) DESC LIMIT 1`,
      );
      const byCanary = await preview({ canary_id: canary });
      const checks = await f.one<number>(
        `SELECT count(*)::int FROM checks WHERE canary_id = $1 AND deleted_at IS NULL`,
        [canary],
      );
      expect(byCanary.matches.by_kind).toEqual({ canary: 1, check: checks });
    });

    it('keeps to the draft window where it lies in the past', async () => {
      const check = await f.one<string>(
        `SELECT resource_id FROM notification_send_history WHERE source_event LIKE 'check.%' AND created_at > now() - interval '1 day' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
      );
      const week = await preview({ check_id: check });
      const day = await preview({ check_id: check, from: 'now-1d' });
      expect(
        day.history.notifications.every((n) => Date.parse(n.created_at) >= Date.now() - 86_400_000 - 60_000),
      ).toBe(true);
      expect(day.history.total).toBeLessThanOrEqual(week.history.total);
      const future = await preview({ check_id: check, from: 'now+1h', until: 'now+2h' });
      expect(future.history.total).toBe(week.history.total);
    });

    it('answers 400 like the silence itself, and needs notification:create', async () => {
      await expectError(
        await f.call('POST', '/notification/silence/preview', { body: {} }),
        400,
        /one of config_id/,
      );
      await expectError(
        await f.call('POST', '/notification/silence/preview', { body: { filter: "check.name == 'x" } }),
        400,
        /invalid filter: unterminated string/,
      );
      await expectError(
        await f.call('POST', '/notification/silence/preview', { body: { filter: 'check.name = 1' } }),
        400,
        /invalid filter/,
      );
      await expectError(
        await f.call('POST', '/notification/silence/preview', { body: { check_id: 'nope' } }),
        400,
        /check_id must be a UUID/,
      );
      await expectError(
        await f.call('POST', '/notification/silence/preview', {
          body: { filter: 'true', from: 'now', until: 'now-1h' },
        }),
        400,
        /from must be before until/,
      );
      for (const role of ['viewer', 'commander'] as const) {
        await expectDenied(
          await f.call('POST', '/notification/silence/preview', { as: role, body: { filter: 'true' } }),
          'notification',
          'create',
        );
      }
      // A silence with the same body is accepted and saved.
      expect(
        (
          await f.call('POST', '/notification/silence', {
            as: 'editor',
            body: { name: 'preview-then-save', filter: "check.labels.env == 'staging'" },
          })
        ).status,
      ).toBe(200);
      await expectError(
        await f.call('POST', '/notification/silence', { body: { name: 'bad', filter: '(' } }),
        400,
        /invalid filter/,
      );
    });
  });

  describe('POST /logs', () => {
    let component: string;
    beforeAll(async () => {
      component = await f.one(
        `SELECT id FROM components WHERE deleted_at IS NULL AND jsonb_array_length(log_selectors) > 0 ORDER BY name LIMIT 1`,
      );
    });

    it('returns a busy service’s lines in the time range, newest first, limited, with the full total', async () => {
      const end = new Date(Date.now() - 3_600_000);
      const start = new Date(end.getTime() - 3_600_000);
      const body = (await (
        await f.call('POST', '/logs', {
          body: { id: component, name: 'app', start: start.toISOString(), end: end.toISOString() },
        })
      ).json()) as { total: number; results: { timestamp: string; message: string; labels: Json }[] };
      expect(body.total).toBeGreaterThan(150);
      const times = body.results.map((r) => Date.parse(r.timestamp));
      expect(times.every((t) => t > start.getTime() && t <= end.getTime())).toBe(true);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const day = (await (
        await f.call('POST', '/logs', { body: { id: component, name: 'app', start: 'now-24h', limit: 100 } })
      ).json()) as { total: number; results: unknown[] };
      expect(day.results).toHaveLength(100);
      expect(day.total).toBeGreaterThan(3000);
    });

    it('filters by query (message or label) and answers an empty result for one that matches nothing', async () => {
      const warn = (await (
        await f.call('POST', '/logs', {
          body: { id: component, name: 'app', query: 'WARN', start: 'now-6h' },
        })
      ).json()) as { total: number; results: { message: string; labels: Json }[] };
      expect(warn.total).toBeGreaterThan(0);
      expect(
        warn.results.every((r) => r.message.toLowerCase().includes('warn') || r.labels.level === 'warn'),
      ).toBe(true);
      const none = await f.call('POST', '/logs', {
        body: { id: component, name: 'app', query: 'no-such-text-anywhere-42' },
      });
      expect(none.status).toBe(200);
      expect(await none.json()).toEqual({ total: 0, results: [] });
      await expectError(
        await f.call('POST', '/logs', { body: { id: component, start: 'now', end: 'now-1h' } }),
        400,
        /start must be before end/,
      );
      await expectError(await f.call('POST', '/logs', { body: { id: component, limit: 0 } }), 400, /limit/);
    });
  });
});
