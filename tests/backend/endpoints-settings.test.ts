import {
  connectionEndpoint,
  connectionsEndpoint,
  createConnectionEndpoint,
  deleteConnectionEndpoint,
  updateConnectionEndpoint,
} from '@/lib/connections/endpoints';
import type { Endpoint } from '@/lib/backend/endpoint';
import { CONNECTION_TYPES } from '@/lib/connections/definitions';
import { createPayload, defaultValuesOf } from '@/lib/connections/mapping';
import { connectionTypeOf } from '@/lib/connections/registry';
import { SPEC_SCHEMA_FILES } from '@/lib/embedded-backend/schemas';
import { createDemoTicker } from '@/lib/embedded-backend/ticker';
import { coreEngines } from './helpers/core-backend';
import {
  expectDenied,
  expectError,
  openEndpointsFixture,
  type EndpointsFixture,
  type Role,
} from './endpoints-fixture';

type Json = Record<string, unknown>;

/**
 * The backend slices of the settings screens: connections and their test (issue 15), permissions enforced as saved,
 * agents and their cleanup (issue 20), spec schemas, spec validation on /db writes, the `*_with_status` views and
 * the ticker picking up a canary saved through /db (issue 21), jobs, integrations, log backends, the event queue and
 * feature flags (issue 22).
 */
