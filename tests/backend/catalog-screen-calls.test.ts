import type { Endpoint } from '@/lib/backend/endpoint';
import { catalogChangesEndpoint, catalogSummaryEndpoint } from '@/lib/catalog/endpoints';
import {
  analyzersEndpoint,
  changeDetailEndpoint,
  changeTypesEndpoint,
  componentConfigIdsEndpoint,
  configChecksEndpoint,
  configDetailEndpoint,
  directRelationsEndpoint,
  configLabelsEndpoint,
  configListEndpoint,
  configStatusesEndpoint,
  configTagsEndpoint,
  configTypesEndpoint,
  insightDetailEndpoint,
  insightListEndpoint,
  relatedConfigsEndpoint,
} from '@/lib/catalog/configs-endpoints';
import { catalogSummaryRequest, configListParams } from '@/lib/catalog/requests';
import { insightListParams } from '@/lib/catalog/view-requests';
import { catalogChangesRequest } from '@/lib/catalog/changes-queries';
import { catalogSearch } from '@/lib/catalog/search';
import { insightsSearch } from '@/lib/catalog/view-search';
import { componentInsightsEndpoint } from '@/lib/catalog/insights-endpoints';
import { resourceNamesEndpoint } from '@/lib/backend/endpoints/resource-names';
import { changesSearch } from '@/lib/catalog/changes-search';
import { personEndpoint } from '@/lib/access/people-endpoints';
import { playbookRunsEndpoint } from '@/lib/playbooks/endpoints';
import { playbookRunsOf } from '@/lib/playbooks/queries';
import { coreEngines } from './helpers/core-backend';
import { openEndpointsFixture, ROLES, type EndpointsFixture, type Role } from './endpoints-fixture';

/**
 * Every call the catalog screens send (issue 16), exactly as the console builds them, answered by the embedded
 * backend with the shape the screens' schemas expect, for a reading role (every role reads the catalog; the
 * config_scrapers embed is the one part refused to non-admins, so the screens never send it).
 */
