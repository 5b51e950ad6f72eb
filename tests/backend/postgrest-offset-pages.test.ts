import { startBackendServer, type BackendServer } from '@/scripts/lib/backend-http-server';
import { loadSchemaCache } from '@/lib/embedded-backend/postgrest/schema-cache';
import { basic, coreEngines, startCoreBackend, type CoreBackend } from './helpers/core-backend';

/**
 * A page with an offset picks its rows' keys first and builds only those rows' JSON (compiler.ts, deferred page): on
 * tables (primary key) and single-table views (the base key they expose). Every page must equal the same slice of
 * the unpaged answer, with embeds, computed view columns, filters and count=exact, and other sources (views over
 * joins or grouping) keep the plain shape.
 */

const CASES: { name: string; path: string }[] = [
  {
    name: 'configs view with computed columns',
    path: '/db/configs?select=id,type,name,changes,analysis&deleted_at=is.null&order=type,name.asc,id.asc',
  },
  {
    name: 'config_changes table with a to-one embed and a date filter',
    path: '/db/config_changes?select=id,change_type,created_at,config:configs(id,name,type)&created_at.filter=%3Enow-7d&order=created_at.desc,id.asc',
  },
  {
    name: 'incidents table with a to-many embed and !inner',
    path: '/db/incidents?select=id,title,hypotheses!inner(id,title)&order=created_at.desc,id.asc',
  },
  { name: 'select=* on a table', path: '/db/config_analysis?select=*&order=id.asc' },
  {
    name: 'a view over several tables (no row key)',
    path: '/db/config_analysis_items?select=*&order=id.asc',
  },
  { name: 'a grouping view (no row key)', path: '/db/config_types?select=type&order=type.asc' },
];

describe.each(coreEngines())('PostgREST pages with an offset on %s', (engine) => {
  let backend: CoreBackend;
  let server: BackendServer;

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      headers: { authorization: basic('admin'), ...headers },
    });
    return {
      status: response.status,
      range: response.headers.get('content-range'),
      rows: (await response.json()) as unknown[],
    };
  };

  beforeAll(async () => {
    backend = await startCoreBackend(engine);
    // No read cache, so every page below is computed.
    server = await startBackendServer({ port: 0, database: backend.db, readCache: false });
  });

  afterAll(async () => {
    await server?.close();
    await backend?.dispose();
  });

  it.each(CASES)('$name: every page equals its slice of the whole answer', async ({ path }) => {
    const whole = await get(`${path}&limit=400`);
    expect(whole.status).toBe(200);
    expect(whole.rows.length).toBeGreaterThan(3);
    const size = Math.max(1, Math.floor(whole.rows.length / 5));
    for (const offset of [1, size, 2 * size + 1, whole.rows.length - size]) {
      const page = await get(`${path}&limit=${size}&offset=${offset}`, { Prefer: 'count=exact' });
      expect(page.rows).toEqual(whole.rows.slice(offset, offset + size));
      const total = Number(page.range?.split('/')[1]);
      expect(page.range).toBe(`${offset}-${offset + page.rows.length - 1}/${total}`);
    }
    // Past the end: an empty page with count, and 416 beyond the total.
    const total = Number((await get(`${path}&limit=1`, { Prefer: 'count=exact' })).range?.split('/')[1]);
    const end = await get(`${path}&limit=5&offset=${total}`, { Prefer: 'count=exact' });
    expect(end.rows).toEqual([]);
    expect((await get(`${path}&limit=5&offset=${total + 1}`, { Prefer: 'count=exact' })).status).toBe(416);
  });

  it('row keys: tables by primary key, single-table views by the base key, none for joins and grouping', async () => {
    const schema = await loadSchemaCache(backend.db);
    expect(schema.relations.get('config_changes')?.rowKey).toEqual(['id']);
    expect(schema.relations.get('configs')?.rowKey).toEqual(['id']);
    expect(schema.relations.get('config_analysis_items')?.rowKey).toEqual([]);
    expect(schema.relations.get('config_types')?.rowKey).toEqual([]);
    expect(schema.relations.get('config_tags')?.rowKey).toEqual([]);
  });

  it('the Range header with an offset pages the same way', async () => {
    const path = '/db/configs?select=id,name,changes&order=name.asc,id.asc';
    const whole = await get(`${path}&limit=30`);
    const ranged = await get(path, { Range: '10-19' });
    expect(ranged.rows).toEqual(whole.rows.slice(10, 20));
    expect(ranged.range).toBe('10-19/*');
  });
});
