import {
  createResourceEndpoint,
  deleteResourceEndpoint,
  resourceEndpoint,
  resourceListEndpoint,
  resourceRecordSchema,
  resourceRowSchema,
  scraperItemsEndpoint,
  specSchemaEndpoint,
  updateResourceEndpoint,
} from '@/lib/resources/endpoints';
import type { Endpoint } from '@/lib/backend/endpoint';
import { resourceListParams } from '@/lib/resources/queries';
import type { ResourceListSearch } from '@/lib/resources/search';
import { createDemoTicker } from '@/lib/embedded-backend/ticker';
import { computeGrants, type Role as ConsoleRole } from '@/lib/auth/permissions';
import { resourceEditorSchema, initialEditorValues } from '@/lib/resources/editor-schema';
import { HEALTH_CHECK_TYPES } from '@/lib/resources/health-check-types';
import { canWriteResource, RESOURCE_TABLES, SCRAPER_TABLE } from '@/lib/resources/resource-tables';
import type { SpecTypeDef } from '@/lib/resources/spec-types';
import { coreEngines } from './helpers/core-backend';
import { openEndpointsFixture, type EndpointsFixture, type Role } from './endpoints-fixture';

type Json = Record<string, unknown>;
const TABLES = [...RESOURCE_TABLES, SCRAPER_TABLE];
const ROLES: Role[] = ['admin', 'editor', 'commander', 'responder', 'viewer', 'guest'];

/**
 * The generic resource pages' requests (issue 21), sent to the embedded backend exactly as the endpoint modules write
 * them: the lists with their embeds, one row, create / patch / soft delete, a scraper's items, the schemas; and the
 * console offers a write exactly to the roles the backend lets write.
 */
