import { coreEngines } from './helpers/core-backend';
import {
  expectDenied,
  expectError,
  openEndpointsFixture,
  ROLES,
  type EndpointsFixture,
  type Role,
} from './endpoints-fixture';

type Json = Record<string, unknown>;

describe.each(coreEngines())('agents, connections, logs, people and authorization on %s', (engine) => {
  let f: EndpointsFixture;
  let logComponent: string;

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
    logComponent = await f.one(
      `SELECT id FROM components WHERE deleted_at IS NULL AND jsonb_typeof(log_selectors) = 'array' AND jsonb_array_length(log_selectors) > 1 ORDER BY name LIMIT 1`,
    );
  });
  afterAll(async () => {
    await f?.dispose();
  });

  describe('POST /agent/generate', () => {
    it('creates the agent, its person (role agent) and a token that signs in as that person', async () => {
      const response = await f.call('POST', '/agent/generate', {
        body: { name: 'lab-agent', properties: { region: 'eu' } },
      });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { id: string; username: string; access_token: string };
      expect(body).toEqual({
        id: expect.any(String),
        username: expect.stringMatching(/^agent-[0-9a-f]{16}$/),
        access_token: expect.any(String),
      });
      expect(await f.one('SELECT person_id FROM agents WHERE name = $1', ['lab-agent'])).toBe(body.id);
      const whoami = await fetch(`${f.backend.url}/auth/whoami`, {
        headers: { authorization: `Bearer ${body.access_token}` },
      });
      expect(whoami.status).toBe(200);
      const payload = ((await whoami.json()) as { payload: { user: Json; roles: string[] } }).payload;
      expect(payload.user).toMatchObject({ id: body.id, name: body.username, type: 'agent' });
      expect(payload.roles).toContain('agent');
    });

    it('answers 400 without a name and 409 for a duplicate', async () => {
      await expectError(
        await f.call('POST', '/agent/generate', { body: { properties: {} } }),
        400,
        /name is required/,
      );
      await expectError(
        await f.call('POST', '/agent/generate', { body: { name: 'lab-agent' } }),
        409,
        /already exists/,
      );
    });
  });

  describe('POST /connection/test/{id}', () => {
    it('gives each connection the same outcome every time, with a real message on failure', async () => {
      const ids = (
        await f.backend.db.query<{ id: string; name: string }>(
          'SELECT id, name FROM connections WHERE deleted_at IS NULL ORDER BY name',
        )
      ).rows;
      const outcomes: number[] = [];
      for (const c of ids) {
        const first = await f.call('POST', `/connection/test/${c.id}`, { as: 'admin' });
        const second = await f.call('POST', `/connection/test/${c.id}`, { as: 'admin' });
        expect(second.status).toBe(first.status);
        const body = (await first.json()) as Json;
        if (first.status === 200) expect(body).toMatchObject({ message: 'ok' });
        else {
          expect(first.status).toBe(400);
          expect(String(body.error).length).toBeGreaterThan(10);
        }
        outcomes.push(first.status);
      }
      expect(outcomes).toContain(200);
      expect(outcomes).toContain(400);
    });

    it('answers 404 for unknown or deleted connections', async () => {
      const deleted = await f.one('SELECT id FROM connections WHERE deleted_at IS NOT NULL LIMIT 1');
      await expectError(await f.call('POST', `/connection/test/${deleted}`), 404, /connection was not found/);
      await expectError(
        await f.call('POST', '/connection/test/00000000-0000-0000-0000-00000000abcd'),
        404,
        /connection was not found/,
      );
    });
  });

  describe('POST /logs', () => {
    it('returns {total, results[{timestamp, message, labels}]} for a log selector, filtered by query', async () => {
      const response = await f.call('POST', '/logs', { body: { id: logComponent, name: 'app', query: '' } });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { total: number; results: Json[] };
      expect(body.total).toBe(body.results.length);
      expect(body.total).toBeGreaterThan(50);
      expect(body.results[0]).toEqual({
        timestamp: expect.any(String),
        message: expect.any(String),
        labels: expect.objectContaining({ selector: 'app' }),
      });
      const errors = (await (
        await f.call('POST', '/logs', { body: { id: logComponent, name: 'app', query: 'error' } })
      ).json()) as { results: Json[] };
      expect(errors.results.length).toBeGreaterThan(0);
      expect(errors.results.every((r) => String(r.message).toLowerCase().includes('error'))).toBe(true);
      const first = (await (
        await f.call('POST', '/logs', { body: { id: logComponent, name: '' } })
      ).json()) as { results: Json[] };
      expect((first.results[0]?.labels as Json).selector).toBe('app');
    });

    it('answers the same lines for the same moment whenever it is asked: two windows a minute apart agree on their overlap (issue 34)', async () => {
      const window = async (start: string, end: string) =>
        (
          (await (
            await f.call('POST', '/logs', { body: { id: logComponent, name: 'app', start, end } })
          ).json()) as { results: Json[] }
        ).results;
      const earlier = await window('2026-12-06T10:00:00Z', '2026-12-06T10:30:00Z');
      const later = await window('2026-12-06T10:01:00.500Z', '2026-12-06T10:31:00.500Z');
      const overlap = (rows: Json[]) =>
        rows.filter(
          (r) =>
            String(r.timestamp) >= '2026-12-06T10:01:00.500Z' &&
            String(r.timestamp) <= '2026-12-06T10:30:00Z',
        );
      expect(overlap(earlier).length).toBeGreaterThan(100);
      expect(overlap(later)).toEqual(overlap(earlier));
    });

    it('answers 400 without an id and 404 for an unknown selector', async () => {
      await expectError(await f.call('POST', '/logs', { body: { name: 'app' } }), 400, /id is required/);
      await expectError(
        await f.call('POST', '/logs', { body: { id: logComponent, name: 'nope' } }),
        404,
        /log selector with the name 'nope' was not found\. Available names: \[app audit\]/,
      );
    });
  });

  describe('user administration', () => {
    it('applies a role change through /people/update at once, with no cached identity or policy in the way', async () => {
      const viewerId = await f.one<string>('SELECT id FROM people WHERE email = $1', ['viewer@demo.local']);
      const check = await f.one<string>(
        'SELECT id FROM checks WHERE deleted_at IS NULL ORDER BY name LIMIT 1',
      );
      // Warms the identity and enforcer caches with the viewer's role.
      expect((await f.call('POST', `/canary/run/check/${check}`, { as: 'viewer' })).status).toBe(403);
      try {
        expect(
          (await f.call('POST', '/people/update', { body: { id: viewerId, role: 'editor' } })).status,
        ).toBe(200);
        expect((await f.call('POST', `/canary/run/check/${check}`, { as: 'viewer' })).status).toBe(200);
      } finally {
        expect(
          (await f.call('POST', '/people/update', { body: { id: viewerId, role: 'viewer' } })).status,
        ).toBe(200);
      }
      expect((await f.call('POST', `/canary/run/check/${check}`, { as: 'viewer' })).status).toBe(403);
    });

    it('invites a user ({link}), updates names, role and state, and deletes them', async () => {
      const invite = await f.call('POST', '/auth/invite_user', {
        body: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', role: 'viewer' },
      });
      expect(invite.status).toBe(200);
      const { link } = (await invite.json()) as { link: string };
      expect(link).toMatch(/\/login\?invite=[0-9a-f-]{36}$/);
      const id = link.split('invite=')[1] ?? '';
      expect(await f.one('SELECT v1 FROM casbin_rule WHERE ptype = $1 AND v0 = $2', ['g', id])).toBe(
        'viewer',
      );
      await expectError(
        await f.call('POST', '/auth/invite_user', { body: { email: 'ada@example.org', role: 'viewer' } }),
        409,
        /already exists/,
      );
      await expectError(
        await f.call('POST', '/auth/invite_user', { body: { email: 'x@example.org' } }),
        400,
        /role is required/,
      );
      await expectError(
        await f.call('POST', '/auth/invite_user', { body: { role: 'viewer' } }),
        400,
        /email is required/,
      );
      await expectError(
        await f.call('POST', '/auth/invite_user', { body: { email: 'y@example.org', role: 'overlord' } }),
        400,
        /unknown role/,
      );

      const update = await f.call('POST', '/people/update', {
        body: { id, firstName: 'Augusta', role: 'editor', active: false },
      });
      expect(update.status).toBe(200);
      expect(await update.json()).toEqual({
        email: 'ada@example.org',
        name: { first: 'Augusta', last: 'Lovelace' },
      });
      const roles = (
        await f.backend.db.query<{ v1: string }>(`SELECT v1 FROM casbin_rule WHERE ptype = 'g' AND v0 = $1`, [
          id,
        ])
      ).rows.map((r) => r.v1);
      expect(roles).toEqual(['editor']);
      expect(await f.one('SELECT state FROM identities WHERE id = $1', [id])).toBe('inactive');
      expect(await f.one('SELECT name FROM people WHERE id = $1', [id])).toBe('Augusta Lovelace');
      await expectError(
        await f.call('POST', '/people/update', { body: { id: '00000000-0000-0000-0000-00000000abcd' } }),
        404,
        /not found/,
      );

      const removed = await f.call('DELETE', `/people/${id}`);
      expect(removed.status).toBe(200);
      expect(await f.one<boolean>('SELECT deleted_at IS NOT NULL FROM people WHERE id = $1', [id])).toBe(
        true,
      );
      await expectError(await f.call('DELETE', `/people/${id}`), 404, /not found/);
    });
  });

  describe('authorization of every native endpoint per role', () => {
    const UUID = '00000000-0000-0000-0000-00000000abcd';
    // [method, path, body, object, action, roles allowed by the default policies and the seeded permission rows]
    const MATRIX: [string, string, unknown, string, string, Role[]][] = [
      ['GET', '/canary/api/summary?check_id=' + UUID, undefined, 'canaries', 'read', [...ROLES]],
      ['GET', `/canary/api/graph?check=${UUID}`, undefined, 'canaries', 'read', [...ROLES]],
      ['POST', `/canary/run/check/${UUID}`, undefined, 'canaries', 'create', ['admin', 'editor']],
      ['GET', '/kubeconfig', undefined, 'kubernetes-proxy', 'create', ['admin', 'editor']],
      ['GET', `/snapshot/topology/${UUID}`, undefined, 'topology', 'read', [...ROLES]],
      ['POST', '/catalog/summary', {}, 'catalog', 'read', [...ROLES]],
      ['POST', '/catalog/changes', { page_size: 1 }, 'catalog', 'read', [...ROLES]],
      ['POST', '/resources/search', {}, 'catalog', 'read', [...ROLES]],
      ['GET', `/playbook/list?check_id=${UUID}`, undefined, 'playbooks', 'read', [...ROLES]],
      ['POST', `/playbook/run/cancel/${UUID}`, undefined, 'playbooks', 'update', ['admin', 'editor']],
      ['POST', '/notification/silence', {}, 'notification', 'create', ['admin', 'editor']],
      ['POST', '/agent/generate', {}, 'agent', 'update', ['admin']],
      // Spec 000 §6: editors have no access to connections (the real backend lets them test and edit them).
      ['POST', `/connection/test/${UUID}`, undefined, 'connection', 'update', ['admin']],
      ['POST', '/logs', {}, 'logs', 'read', ['admin']],
      ['POST', '/auth/invite_user', {}, 'auth', 'update', ['admin']],
      ['POST', '/people/update', {}, 'people', 'update', ['admin']],
      ['DELETE', `/people/${UUID}`, undefined, 'people', 'delete', ['admin']],
    ];

    it.each(MATRIX)('%s %s', async (method, path, body, object, action, allowed) => {
      for (const role of ROLES) {
        const response = await f.call(method, path, { as: role, body });
        if (allowed.includes(role)) {
          expect([role, response.status]).not.toEqual([role, 403]);
          await response.body?.cancel();
        } else {
          await expectDenied(response, object, action);
        }
      }
      const anonymous = await fetch(`${f.backend.url}${path}`, { method });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.text()).toBe('Unauthorized');
    });
  });
});
