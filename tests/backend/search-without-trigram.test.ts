import pg from 'pg';
import { configListEndpoint } from '@/lib/catalog/configs-endpoints';
import { configListParams } from '@/lib/catalog/requests';
import { catalogSearch } from '@/lib/catalog/search';
import { prepareDatabase } from '@/lib/embedded-backend/bootstrap';
import { openDatabase, type OpenedDatabase } from '@/lib/embedded-backend/db/open-database';
import { startBackendServer, type BackendServer } from '@/scripts/lib/backend-http-server';
import { basic, TEST_AUTH_SECRET } from './helpers/core-backend';
import { pgBinariesAvailable, startPgCluster, type PgCluster } from './helpers/pg-cluster';

/**
 * Issue 35: a PostgreSQL where the console may not create pg_trgm (a managed database whose extension allow-list
 * leaves it out, or contrib not installed) still gets a working console: the migrations succeed without the trigram
 * indexes, the start-up log says what is slower and what to ask for, and the catalog's free-text search gives the
 * answers a substring test gives. Once an administrator creates the extension, the next start builds the indexes.
 * The refusal is the administrator's policy, as managed services apply it: an event trigger on CREATE EXTENSION.
 */

const describePg = pgBinariesAvailable() ? describe : describe.skip;

describePg('a PostgreSQL that refuses CREATE EXTENSION pg_trgm', () => {
  let cluster: PgCluster;
  let db: OpenedDatabase | undefined;
  let server: BackendServer | undefined;
  const warnings: string[] = [];
  let warn: jest.SpyInstance;

  const asAdministrator = async (sql: string) => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    cluster = await startPgCluster();
    await asAdministrator(`
      CREATE FUNCTION refuse_extensions() RETURNS event_trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'extensions are not allow-listed on this server' USING ERRCODE = 'insufficient_privilege';
      END $$;
      CREATE EVENT TRIGGER extension_allow_list ON ddl_command_start WHEN TAG IN ('CREATE EXTENSION')
        EXECUTE FUNCTION refuse_extensions();
    `);
    warn = jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
    });
    db = await openDatabase({ databaseUrl: cluster.url });
    process.env.AUTH_SECRET = TEST_AUTH_SECRET;
    // Migrates and seeds (prepareDatabase), as a start does.
    server = await startBackendServer({ port: 0, database: db, seed: { checks: 40 } });
  }, 240_000);

  afterAll(async () => {
    warn?.mockRestore();
    await server?.close();
    await db?.close();
    await cluster?.stop();
  });

  it('migrates and seeds without pg_trgm and says so once, with what is slower and what to ask for', async () => {
    const ensured = await db!.query(`SELECT console_internal.ensure_search_indexes() AS ok`);
    expect(ensured.rows).toEqual([{ ok: false }]);
    const ext = await db!.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
    expect(ext.rows).toEqual([]);
    const indexes = await db!.query(`SELECT indexname FROM pg_indexes WHERE indexname LIKE '%\\_trgm\\_idx'`);
    expect(indexes.rows).toEqual([]);
    const told = warnings.filter((w) => w.includes('pg_trgm is not available to this database role'));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/scan every row/);
    expect(told[0]).toMatch(/CREATE EXTENSION pg_trgm/);
  });

  it('the catalog free-text search answers what a substring test finds, by scanning', async () => {
    const items = (
      await db!.query<{
        id: string;
        name: string;
        type: string;
        description: string | null;
        ns: string | null;
      }>(
        `SELECT id, name, type, description, tags ->> 'namespace' AS ns FROM config_items WHERE deleted_at IS NULL`,
      )
    ).rows;
    const named = items.find((i) => i.name.length >= 8)!;
    const word = named.name.slice(2, 7).toUpperCase();
    const has = (text: string | null) => text !== null && text.toLowerCase().includes(word.toLowerCase());
    const expected = items.filter((i) => has(i.name) || has(i.type) || has(i.description) || has(i.ns));
    const defaults = catalogSearch.parse(new URLSearchParams(''));
    const endpoint = configListEndpoint(configListParams({ ...defaults, search: word }, 2000, false));
    const response = await fetch(`${server!.url}${endpoint.path}`, {
      headers: { authorization: basic('viewer'), ...endpoint.headers },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('content-range')?.split('/')[1]).toBe(String(expected.length));
    const ids = new Set(expected.map((i) => i.id));
    const rows = (await response.json()) as { id: string }[];
    expect(rows.length).toBe(Math.min(2000, expected.length));
    expect(rows.filter((r) => !ids.has(r.id))).toEqual([]);
  });

  it('builds the indexes at the next start once an administrator created the extension', async () => {
    await asAdministrator(`DROP EVENT TRIGGER extension_allow_list; CREATE EXTENSION pg_trgm`);
    const again = await prepareDatabase(db!, { seed: false });
    expect(again.searchIndexes).toBe(true);
    const indexes = await db!.query(`SELECT indexname FROM pg_indexes WHERE indexname LIKE '%\\_trgm\\_idx'`);
    expect(indexes.rows.length).toBe(7);
  });
});