describe.each(coreEngines())('catalog screen calls on %s', (engine) => {
  let f: EndpointsFixture;
  let deploymentId: string;

  const send = async <T>(
    endpoint: Endpoint<T>,
    as: Role = 'viewer',
  ): Promise<{ status: number; data: T; total: string | null }> => {
    const response = await f.call(endpoint.method ?? 'GET', endpoint.path, {
      as,
      body: endpoint.body,
      headers: endpoint.headers,
    });
    const json = (await response.json()) as unknown;
    if (response.status >= 300) return { status: response.status, data: json as T, total: null };
    const parsed = endpoint.schema.safeParse(json);
    if (!parsed.success)
      throw new Error(`${endpoint.path}: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
    return { status: response.status, data: parsed.data, total: response.headers.get('content-range') };
  };

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
    deploymentId = await f.one(
      `SELECT id FROM config_items WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL ORDER BY name LIMIT 1`,
    );
  });
  afterAll(async () => {
    await f?.dispose();
  });

  it('browses: the summary, a type’s page with its total, a search, label filters and the deleted items', async () => {
    const defaults = catalogSearch.parse(new URLSearchParams(''));
    const summary = await send(catalogSummaryEndpoint(catalogSummaryRequest(defaults, false)));
    expect(summary.data.find((r) => r.type === 'Kubernetes::Deployment')?.count).toBeGreaterThan(0);

    const list = await send(
      configListEndpoint(configListParams({ ...defaults, configType: 'Kubernetes::Deployment' }, 5, false)),
    );
    expect(list.data).toHaveLength(5);
    expect(list.data.every((r) => r.type === 'Kubernetes::Deployment' && !r.deleted_at)).toBe(true);
    expect(list.total).toMatch(/^0-4\/\d+$/);

    const name = list.data[0]!.name!;
    const search = await send(configListEndpoint(configListParams({ ...defaults, search: name }, 50, false)));
    expect(search.data.some((r) => r.name === name)).toBe(true);

    const [label] = (await send(configLabelsEndpoint())).data;
    expect(label).toBeDefined();
    const id = `${label!.key}=${label!.value}`;
    const included = await send(
      configListEndpoint(configListParams({ ...defaults, search: '', labels: { [id]: 1 } }, 50, false)),
    );
    expect(included.data.length).toBeGreaterThan(0);
    expect(
      included.data.every((r) => (r.labels as Record<string, string>)[label!.key] === label!.value),
    ).toBe(true);
    const excluded = await send(
      configListEndpoint(configListParams({ ...defaults, labels: { [id]: -1 } }, 50, false)),
    );
    expect(
      excluded.data.every((r) => (r.labels as Record<string, string> | null)?.[label!.key] !== label!.value),
    ).toBe(true);

    const withDeleted = await send(
      configListEndpoint(configListParams({ ...defaults, sortBy: 'updated_at', sortDesc: true }, 1000, true)),
    );
    expect(withDeleted.data.some((r) => r.deleted_at)).toBe(true);

    expect((await send(configTypesEndpoint())).data.length).toBeGreaterThan(5);
    expect((await send(configStatusesEndpoint())).data.length).toBeGreaterThan(0);
    expect((await send(changeTypesEndpoint())).data.length).toBeGreaterThan(0);
    expect((await send(analyzersEndpoint())).data.length).toBeGreaterThan(0);
  });

  it('filters by tags (spec 000 §7 config_tags): the list, the summary and the change feed, with the same choice', async () => {
    const tags = (await send(configTagsEndpoint())).data;
    const namespace = tags.find((t) => t.key === 'namespace' && t.value);
    expect(namespace).toBeDefined();
    const chosen = { [`namespace=${namespace!.value!}`]: 1 } as const;
    const value = namespace!.value!;
    const expected = await f.one<number>(
      `SELECT count(*)::int FROM config_items WHERE deleted_at IS NULL AND tags ->> 'namespace' = $1`,
      [value],
    );
    expect(expected).toBeGreaterThan(0);

    const defaults = catalogSearch.parse(new URLSearchParams(''));
    const list = await send(configListEndpoint(configListParams({ ...defaults, tags: chosen }, 1000, false)));
    expect(list.total).toMatch(new RegExp(`/${expected}$`));
    expect(list.data.every((r) => (r.tags as Record<string, string>).namespace === value)).toBe(true);

    const summary = await send(
      catalogSummaryEndpoint(catalogSummaryRequest({ ...defaults, tags: chosen }, false)),
    );
    expect(summary.data.reduce((n, r) => n + (r.count ?? 0), 0)).toBe(expected);

    const feed = changesSearch.parse(new URLSearchParams('rangeType=relative&range=now-30d'));
    const all = await send(catalogChangesEndpoint(catalogChangesRequest(feed, 200, false)));
    const tagged = await send(
      catalogChangesEndpoint(catalogChangesRequest({ ...feed, tags: chosen }, 200, false)),
    );
    expect(tagged.data.total).toBeGreaterThan(0);
    expect(tagged.data.total).toBeLessThan(all.data.total ?? 0);
    expect(
      (tagged.data.changes ?? []).every((c) => (c.tags as Record<string, string>).namespace === value),
    ).toBe(true);
  });

  it('opens an item without the admin-only scraper embed, with its tabs’ data', async () => {
    const [detail] = (await send(configDetailEndpoint(deploymentId))).data;
    expect(detail).toMatchObject({
      id: deploymentId,
      scraper: { id: expect.any(String) },
      summary: { changes: expect.any(Number) },
    });
    expect((await send(configDetailEndpoint('not-a-uuid'))).status).toBe(400);

    const changes = await send(
      catalogChangesEndpoint(
        catalogChangesRequest(
          changesSearch.parse(new URLSearchParams('rangeType=relative&range=now-30d')),
          20,
          false,
          deploymentId,
        ),
      ),
    );
    expect(changes.data.total).toBeGreaterThan(0);
    const diffRow = (
      await send(
        catalogChangesEndpoint(
          catalogChangesRequest(
            changesSearch.parse(new URLSearchParams('changeType=diff&rangeType=relative&range=now-30d')),
            5,
            false,
          ),
        ),
      )
    ).data.changes![0]!;
    const [change] = (await send(changeDetailEndpoint(diffRow.id))).data;
    expect(change?.diff).toMatch(/^--- a\//);
    if (change?.created_by)
      expect((await send(personEndpoint(change.created_by))).data[0]).toMatchObject({
        id: change.created_by,
        name: expect.any(String),
      });

    const insights = await send(
      insightListEndpoint(insightListParams(insightsSearch.parse(new URLSearchParams('')), 10)),
    );
    expect(insights.data.length).toBeGreaterThan(0);
    const [insight] = (await send(insightDetailEndpoint(insights.data[0]!.id))).data;
    expect(insight?.analysis).toBeTruthy();

    const outgoing = await send(
      relatedConfigsEndpoint({
        id: deploymentId,
        direction: 'outgoing',
        relation: 'both',
        includeDeleted: false,
      }),
    );
    const incoming = await send(
      relatedConfigsEndpoint({
        id: deploymentId,
        direction: 'incoming',
        relation: 'hard',
        includeDeleted: false,
      }),
    );
    expect(outgoing.data.length + incoming.data.length).toBeGreaterThan(0);

    expect(
      (
        await send(
          configChecksEndpoint({
            configId: deploymentId,
            sortBy: 'last_runtime',
            sortDesc: true,
            pageIndex: 0,
            pageSize: 50,
          }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await send(
          playbookRunsEndpoint({
            ...playbookRunsOf({ configId: deploymentId }, 0, 10),
            from: null,
            to: null,
          }),
        )
      ).status,
    ).toBe(200);
    const component = await f.one<string>(
      `SELECT component_id FROM config_component_relationships WHERE deleted_at IS NULL LIMIT 1`,
    );
    expect((await send(componentConfigIdsEndpoint(component))).data.length).toBeGreaterThan(0);
  });

  it("lists a component's open insights with rpc/lookup_analysis_by_component and names their configs from config_names", async () => {
    const component = await f.one<string>(
      `SELECT r.component_id FROM config_component_relationships r JOIN config_analysis a ON a.config_id = r.config_id
        WHERE r.deleted_at IS NULL AND a.status = 'open' GROUP BY r.component_id ORDER BY count(*) DESC LIMIT 1`,
    );
    const expected = await f.one<number>(
      `SELECT count(*)::int FROM config_analysis WHERE status = 'open' AND config_id IN (
         SELECT config_id FROM config_component_relationships WHERE component_id = $1 AND deleted_at IS NULL)`,
      [component],
    );
    expect(expected).toBeGreaterThan(0);
    const page = await send(componentInsightsEndpoint(component), 'guest');
    expect(page.total).toMatch(new RegExp(`/${expected}$`));
    expect(page.data.length).toBe(Math.min(expected, 50));
    const observed = page.data.map((a) => a.first_observed ?? '');
    expect(observed).toEqual([...observed].sort().reverse());
    const ids = [...new Set(page.data.map((a) => a.config_id!))];
    const names = await send(resourceNamesEndpoint('configs', ids), 'guest');
    expect(names.data.map((n) => n.id).sort()).toEqual([...ids].sort());
    expect(names.data.every((n) => n.name && n.type)).toBe(true);
  });

  it("reads an item's own relationships with their kind from config_relationships (spec 000 §7)", async () => {
    const expected = await f.one<number>(
      `SELECT count(*)::int FROM config_relationships
        WHERE (config_id = $1 OR related_id = $1) AND deleted_at IS NULL`,
      [deploymentId],
    );
    expect(expected).toBeGreaterThan(0);
    const { status, data } = await send(directRelationsEndpoint(deploymentId), 'guest');
    expect(status).toBe(200);
    expect(data).toHaveLength(expected);
    expect(data.every((r) => r.config_id === deploymentId || r.related_id === deploymentId)).toBe(true);
    expect(data.some((r) => r.relation === 'hard')).toBe(true);
  });

  it('reads the item for every role, where the admin-only scraper embed would refuse the whole read', async () => {
    for (const role of ROLES)
      expect([role, (await send(configDetailEndpoint(deploymentId), role)).status]).toEqual([role, 200]);
    const embedded = await f.call(
      'GET',
      `/db/config_detail?id=eq.${deploymentId}&select=*,config_scrapers(id,name)`,
      { as: 'viewer' },
    );
    expect(embedded.status).toBe(403);
  });
});