describe.each(coreEngines())('generic resource tables on %s', (engine) => {
  let f: EndpointsFixture;
  const send = async <T>(endpoint: Endpoint<T>, as: Role = 'admin') => {
    const response = await f.call(endpoint.method ?? 'GET', endpoint.path, {
      as,
      headers: endpoint.headers,
      body: endpoint.body,
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // a plain-text refusal stays text
    }
    return { status: response.status, range: response.headers.get('content-range'), body };
  };

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
  });
  afterAll(async () => {
    await f?.dispose();
  });

  it.each(TABLES.map((t) => [t.table, t] as const))(
    '%s: the list is live rows, newest first, with the creator embedded, in the row schema',
    async (_, def) => {
      const { status, body } = await send(
        resourceListEndpoint({ view: def.listView, sortBy: 'created_at', sortDesc: true }),
      );
      expect(status).toBe(200);
      const rows = body as Json[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(100);
      for (const row of rows) expect(resourceRowSchema.safeParse(row).success).toBe(true);
      expect(rows.every((r) => !r.deleted_at)).toBe(true);
      const created = rows.map((r) => Date.parse(String(r.created_at)));
      expect(created).toEqual([...created].sort((a, b) => b - a));
      expect(
        rows.some((r) => typeof r.created_by === 'object' && r.created_by !== null && 'name' in r.created_by),
      ).toBe(true);
      if (def.withStatus) expect(rows.some((r) => r.job_status)).toBe(true);
    },
  );

  it('every column a table shows as sortable sorts on the backend (nulls last)', async () => {
    for (const def of TABLES) {
      for (const column of def.columns.filter((c) => !['labels', 'created_by', 'agent'].includes(c))) {
        const { status, body } = await send(
          resourceListEndpoint(
            resourceListParams(def, { sortBy: column as ResourceListSearch['sortBy'], sortDesc: false }),
          ),
        );
        expect([def.table, column, status]).toEqual([def.table, column, 200]);
        const values = (body as Json[])
          .map((r) => r[column])
          .filter((v) => v !== null && v !== undefined)
          .map(String);
        expect(values.length).toBeGreaterThan(0);
      }
    }
    const names = (
      (await send(resourceListEndpoint(resourceListParams(TABLES[0]!, { sortBy: 'name', sortDesc: false }))))
        .body as Json[]
    ).map((r) => String(r.name));
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('each list answers every role 200 or 403, and a role may read what the route lets it open (else the page shows Unauthorized)', async () => {
    const seen: Record<string, Record<string, number>> = {};
    for (const def of TABLES) {
      seen[def.table] = {};
      for (const role of ROLES)
        seen[def.table]![role] = (
          await send(resourceListEndpoint({ view: def.listView, sortBy: 'created_at', sortDesc: true }), role)
        ).status;
    }
    // Health checks, topologies and teams: every demo role reads the list.
    const everyRole = {
      admin: 200,
      editor: 200,
      commander: 200,
      responder: 200,
      viewer: 200,
      guest: 200,
    };
    expect(seen.canaries).toEqual(everyRole);
    expect(seen.topologies).toEqual(everyRole);
    expect(seen.teams).toEqual(everyRole);
    expect(seen.incident_rules).toEqual({
      admin: 200,
      editor: 403,
      commander: 200,
      responder: 200,
      viewer: 403,
      guest: 403,
    });
    expect(seen.config_scrapers).toEqual({
      admin: 200,
      editor: 403,
      commander: 403,
      responder: 403,
      viewer: 403,
      guest: 403,
    });
  });

  it('the console offers Add, Save and Delete exactly to the roles the backend lets write each table', async () => {
    for (const def of TABLES) {
      for (const role of ROLES) {
        const offered = canWriteResource(def, {
          roles: [role as ConsoleRole],
          grants: computeGrants([role as ConsoleRole]),
        });
        // A write the backend refuses is 403 before the body is looked at; an empty body is a 400 otherwise.
        const { status } = await send(
          {
            method: 'POST',
            path: `/db/${def.table}`,
            body: {},
            schema: resourceRowSchema,
          } as Endpoint<unknown>,
          role,
        );
        expect([def.table, role, status === 403 ? 'refused' : 'allowed']).toEqual([
          def.table,
          role,
          offered ? 'allowed' : 'refused',
        ]);
      }
    }
  });

  it('one row with its agent; a soft-deleted or unknown one reads as none', async () => {
    const agentCanary = await f.one(
      "SELECT id FROM canaries WHERE agent_id <> '00000000-0000-0000-0000-000000000000' AND deleted_at IS NULL LIMIT 1",
    );
    const { status, body } = await send(resourceEndpoint('canaries', agentCanary));
    expect(status).toBe(200);
    const [row] = body as Json[];
    expect(resourceRecordSchema.safeParse(row).success).toBe(true);
    expect(row).toMatchObject({
      id: agentCanary,
      agent: { id: expect.any(String), name: expect.any(String) },
      spec: expect.any(Object),
    });
    const team = await f.one('SELECT id FROM teams WHERE deleted_at IS NULL LIMIT 1');
    expect(((await send(resourceEndpoint('teams', team))).body as Json[])[0]).toMatchObject({
      id: team,
      name: expect.any(String),
    });
    const deleted = await f.one('SELECT id FROM canaries WHERE deleted_at IS NOT NULL LIMIT 1');
    expect((await send(resourceEndpoint('canaries', deleted))).body).toEqual([]);
  });

  it('an editor adds an HTTP health check from the form, changes its schedule (only that column) and deletes it', async () => {
    const canaries = TABLES.find((t) => t.table === 'canaries')!;
    const http = HEALTH_CHECK_TYPES.find((t) => t.name === 'http') as SpecTypeDef;
    const name = `contract-http-${engine}-${Date.now()}`;
    const values = initialEditorValues(canaries, http);
    const body = resourceEditorSchema(canaries, http).parse({
      ...values,
      name,
      schedule: '@every 1m',
      spec: { ...values.spec, url: 'https://example.invalid/health' },
    });
    const created = await send(createResourceEndpoint('canaries', body as Json), 'editor');
    expect(created.status).toBe(201);
    const [row] = created.body as Json[];
    expect(row).toMatchObject({
      name,
      namespace: 'default',
      source: 'UI',
      spec: { schedule: '@every 1m', http: [{ name, url: 'https://example.invalid/health', method: 'GET' }] },
    });
    const id = String(row!.id);

    // The demo ticker runs it: its check is on /health after the next tick.
    await createDemoTicker({ db: f.backend.db }).tick(new Date(Date.now() + 1000));
    const summary = (
      (await (await f.call('GET', '/canary/api/summary', { as: 'editor' })).json()) as {
        checks_summary: Json[];
      }
    ).checks_summary;
    expect(summary.filter((c) => c.canary_id === id).map((c) => c.name)).toEqual([name]);

    const original = row as Json & { id: string };
    const edit = resourceEditorSchema(canaries, http, { original }).parse({
      ...initialEditorValues(canaries, http, original),
      schedule: '@every 5m',
    });
    expect(Object.keys(edit)).toEqual(['spec']);
    const updated = await send(updateResourceEndpoint('canaries', id, edit as Json), 'editor');
    expect(updated.status).toBe(200);
    expect((updated.body as Json[])[0]).toMatchObject({ name, spec: { schedule: '@every 5m' } });

    expect((await send(deleteResourceEndpoint('canaries', id), 'editor')).status).toBeLessThan(300);
    expect((await send(resourceEndpoint('canaries', id))).body).toEqual([]);
    const list = (
      await send(resourceListEndpoint({ view: 'canaries_with_status', sortBy: 'created_at', sortDesc: true }))
    ).body as Json[];
    expect(list.some((r) => r.id === id)).toBe(false);
  });

  it('a spec its schema refuses is a 400 naming the place (the editor shows it)', async () => {
    const { status, body } = await send(
      createResourceEndpoint('canaries', {
        name: `bad-${Date.now()}`,
        namespace: 'default',
        source: 'UI',
        spec: { http: [{ name: 'x' }] },
      }),
      'editor',
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: expect.stringContaining('/http/0') });
  });

  it("a scraper's config items, counted, for its delete confirmation; admin only", async () => {
    const scraper = await f.one(
      'SELECT scraper_id FROM config_items WHERE scraper_id IS NOT NULL AND deleted_at IS NULL GROUP BY scraper_id ORDER BY count(*) DESC LIMIT 1',
    );
    const { status, range, body } = await send(scraperItemsEndpoint(scraper));
    expect([200, 206]).toContain(status);
    expect((body as Json[]).length).toBeGreaterThan(0);
    expect(Number(range?.split('/')[1])).toBeGreaterThanOrEqual((body as Json[]).length);
  });

  it('the Code tab loads each table’s schema', async () => {
    for (const def of TABLES.filter((t) => t.schemaFile)) {
      const { status, body } = await send(specSchemaEndpoint(def.schemaFile!), 'viewer');
      expect(status).toBe(200);
      expect(body).toMatchObject({ type: 'object' });
    }
  });
});
