import { configListEndpoint } from '@/lib/catalog/configs-endpoints';
import { configListParams } from '@/lib/catalog/requests';
import { catalogSearch } from '@/lib/catalog/search';
import { coreEngines } from './helpers/core-backend';
import { openEndpointsFixture, type EndpointsFixture } from './endpoints-fixture';

/**
 * Issue 35: the trigram indexes of migration 0350 (pg_trgm on both engines) serve the `ilike '%q%'` searches of the
 * catalog list, the palette's resource lookups and the incident list, and change no answer: every search below is
 * compared with the rows a plain case-insensitive substring test picks out of the whole table.
 */

const TRIGRAM_INDEXES = [
  'checks_name_trgm_idx',
  'components_name_trgm_idx',
  'config_items_description_trgm_idx',
  'config_items_name_trgm_idx',
  'config_items_namespace_trgm_idx',
  'config_items_type_trgm_idx',
  'incidents_title_trgm_idx',
];

interface ItemText {
  id: string;
  name: string | null;
  type: string | null;
  description: string | null;
  namespace: string | null;
}

const contains = (text: string | null, word: string) =>
  text !== null && text.toLowerCase().includes(word.toLowerCase());

describe.each(coreEngines())('trigram search indexes on %s', (engine) => {
  let f: EndpointsFixture;
  let items: ItemText[];

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
    items = (
      await f.backend.db.query<ItemText>(
        `SELECT id, name, type, description, tags ->> 'namespace' AS namespace FROM config_items WHERE deleted_at IS NULL`,
      )
    ).rows;
  });
  afterAll(async () => {
    await f?.dispose();
  });

  /** Words cut from the data itself (so they hit), in other cases, plus short words and words that hit nothing. */
  const searchWords = (): string[] => {
    const named = items.filter((i) => (i.name ?? '').length >= 8);
    const described = items.find((i) => (i.description ?? '').length >= 12);
    const spaced = items.find((i) => (i.namespace ?? '').length >= 4);
    const words = [
      named[0]!.name!.slice(2, 7),
      named[Math.floor(named.length / 2)]!.name!.slice(1, 5).toUpperCase(),
      named[named.length - 1]!.name!,
      items[0]!.type!.slice(0, 6).toLowerCase(),
      'k',
      'de',
      'zzqxv',
    ];
    if (described) words.push(described.description!.slice(3, 12));
    if (spaced) words.push(spaced.namespace!.slice(1));
    return words;
  };

  it('creates pg_trgm and every trigram index', async () => {
    const ext = await f.backend.db.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
    expect(ext.rows).toHaveLength(1);
    const indexes = await f.backend.db.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE indexname LIKE '%\\_trgm\\_idx' ORDER BY indexname`,
    );
    expect(indexes.rows.map((r) => r.indexname)).toEqual(TRIGRAM_INDEXES);
    expect((await f.backend.db.query('SELECT console_internal.ensure_search_indexes() AS ok')).rows).toEqual([
      { ok: true },
    ]);
  });

  it('the catalog free-text search answers exactly the items a substring test finds', async () => {
    const defaults = catalogSearch.parse(new URLSearchParams(''));
    for (const word of searchWords()) {
      const expected = items.filter(
        (i) =>
          contains(i.name, word) ||
          contains(i.type, word) ||
          contains(i.description, word) ||
          contains(i.namespace, word),
      );
      const endpoint = configListEndpoint(configListParams({ ...defaults, search: word }, 2000, false));
      const response = await f.call('GET', endpoint.path, { as: 'viewer', headers: endpoint.headers });
      expect(response.status).toBeLessThan(300);
      const rows = (await response.json()) as { id: string }[];
      expect({ word, total: response.headers.get('content-range')?.split('/')[1] }).toEqual({
        word,
        total: String(expected.length),
      });
      // A page holds at most 2000 rows (in the list's order): every row returned must be one of the expected.
      const ids = new Set(expected.map((i) => i.id));
      expect(rows).toHaveLength(Math.min(2000, expected.length));
      expect(rows.filter((r) => !ids.has(r.id))).toEqual([]);
    }
  });

  it('the palette lookup (POST /resources/search) answers the names a substring test finds, per kind', async () => {
    const names = async (table: string) =>
      (
        await f.backend.db.query<{ id: string; name: string | null }>(
          `SELECT id, name FROM ${table} WHERE deleted_at IS NULL`,
        )
      ).rows;
    const all = {
      configs: items,
      components: await names('components'),
      checks: await names('checks'),
    };
    for (const word of [...searchWords(), all.checks[0]!.name!.slice(1, 6), all.components[0]!.name!]) {
      const response = await f.call('POST', '/resources/search', {
        as: 'viewer',
        body: {
          configs: [{ search: word }],
          components: [{ search: word }],
          checks: [{ search: word }],
          limit: 1000,
        },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, { id: string }[] | undefined>;
      for (const kind of ['configs', 'components', 'checks'] as const) {
        const expected = all[kind].filter((r) => contains(r.name, word)).map((r) => r.id);
        expect({ word, kind, ids: (body[kind] ?? []).map((r) => r.id).sort() }).toEqual({
          word,
          kind,
          ids: expected.slice(0, 1000).sort(),
        });
      }
    }
  });

  it('the palette lookup answers the first names in name order, as the whole ordered list would begin', async () => {
    // One plain word each (no space, wildcard or search syntax), so the pattern below is the search's own.
    for (const word of searchWords().filter((w) => /^[^\s%_\\*,;!=]+$/.test(w))) {
      const response = await f.call('POST', '/resources/search', {
        as: 'viewer',
        body: { configs: [{ search: word }], limit: 5 },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { configs?: { id: string }[] };
      const ordered = await f.backend.db.query<{ id: string }>(
        `SELECT id FROM config_items WHERE deleted_at IS NULL AND name ILIKE $1 ORDER BY name, id`,
        [`%${word}%`],
      );
      expect({ word, ids: (body.configs ?? []).map((r) => r.id) }).toEqual({
        word,
        ids: ordered.rows.slice(0, 5).map((r) => r.id),
      });
    }
  });

  it('plans the catalog search and the name lookups over the trigram indexes when scanning is costly', async () => {
    const plan = await f.backend.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const explain = async (sql: string) =>
        (await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, ['%pod-ab%'])).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      return {
        catalog: await explain(
          `SELECT id FROM configs WHERE deleted_at IS NULL AND (name ILIKE $1 OR type ILIKE $1 OR description ILIKE $1 OR namespace ILIKE $1)`,
        ),
        checks: await explain(`SELECT id FROM checks WHERE name ILIKE $1`),
        incidents: await explain(`SELECT id FROM incidents WHERE title ILIKE $1`),
      };
    });
    for (const index of TRIGRAM_INDEXES.filter((i) => i.startsWith('config_items')))
      expect(plan.catalog).toContain(index);
    expect(plan.checks).toContain('checks_name_trgm_idx');
    expect(plan.incidents).toContain('incidents_title_trgm_idx');
  });
});
