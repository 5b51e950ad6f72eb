import type { Endpoint } from '@/lib/backend/endpoint';
import { configBySourceEndpoint } from '@/lib/catalog/endpoints';
import { componentBySourceEndpoint } from '@/lib/topology/endpoints';
import { coreEngines } from './helpers/core-backend';
import { openEndpointsFixture, type EndpointsFixture } from './endpoints-fixture';

/**
 * The 'Linked to' note's lookups (issue 37, 001 §7 "get catalog item by source id; get topology component by source
 * id"), sent as the console writes them: a config item by its `source`, a component by its `external_id` (components
 * have no source column); an unknown source answers an empty list, which the note shows as plain text.
 */

describe.each(coreEngines())('linked-source lookups on %s', (engine) => {
  let f: EndpointsFixture;

  async function rows<T>(endpoint: Endpoint<T>): Promise<T> {
    const response = await f.call('GET', endpoint.path, { as: 'viewer' });
    expect(response.status).toBe(200);
    const parsed = endpoint.schema.safeParse(await response.json());
    if (!parsed.success) throw new Error(`${endpoint.path}: ${JSON.stringify(parsed.error.issues[0])}`);
    return parsed.data;
  }

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
  });
  afterAll(async () => {
    await f?.dispose();
  });

  it('finds a config item by its source and a component by its external id', async () => {
    const configId = await f.one(
      `UPDATE config_items SET source = 'linked-source-test-${engine}'
       WHERE id = (SELECT id FROM config_items WHERE deleted_at IS NULL ORDER BY name LIMIT 1) RETURNING id`,
    );
    expect(await rows(configBySourceEndpoint(`linked-source-test-${engine}`))).toEqual([
      expect.objectContaining({ id: configId }),
    ]);
    const [componentId, externalId] = await Promise.all([
      f.one(`SELECT id FROM components WHERE deleted_at IS NULL ORDER BY name LIMIT 1`),
      f.one(`SELECT external_id FROM components WHERE deleted_at IS NULL ORDER BY name LIMIT 1`),
    ]);
    expect((await rows(componentBySourceEndpoint(externalId)))[0]).toMatchObject({ id: componentId });
  });

  it('answers an empty list for a source nothing has', async () => {
    expect(await rows(configBySourceEndpoint('no-such-source'))).toEqual([]);
    expect(await rows(componentBySourceEndpoint('no-such-source'))).toEqual([]);
  });
});