describe.each(coreEngines())('settings slices on %s', (engine) => {
  let f: EndpointsFixture;
  const rows = async (path: string, as: Role = 'admin'): Promise<Json[]> => {
    const response = await f.call('GET', path, { as });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Json[];
  };

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
  });
  afterAll(async () => {
    await f?.dispose();
  });

  describe('connections (issue 15)', () => {
    it('has every connection type, read through /db with secrets masked', async () => {
      const list = await rows(
        '/db/connections?select=id,name,type,password,certificate&deleted_at=is.null&order=name',
      );
      expect(new Set(list.map((c) => c.type))).toEqual(new Set(CONNECTION_TYPES.map((t) => t.value)));
      expect(list.every((c) => c.password === null || c.password === '********')).toBe(true);
      expect(list.some((c) => c.password === '********')).toBe(true);
    });

    it('tests each type deterministically: a real success text, and the real error of its type for broken ones', async () => {
      const all = (
        await f.backend.db.query<{ id: string; name: string; type: string; url: string | null }>(
          'SELECT id, name, type, url FROM connections WHERE deleted_at IS NULL ORDER BY name',
        )
      ).rows;
      const seen = new Map<string, string>();
      for (const c of all) {
        const response = await f.call('POST', `/connection/test/${c.id}`);
        const body = (await response.json()) as Json;
        const broken = /broken|expired|invalid|unreachable/.test(c.name) || /\.invalid/.test(c.url ?? '');
        expect([c.name, response.status]).toEqual([c.name, broken ? 400 : 200]);
        if (broken) seen.set(c.name, String(body.error));
        else
          expect(body).toEqual({
            message: 'ok',
            payload: { payload: { type: c.type, name: c.name, result: expect.stringMatching(/\w{3}/) } },
          });
      }
      expect(seen.get('postgres-legacy-broken')).toMatch(
        /^failed to connect to `host=db-legacy\.payments\.svc user=\S+ database=app`: dial error \(dial tcp 10\.\d+\.\d+\.\d+:5432: connect: connection refused\)$/,
      );
      expect(seen.get('slack-expired-token')).toBe('failed to send message: slack: invalid_auth');
      expect(seen.get('aws-expired-keys')).toMatch(
        /InvalidClientTokenId: The security token included in the request is invalid\.$/,
      );
      expect(seen.get('partner-status')).toMatch(
        /^Get "https:\/\/status\.partner\.invalid\/health": dial tcp: lookup status\.partner\.invalid .*no such host$/,
      );
      expect(seen.get('kubernetes-edge-unreachable')).toMatch(/i\/o timeout$/);
      expect(seen.get('openai-invalid-key')).toMatch(/401 Unauthorized, message: Incorrect API key provided/);
      const again = await f.call(
        'POST',
        `/connection/test/${all.find((c) => c.name === 'postgres-legacy-broken')?.id}`,
      );
      expect(((await again.json()) as Json).error).toBe(seen.get('postgres-legacy-broken'));
    });

    it('is admin-only and never tests a deleted connection', async () => {
      const id = await f.one<string>(
        `SELECT id FROM connections WHERE deleted_at IS NULL ORDER BY name LIMIT 1`,
      );
      for (const role of ['editor', 'commander', 'viewer'] as const)
        await expectDenied(
          await f.call('POST', `/connection/test/${id}`, { as: role }),
          'connection',
          'update',
        );
      const deleted = await f.one<string>(`SELECT id FROM connections WHERE deleted_at IS NOT NULL LIMIT 1`);
      await expectError(await f.call('POST', `/connection/test/${deleted}`), 404, /connection was not found/);
    });
  });

  describe('the connections screen calls (issue 15)', () => {
    const run = async <T>(
      endpoint: Endpoint<T>,
    ): Promise<{ status: number; data: T; range: string | null }> => {
      const response = await f.call(endpoint.method ?? 'GET', endpoint.path, {
        body: endpoint.body,
        headers: endpoint.headers,
      });
      const text = await response.text();
      if (response.status >= 300) return { status: response.status, data: text as T, range: null };
      const parsed = endpoint.schema.safeParse(JSON.parse(text));
      if (!parsed.success) throw new Error(`${endpoint.path}: ${JSON.stringify(parsed.error.issues)}`);
      return { status: response.status, data: parsed.data, range: response.headers.get('content-range') };
    };
    const SECRET_KEY = 'restic-static-secret-Q7x9Lm';
    const list = { query: '', type: null, sortBy: null, sortDesc: false, pageIndex: 0, pageSize: 100 };

    it('creates, lists (newest first, search, type, count), updates only what changed and soft-deletes', async () => {
      const def = connectionTypeOf('restic')!;
      const values = {
        ...defaultValuesOf(def),
        name: 'restic-contract',
        namespace: 'default',
        url: 's3:https://s3.example.com/b',
        awsConnectionName: 'aws-main',
      };
      Object.assign(values, {
        password: { source: 'secret', name: 'restic', key: 'password' },
        accessKey: { source: 'static', value: 'AKIA-contract' },
        secretKey: { source: 'static', value: SECRET_KEY },
      });
      const created = await run(createConnectionEndpoint(createPayload(def, values)));
      expect(created.status).toBe(201);
      const row = created.data[0]!;
      expect(row).toMatchObject({
        name: 'restic-contract',
        type: 'restic',
        password: '********',
        created_by: { name: expect.any(String) },
      });
      expect(row.properties).toEqual({
        awsConnectionName: 'aws-main',
        accessKey: 'AKIA-contract',
        secretKey: '********',
      });

      const newest = await run(connectionsEndpoint(list));
      expect(newest.data[0]?.id).toBe(row.id);
      expect(newest.range).toMatch(/^0-\d+\/\d+$/);
      const total = await f.one<number>('SELECT count(*)::int FROM connections WHERE deleted_at IS NULL');
      expect(newest.range?.split('/')[1]).toBe(String(total));
      expect(
        (await run(connectionsEndpoint({ ...list, query: 's3.example' }))).data.map((c) => c.name),
      ).toEqual(['restic-contract']);
      const restics = await run(
        connectionsEndpoint({ ...list, type: 'restic', sortBy: 'name', sortDesc: false }),
      );
      expect(restics.data.map((c) => c.name)).toEqual([...restics.data.map((c) => c.name)].sort());
      expect(new Set(restics.data.map((c) => c.type))).toEqual(new Set(['restic']));

      // What the edit form sends when only the AWS connection name changed: the whole properties map, the masked
      // secret key as read (the form asks for it again; the backend keeps the stored one if it comes back masked).
      const updated = await run(
        updateConnectionEndpoint(row.id, {
          properties: { ...row.properties, awsConnectionName: 'aws-backup' },
        }),
      );
      expect(updated.data[0]?.properties).toEqual({
        awsConnectionName: 'aws-backup',
        accessKey: 'AKIA-contract',
        secretKey: '********',
      });
      expect(
        await f.one('SELECT properties->>$2 FROM connections WHERE id = $1', [row.id, 'secretKey']),
      ).toBe(SECRET_KEY);
      await run(
        updateConnectionEndpoint(row.id, { properties: { ...row.properties, secretKey: 'rotated-Z1' } }),
      );
      expect(
        await f.one('SELECT properties->>$2 FROM connections WHERE id = $1', [row.id, 'secretKey']),
      ).toBe('rotated-Z1');

      const deleted = await run(deleteConnectionEndpoint(row.id));
      expect(deleted.data).toEqual([{ id: row.id, name: 'restic-contract' }]);
      expect((await run(connectionEndpoint(row.id))).data).toEqual([]);
      expect((await run(connectionsEndpoint({ ...list, query: 'restic-contract' }))).data).toEqual([]);
      expect(await f.one('SELECT deleted_at IS NOT NULL FROM connections WHERE id = $1', [row.id])).toBe(
        true,
      );
      await expectError(await f.call('POST', `/connection/test/${row.id}`), 404, /connection was not found/);
      // Deleting again changes nothing (the screen says the connection was not found).
      expect((await run(deleteConnectionEndpoint(row.id))).data).toEqual([]);
    });

    it('never returns a secret kept in properties, whichever way it is read, and refuses to filter or sort by it', async () => {
      const id = await f.one<string>(
        `SELECT id FROM connections WHERE type = 'restic' AND deleted_at IS NULL LIMIT 1`,
      );
      await f.backend.db.query(
        `UPDATE connections SET properties = properties || jsonb_build_object('secretKey', $2::text) WHERE id = $1`,
        [id, SECRET_KEY],
      );
      for (const path of [
        `/db/connections?id=eq.${id}`,
        `/db/connections?id=eq.${id}&select=properties`,
        `/db/connections?id=eq.${id}&select=k:properties->secretKey,t:properties->>secretKey,properties->>awsConnectionName`,
        `/db/connections?id=eq.${id}&select=properties::text`,
        `/db/permissions?select=connections(properties)&limit=5`,
      ]) {
        const response = await f.call('GET', path);
        const text = await response.text();
        expect([path, response.status]).toEqual([path, 200]);
        expect(text).not.toContain(SECRET_KEY);
      }
      const [picked] = await rows(
        `/db/connections?id=eq.${id}&select=k:properties->secretKey,t:properties->>secretKey,aws:properties->>awsConnectionName`,
      );
      expect(picked).toEqual({ k: '********', t: '********', aws: 'aws-backup-writer' });
      for (const path of [
        `/db/connections?properties->>secretKey=like.r*`,
        `/db/connections?order=properties->>secretKey`,
        `/db/connections?properties=cs.{"secretKey":"${SECRET_KEY}"}`,
      ]) {
        expect([path, (await f.call('GET', path)).status]).toEqual([path, 400]);
      }
      expect((await rows(`/db/connections?id=eq.${id}&properties=not.is.null&select=id`)).length).toBe(1);
    });
  });

  describe('permissions, agents and people (issue 20)', () => {
    it('serves canary_names (id, name, namespace of live canaries, by name) to every role', async () => {
      const names = await rows('/db/canary_names?select=id,name,namespace', 'guest');
      const live = await f.one<number>('SELECT count(*)::int FROM canaries WHERE deleted_at IS NULL');
      expect(names).toHaveLength(live);
      expect(names.map((n) => n.name)).toEqual(
        [...names.map((n) => String(n.name))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      );
      expect(Object.keys(names[0] ?? {}).sort()).toEqual(['id', 'name', 'namespace']);
      expect((await f.call('POST', '/db/canary_names', { as: 'editor', body: {} })).status).toBe(405);
    });

    it('enforces a permission saved through /db as the console writes it, on the next request: one allow, one deny', async () => {
      const viewer = await f.one<string>(`SELECT id FROM people WHERE email = 'viewer@demo.local'`);
      const editor = await f.one<string>(`SELECT id FROM people WHERE email = 'editor@demo.local'`);
      const playbook = await f.one<string>(`SELECT id FROM playbooks WHERE name = 'restart-deployment'`);
      const deployment = await f.one<string>(
        `SELECT id FROM config_items WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL ORDER BY name LIMIT 1`,
      );
      const run = (as: 'viewer' | 'editor') =>
        f.call('POST', '/playbook/run', {
          as,
          body: { id: playbook, config_id: deployment, params: { reason: 'permission test' } },
        });
      await expectDenied(await run('viewer'), 'playbooks', 'playbook:run');
      expect((await run('editor')).status).toBe(201);

      // The permission dialog sends the subject and resource ids, no name and no subject column.
      const runPermission = (person_id: string, deny: boolean, description: string) => ({
        action: 'playbook:run',
        deny,
        person_id,
        playbook_id: playbook,
        description,
      });
      const allow = await f.call('POST', '/db/permissions', {
        body: { ...runPermission(viewer, false, 'viewer may restart'), source: 'UI' },
        headers: { prefer: 'return=representation' },
      });
      expect(allow.status).toBe(201);
      const [saved] = (await allow.json()) as Json[];
      expect(saved).toMatchObject({
        subject: viewer,
        subject_type: 'person',
        name: `playbook:run on playbook ${playbook}`,
      });
      expect((await run('viewer')).status).toBe(201);

      const deny = await f.call('POST', '/db/permissions', {
        body: runPermission(editor, true, 'not this one'),
      });
      expect(deny.status).toBe(201);
      await expectDenied(await run('editor'), 'playbooks', 'playbook:run');

      const summary = await rows(
        `/db/permissions_summary?person_id=eq.${viewer}&playbook_id=eq.${playbook}&select=*`,
      );
      expect(summary[0]).toMatchObject({
        subject_type: 'person',
        person: { id: viewer, name: 'Viewer', email: 'viewer@demo.local' },
        playbook_object: { id: playbook, name: 'restart-deployment', title: 'Restart deployment' },
      });
      // Deleting the rows ends both on the next request.
      expect(
        (
          await f.call(
            'DELETE',
            `/db/permissions?playbook_id=eq.${playbook}&person_id=in.(${viewer},${editor})`,
          )
        ).status,
      ).toBe(204);
      await expectDenied(await run('viewer'), 'playbooks', 'playbook:run');
      expect((await run('editor')).status).toBe(201);
      // One subject and one resource per permission.
      const two = await f.call('POST', '/db/permissions', {
        body: { action: 'read', person_id: viewer, team_id: await f.one(`SELECT id FROM teams LIMIT 1`) },
      });
      expect(two.status).toBe(400);
    });

    it('lists permissions_summary with subject and resource objects, and agents_summary with counts, health and status', async () => {
      const perms = await rows('/db/permissions_summary?select=*&limit=100');
      expect(perms.length).toBeGreaterThan(10);
      for (const key of [
        'person',
        'team',
        'notification',
        'playbook',
        'group',
        'component_object',
        'config_object',
        'canary_object',
        'playbook_object',
        'connection_object',
        'catalog',
        'component',
        'connection',
      ]) {
        expect([key, perms.some((p) => p[key] !== null)]).toEqual([key, true]);
      }
      // The backend serves a copy of a database seeded minutes ago (helpers/seeded-templates.ts): the agents that
      // were online then report again now.
      await f.backend.db.query(
        `UPDATE agents SET last_seen = now() - interval '10 seconds' WHERE last_seen > now() - interval '1 hour'`,
      );
      const agents = await rows('/db/agents_summary?select=*,created_by(id,name)&order=name');
      expect(
        agents.every(
          (a) =>
            ['online', 'offline', 'unknown'].includes(String(a.status)) &&
            ['healthy', 'unhealthy', 'unknown'].includes(String(a.health)),
        ),
      ).toBe(true);
      expect(new Set(agents.map((a) => a.status))).toEqual(new Set(['online', 'offline', 'unknown']));
      expect(agents[0]).toMatchObject({
        config_count: expect.any(Number),
        config_scrapper_count: expect.any(Number),
        checks_count: expect.any(Number),
        playbook_runs_count: expect.any(Number),
      });
      expect(agents.every((a) => a.tls === null || a.tls === '********')).toBe(true);
      await expectDenied(
        await f.call('GET', '/db/agents_summary', { as: 'editor' }),
        'database.monitor',
        'read',
      );
    });

    it('deleting an agent with cleanup soft-deletes what it reported and ends its token', async () => {
      const created = await f.call('POST', '/agent/generate', {
        body: { name: 'cleanup-lab', properties: { region: 'lab' } },
      });
      expect(created.status).toBe(201);
      const {
        id: personId,
        username,
        access_token: token,
      } = (await created.json()) as { id: string; username: string; access_token: string };
      const whoami = () =>
        fetch(`${f.backend.url}/auth/whoami`, { headers: { authorization: `Bearer ${token}` } });
      expect((await whoami()).status).toBe(200);
      const agent = await f.one<string>('SELECT id FROM agents WHERE name = $1', ['cleanup-lab']);
      expect(await f.one<string>('SELECT username FROM agents WHERE id = $1', [agent])).toBe(username);
      // What the agent reports: a topology with a component, a canary with a check, a scraper with an item, a log backend.
      const db = f.backend.db;
      const topology = await f.one<string>(
        `INSERT INTO topologies (name, namespace, agent_id) VALUES ('lab', 'default', $1) RETURNING id`,
        [agent],
      );
      await db.query(
        `INSERT INTO components (topology_id, agent_id, external_id, name, status) VALUES ($1, $2, 'lab/root', 'lab-root', 'healthy')`,
        [topology, agent],
      );
      const canary = await f.one<string>(
        `INSERT INTO canaries (name, namespace, spec, agent_id) VALUES ('lab', 'default', '{}', $1) RETURNING id`,
        [agent],
      );
      await db.query(
        `INSERT INTO checks (canary_id, agent_id, type, name) VALUES ($1, $2, 'http', 'lab-http')`,
        [canary, agent],
      );
      const scraper = await f.one<string>(
        `INSERT INTO config_scrapers (name, spec, source, agent_id) VALUES ('lab', '{}', 'UI', $1) RETURNING id`,
        [agent],
      );
      await db.query(
        `INSERT INTO config_items (config_class, type, name, scraper_id, agent_id) VALUES ('Node', 'Kubernetes::Node', 'lab-node', $1, $2)`,
        [scraper, agent],
      );
      await db.query(`INSERT INTO logging_backends (name, spec, agent_id) VALUES ('lab-logs', '{}', $1)`, [
        agent,
      ]);
      const other = await f.one<number>(
        `SELECT count(*)::int FROM config_items WHERE deleted_at IS NULL AND agent_id <> $1`,
        [agent],
      );

      const response = await f.call('PATCH', `/db/agents?id=eq.${agent}`, {
        body: { deleted_at: 'now()', cleanup: true },
      });
      expect(response.status).toBe(204);
      for (const table of [
        'topologies',
        'components',
        'canaries',
        'checks',
        'config_scrapers',
        'config_items',
        'logging_backends',
      ]) {
        expect([
          table,
          await f.one<number>(
            `SELECT count(*)::int FROM ${table} WHERE agent_id = $1 AND deleted_at IS NULL`,
            [agent],
          ),
        ]).toEqual([table, 0]);
      }
      expect(
        await f.one<number>(
          `SELECT count(*)::int FROM config_items WHERE deleted_at IS NULL AND agent_id <> $1`,
          [agent],
        ),
      ).toBe(other);
      expect(
        await f.one<boolean>(`SELECT bool_and(expires_at <= now()) FROM access_tokens WHERE person_id = $1`, [
          personId,
        ]),
      ).toBe(true);
      expect((await whoami()).status).toBe(401);
      expect((await rows(`/db/agents_summary?id=eq.${agent}`)).length).toBe(0);
    });

    it('deleting an agent without cleanup ends its token and keeps what it reported', async () => {
      const created = await f.call('POST', '/agent/generate', { body: { name: 'keep-lab', properties: {} } });
      const { access_token: token } = (await created.json()) as { access_token: string };
      const agent = await f.one<string>('SELECT id FROM agents WHERE name = $1', ['keep-lab']);
      await f.backend.db.query(
        `INSERT INTO canaries (name, namespace, spec, agent_id) VALUES ('keep-lab', 'default', '{}', $1)`,
        [agent],
      );
      expect(
        (await f.call('PATCH', `/db/agents?id=eq.${agent}`, { body: { deleted_at: 'now()' } })).status,
      ).toBe(204);
      expect(
        await f.one<number>(`SELECT count(*)::int FROM canaries WHERE agent_id = $1 AND deleted_at IS NULL`, [
          agent,
        ]),
      ).toBe(1);
      expect(
        (await fetch(`${f.backend.url}/auth/whoami`, { headers: { authorization: `Bearer ${token}` } }))
          .status,
      ).toBe(401);
    });
  });

  describe('resources: schemas, spec validation, job status, the ticker (issue 21)', () => {
    it('serves each spec schema to any signed-in person and 404s unknown files', async () => {
      for (const file of Object.keys(SPEC_SCHEMA_FILES)) {
        const response = await f.call('GET', `/schemas/${file}`, { as: 'guest' });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/application\/json/);
        const schema = (await response.json()) as Json;
        expect(schema).toMatchObject({
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          definitions: expect.any(Object),
        });
      }
      const canary = (await (await f.call('GET', '/schemas/canary.spec.schema.json')).json()) as {
        properties: Json;
        definitions: Json;
      };
      for (const type of [
        'http',
        'exec',
        'redis',
        'mongodb',
        'tcp',
        'icmp',
        'elasticsearch',
        'folder',
        'alertmanager',
      ])
        expect(canary.properties).toHaveProperty(type);
      const scraper = (await (await f.call('GET', '/schemas/config_scraper.spec.schema.json')).json()) as {
        properties: Json;
      };
      for (const type of [
        'kubernetes',
        'azure',
        'kubernetesFile',
        'sql',
        'trivy',
        'aws',
        'file',
        'githubActions',
        'http',
        'azureDevops',
      ])
        expect(scraper.properties).toHaveProperty(type);
      expect(await (await f.call('GET', '/schemas')).json()).toEqual(Object.keys(SPEC_SCHEMA_FILES));
      await expectError(await f.call('GET', '/schemas/nope.json'), 404, /not found/);
      expect((await fetch(`${f.backend.url}/schemas/canary.spec.schema.json`)).status).toBe(401);
    });

    it('refuses a spec its schema rejects on POST and PATCH of every spec table, with the schema error', async () => {
      const cases: [string, Json, Json, RegExp][] = [
        [
          'canaries',
          { name: 'bad-canary', namespace: 'default', spec: { interval: 30, http: [{ name: 'no-url' }] } },
          { interval: 30, http: [{ name: 'ok', url: 'https://example.com' }] },
          /\/http\/0 needs one of "url", "connection"/,
        ],
        [
          'config_scrapers',
          { name: 'bad-scraper', source: 'UI', spec: { kubernetes: [{}] } },
          { kubernetes: [{ clusterName: 'lab' }] },
          /\/kubernetes\/0 "clusterName" is required/,
        ],
        [
          'topologies',
          { name: 'bad-topology', namespace: 'default', spec: { components: 'none' } },
          { components: [{ name: 'a', type: 'Service' }] },
          /\/components must be array, not string/,
        ],
        [
          'playbooks',
          { name: 'bad-playbook', spec: { actions: [{ name: 'x' }] } },
          { actions: [{ name: 'x', exec: { script: 'echo hi' } }] },
          /\/actions\/0 needs one of "exec"/,
        ],
      ];
      for (const [table, bad, good, message] of cases) {
        const refused = await f.call('POST', `/db/${table}`, { body: bad });
        expect([table, refused.status]).toEqual([table, 400]);
        const body = (await refused.json()) as {
          code: string;
          message: string;
          errors: Json[];
          hint: string;
        };
        expect(body.message).toMatch(message);
        expect(body).toMatchObject({
          code: '22023',
          errors: expect.arrayContaining([
            expect.objectContaining({ path: expect.any(String), message: expect.any(String) }),
          ]),
          hint: expect.stringContaining('/schemas/'),
        });
        expect(
          await f.one<number>(`SELECT count(*)::int FROM ${table} WHERE name = $1`, [String(bad.name)]),
        ).toBe(0);
        const saved = await f.call('POST', `/db/${table}`, {
          body: { ...bad, spec: good },
          headers: { prefer: 'return=representation' },
        });
        expect([table, saved.status]).toEqual([table, 201]);
        const [row] = (await saved.json()) as Json[];
        const patched = await f.call('PATCH', `/db/${table}?id=eq.${String(row?.id)}`, {
          body: { spec: bad.spec },
        });
        expect([table, patched.status]).toEqual([table, 400]);
        expect(
          (await f.call('PATCH', `/db/${table}?id=eq.${String(row?.id)}`, { body: { deleted_at: 'now()' } }))
            .status,
        ).toBe(204);
      }
      // Authorization comes first: a viewer gets 403, not the schema error.
      await expectDenied(
        await f.call('POST', '/db/canaries', { as: 'viewer', body: cases[0]?.[1] }),
        'canaries',
        'create',
      );
    });

    it('lists teams, canaries, topologies, scrapers and integrations with their last job and last run', async () => {
      for (const view of [
        'teams_with_status',
        'canaries_with_status',
        'topologies_with_status',
        'config_scrapers_with_status',
        'integrations_with_status',
      ]) {
        const list = await rows(`/db/${view}?select=*&order=created_at.desc&limit=100`);
        expect([view, list.length > 0]).toEqual([view, true]);
        const withJob = list.filter((r) => r.job_status !== null && r.job_status !== undefined);
        // Every seeded row has run (rows added by the tests above have not). The schema's own System scraper (nil id,
        // migration 0002) never runs; it counts as seeded once the PGlite template is older than an hour.
        const seeded = list.filter(
          (r) =>
            Date.parse(String(r.created_at)) < Date.now() - 3_600_000 &&
            r.id !== '00000000-0000-0000-0000-000000000000',
        );
        if (view !== 'integrations_with_status')
          expect([view, seeded.every((r) => r.job_status)]).toEqual([view, true]);
        expect([
          view,
          withJob.every(
            (r) => r.last_runtime && r.job_time_start && 'job_details' in r && 'job_last_failed' in r,
          ),
        ]).toEqual([view, true]);
      }
      const integrations = await rows(
        '/db/integrations_with_status?select=integration_type,name,last_runtime,job_status&limit=100',
      );
      expect(new Set(integrations.map((r) => r.integration_type))).toEqual(
        new Set(['scrapers', 'topologies', 'logging_backends']),
      );
      const scrapers = await rows('/db/config_scrapers_with_status?select=name,config_count&order=name');
      expect(scrapers.some((s) => Number(s.config_count) > 100)).toBe(true);
    });

    it('runs a canary saved through /db on the next tick, so its checks are in the health summary', async () => {
      const saved = await f.call('POST', '/db/canaries', {
        as: 'editor',
        headers: { prefer: 'return=representation' },
        body: {
          name: 'lab-http',
          namespace: 'default',
          labels: { team: 'lab' },
          spec: {
            schedule: '@every 1m',
            http: [{ name: 'lab-homepage', url: 'https://lab.example.com' }],
            tcp: [{ name: 'lab-port', endpoint: 'lab.example.com:443' }],
          },
        },
      });
      expect(saved.status).toBe(201);
      const [canary] = (await saved.json()) as { id: string }[];
      const summary = async () =>
        (
          (await (await f.call('GET', '/canary/api/summary')).json()) as { checks_summary: Json[] }
        ).checks_summary.filter((c) => c.canary_id === canary?.id);
      expect(await summary()).toEqual([]);
      const ticker = createDemoTicker({ db: f.backend.db });
      const now = new Date(Date.now() + 1000);
      const tick = await ticker.tick(now);
      expect(tick.checks).toBeGreaterThanOrEqual(2);
      const checks = await summary();
      expect(checks.map((c) => c.name).sort()).toEqual(['lab-homepage', 'lab-port']);
      expect(checks.every((c) => ['healthy', 'unhealthy'].includes(String(c.status)))).toBe(true);
      // The schedule sets the next run a minute later; editing the spec drops a check on the next tick.
      expect(
        await f.one<number>(
          `SELECT extract(epoch FROM next_runtime - last_runtime)::int FROM checks WHERE name = 'lab-homepage'`,
        ),
      ).toBe(60);
      expect(
        (
          await f.call('PATCH', `/db/canaries?id=eq.${canary?.id}`, {
            as: 'editor',
            body: {
              spec: {
                schedule: '@every 1m',
                http: [{ name: 'lab-homepage', url: 'https://lab.example.com' }],
              },
            },
          })
        ).status,
      ).toBe(204);
      await ticker.tick(new Date(now.getTime() + 5000));
      expect((await summary()).map((c) => c.name)).toEqual(['lab-homepage']);
      await ticker.stop();
    });
  });

  describe('jobs, integrations, log backends, event queue and feature flags (issue 22)', () => {
    it('names the resource of every job kind and filters as the jobs page does', async () => {
      const names = await rows('/db/job_history_names?order=name.asc');
      expect(names.length).toBeGreaterThanOrEqual(10);
      const types = [
        'canary',
        'topology',
        'config_scraper',
        'team',
        'components',
        'playbook',
        'config',
        'notification',
        'incident_rule',
        'logging_backend',
      ];
      for (const type of types) {
        const list = await rows(
          `/db/job_histories?select=resource_type,resource_id,resource_name,status,details,agent&resource_type.filter=${type}&limit=20`,
        );
        expect([type, list.length]).toEqual([type, 20]);
        expect([type, list.every((j) => j.resource_name !== j.resource_id)]).toEqual([type, true]);
      }
      const failed = await rows(
        '/db/job_histories?select=status,details,duration_millis&status.filter=!SUCCESS&duration_millis=gte.1000&order=created_at.desc&limit=50',
      );
      expect(failed.every((j) => j.status !== 'SUCCESS' && Number(j.duration_millis) >= 1000)).toBe(true);
      const withErrors = await rows('/db/job_histories?select=details&status=eq.FAILED&limit=5');
      expect(withErrors.every((j) => Array.isArray((j.details as Json).errors))).toBe(true);
    });

    it('has log backends and an event queue summary with the most common error', async () => {
      const backends = await rows(
        '/db/logging_backends?order=created_at.desc&select=id,spec,name,source,created_at,updated_at,created_by(id,name)&deleted_at=is.null',
      );
      expect(backends.length).toBeGreaterThanOrEqual(3);
      const queue = await rows('/db/event_queue_summary?order=last_failure.desc');
      expect(queue.length).toBeGreaterThan(3);
      expect(queue.some((q) => typeof q.most_common_error === 'string' && Number(q.failed) > 0)).toBe(true);
    });

    it('lists local properties first as read-only flags, and lets only admins write properties', async () => {
      const list = (await (await f.call('GET', '/properties', { as: 'guest' })).json()) as Json[];
      expect(list[0]).toMatchObject({ name: 'rls.enable', source: 'local' });
      expect(list.filter((p) => p.source === 'db').map((p) => p.name)).toEqual(
        expect.arrayContaining(['incidents.disable', 'logs.disable']),
      );
      // A database row never shadows a local property.
      expect(
        (await f.call('POST', '/db/properties', { body: { name: 'rls.enable', value: 'true' } })).status,
      ).toBe(201);
      expect(
        ((await (await f.call('GET', '/properties')).json()) as Json[]).filter(
          (p) => p.name === 'rls.enable',
        ),
      ).toEqual([expect.objectContaining({ value: 'false', source: 'local' })]);
      for (const role of ['editor', 'viewer'] as const) {
        await expectDenied(
          await f.call('POST', '/db/properties', { as: role, body: { name: 'x.disable', value: 'true' } }),
          'database.system',
          'create',
        );
        await expectDenied(
          await f.call('PATCH', '/db/properties?name=eq.logs.disable', { as: role, body: { value: 'true' } }),
          'database.system',
          'update',
        );
      }
      expect(
        (await f.call('PATCH', '/db/properties?name=eq.logs.disable', { body: { value: 'true' } })).status,
      ).toBe(204);
      expect(
        ((await (await f.call('GET', '/properties', { as: 'viewer' })).json()) as Json[]).find(
          (p) => p.name === 'logs.disable',
        )?.value,
      ).toBe('true');
      expect(
        (await f.call('PATCH', '/db/properties?name=eq.logs.disable', { body: { value: 'false' } })).status,
      ).toBe(204);
      expect((await f.call('DELETE', '/db/properties?name=eq.rls.enable')).status).toBe(204);
    });
  });
});
