/** @jest-environment node */
import { PostgrestClient } from '@supabase/postgrest-js';
import {
  CONFIGS,
  PEOPLE,
  openFixture,
  startLoopbackServer,
  testEngines,
  type Fixture,
  type LoopbackServer,
} from './postgrest-fixture';

// Contract tests over real HTTP, driven by @supabase/postgrest-js (a PostgREST client we did not write).

type Row = Record<string, unknown>;

describe.each(testEngines())('PostgREST contract over HTTP on %s', (engine) => {
  let f: Fixture;
  let server: LoopbackServer;
  let client: PostgrestClient;

  beforeAll(async () => {
    f = await openFixture(engine);
    server = await startLoopbackServer(f.handler);
    client = new PostgrestClient(`${server.url}/db`, {
      headers: { Authorization: 'Basic YWRtaW46ZGVtbw==' },
    });
  });
  afterAll(async () => {
    await server.close();
    await f.close();
  });

  const raw = (path: string, init: RequestInit = {}) => fetch(`${server.url}/db/${path}`, init);

  describe('select', () => {
    it('selects columns, renames, casts and JSON paths', async () => {
      const { data, error } = await client
        .from('config_items')
        .select('id, title:name, cost:cost_total_1d::text, labels->>app, spec:config->spec')
        .eq('id', CONFIGS.cluster)
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({
        id: CONFIGS.cluster,
        title: 'prod-cluster',
        cost: '12.5000',
        app: 'k8s',
        spec: { nodes: 3 },
      });
    });

    it('embeds at depth with aliases, hints, FK-column names and !inner', async () => {
      const { data, error } = await client
        .from('incidents')
        .select(
          'title, commander:commander_id(name), creator:people!incidents_created_by_fkey(name), hypotheses!inner(title, evidences(description))',
        )
        .eq('hypotheses.type', 'root')
        .order('title');
      expect(error).toBeNull();
      expect(data).toEqual([
        {
          title: 'API down',
          commander: { name: 'Alice' },
          creator: { name: 'Admin' },
          hypotheses: [
            {
              title: 'Bad deploy',
              evidences: [{ description: 'deploy diff' }, { description: 'pod crash' }],
            },
          ],
        },
        {
          title: 'Slow DB',
          commander: { name: 'Bob' },
          creator: { name: 'Alice' },
          hypotheses: [{ title: 'Missing index', evidences: [{ description: 'slow query log' }] }],
        },
      ]);
    });

    it('orders and limits embedded resources via referencedTable', async () => {
      const { data, error } = await client
        .from('configs')
        .select('name, config_changes(summary, created_at)')
        .eq('id', CONFIGS.cluster)
        .order('created_at', { referencedTable: 'config_changes', ascending: true })
        .limit(3, { referencedTable: 'config_changes' });
      expect(error).toBeNull();
      const changes = (data?.[0] as Row).config_changes as Row[];
      expect(changes).toHaveLength(3);
      expect(Date.parse(String(changes[0]?.created_at))).toBeLessThan(
        Date.parse(String(changes[2]?.created_at)),
      );
    });

    it('reports ambiguous (300) and unknown (400) relationships as PostgREST does', async () => {
      const amb = await client.from('incidents').select('title, people(name)');
      expect(amb.status).toBe(300);
      expect(amb.error?.code).toBe('PGRST201');
      const unknown = await client.from('incidents').select('title, nothing(name)');
      expect(unknown.status).toBe(400);
      expect(unknown.error?.code).toBe('PGRST200');
      const col = await client.from('incidents').select('nope');
      expect(col.status).toBe(400);
      expect(col.error?.code).toBe('42703');
      const rel = await client.from('nope').select();
      expect(rel.status).toBe(404);
    });
  });

  describe('filters', () => {
    it('supports every operator the builder emits', async () => {
      const n = async (q: PromiseLike<{ data: unknown[] | null; error: unknown }>) => {
        const { data, error } = await q;
        expect(error).toBeNull();
        return data?.length;
      };
      const checks = () => client.from('checks').select('id');
      expect(await n(checks().eq('status', 'unhealthy'))).toBe(6);
      expect(await n(checks().neq('status', 'unhealthy'))).toBe(24);
      expect(await n(checks().gt('created_at', '2026-01-01T20:00:00Z'))).toBe(10);
      expect(await n(checks().gte('created_at', '2026-01-01T20:00:00+00:00'))).toBe(11);
      expect(await n(checks().lt('created_at', '2026-01-01T03:00:00Z'))).toBe(2);
      expect(await n(checks().lte('created_at', '2026-01-01T03:00:00Z'))).toBe(3);
      expect(await n(checks().like('name', 'check-00%'))).toBe(9);
      expect(await n(checks().ilike('name', 'CHECK-01*'))).toBe(10);
      expect(await n(checks().in('type', ['http', 'dns']))).toBe(15);
      expect(await n(checks().not('type', 'in', '(http,dns)'))).toBe(15);
      expect(await n(checks().is('deleted_at', null))).toBe(29);
      expect(await n(checks().not('deleted_at', 'is', null))).toBe(1);
      expect(await n(checks().contains('tags', ['env:prod']))).toBe(15);
      expect(await n(checks().containedBy('tags', ['env:prod', 'n2', 'n4']))).toBe(2);
      expect(await n(checks().contains('labels', { env: 'dev', tier: 't1' }))).toBe(5);
      expect(await n(checks().eq('labels->>env', 'prod').eq('labels->>tier', 't0'))).toBe(5);
      expect(await n(checks().or('type.eq.http,and(type.eq.dns,status.eq.unhealthy)'))).toBe(9);
      expect(
        await n(checks().in('type', ['http', 'dns', 'tcp']).not('type', 'in', '(tcp)').neq('type', 'dns')),
      ).toBe(7);
      expect(await n(checks().filter('name', 'in', '("check-001","check-002")'))).toBe(2);
      expect(await n(checks().match({ type: 'http', status: 'unhealthy' }))).toBe(1);
    });

    it('filters with the .filter extension (lists, negation, globs, datemath)', async () => {
      const r = await raw(
        'config_items?select=name&status.filter=Running,Active,!Stopped&type.filter=Kubernetes*&order=name',
      );
      expect(await r.json()).toEqual([{ name: 'api' }, { name: 'payments' }, { name: 'prod-cluster' }]);
      const d = await raw('config_changes?select=id&created_at.filter=%3Enow-2d&severity=eq.info', {
        headers: { Prefer: 'count=exact' },
      });
      expect(d.status).toBe(200);
      expect(d.headers.get('content-range')).toMatch(/\/\d+$/);
    });
  });

  describe('pagination and counts', () => {
    it('returns exact counts with Content-Range and 206 for partial pages', async () => {
      const { data, count, status } = await client
        .from('checks')
        .select('id', { count: 'exact' })
        .order('name')
        .range(0, 9);
      expect(data).toHaveLength(10);
      expect(count).toBe(30);
      expect(status).toBe(206);
      const head = await client.from('checks').select('*', { count: 'exact', head: true });
      expect(head.count).toBe(30);
    });

    it('honours the Range header and answers 416 past the end', async () => {
      const r = await raw('checks?select=id&order=name', {
        headers: { Range: '0-49', 'Range-Unit': 'items', Prefer: 'count=exact' },
      });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-range')).toBe('0-29/30');
      const past = await raw('checks?select=id&offset=31&limit=5', { headers: { Prefer: 'count=exact' } });
      expect(past.status).toBe(416);
    });

    it('caps at 2000 rows', async () => {
      const { data, count } = await client.from('check_statuses').select('time', { count: 'exact' });
      expect(data).toHaveLength(2000);
      expect(count).toBe(2500);
    });
  });

  describe('writes', () => {
    it('inserts single and bulk rows with return=representation', async () => {
      const one = await client
        .from('teams')
        .insert({ name: 'HTTP One', created_by: PEOPLE.alice })
        .select('name, created_by(name)')
        .single();
      expect(one.status).toBe(201);
      expect(one.data).toEqual({ name: 'HTTP One', created_by: { name: 'Alice' } });
      const bulk = await client
        .from('teams')
        .insert([{ name: 'HTTP Two' }, { name: 'HTTP Three', icon: 'i' }])
        .select('name, icon');
      expect(bulk.status).toBe(201);
      expect(bulk.data).toEqual([
        { name: 'HTTP Two', icon: null },
        { name: 'HTTP Three', icon: 'i' },
      ]);
      const minimal = await client.from('teams').insert({ name: 'HTTP Four' });
      expect(minimal.status).toBe(201);
      expect(minimal.data).toBeNull();
    });

    it('upserts on the primary key and on on_conflict', async () => {
      const up = await client.from('canary_guard').upsert({ id: 2, note: 'second' }).select();
      expect(up.data).toEqual([{ id: 2, note: 'second' }]);
      const again = await client.from('canary_guard').upsert({ id: 2, note: 'changed' }).select();
      expect(again.data).toEqual([{ id: 2, note: 'changed' }]);
      const byName = await client
        .from('teams')
        .upsert({ name: 'HTTP Two', icon: 'merged' }, { onConflict: 'name' })
        .select('name, icon');
      expect(byName.data).toEqual([{ name: 'HTTP Two', icon: 'merged' }]);
      await client.from('canary_guard').delete().eq('id', 2);
    });

    it('updates with filters, "now()" for timestamps, and deletes', async () => {
      const upd = await client
        .from('teams')
        .update({ deleted_at: 'now()' })
        // Writes must narrow by eq/in on the root (issue 31 item 2); like then filters further.
        .in('name', ['HTTP One', 'HTTP Two', 'HTTP Three', 'HTTP Four', 'Other'])
        .like('name', 'HTTP*')
        .select('name, deleted_at');
      expect(upd.status).toBe(200);
      expect(upd.data).toHaveLength(4);
      expect((upd.data as Row[]).every((r) => typeof r.deleted_at === 'string')).toBe(true);
      const del = await client
        .from('teams')
        .delete()
        .in('name', ['HTTP One', 'HTTP Two', 'HTTP Three', 'HTTP Four'])
        .select('name');
      expect(del.status).toBe(200);
      expect(del.data).toHaveLength(4);
      const noRep = await client.from('teams').delete().eq('name', 'missing');
      expect(noRep.status).toBe(204);
    });

    it('maps constraint errors to PostgREST statuses', async () => {
      const dup = await client.from('teams').insert({ name: 'Platform' });
      expect(dup.status).toBe(409);
      expect(dup.error?.code).toBe('23505');
      const fk = await client.from('team_members').insert({
        team_id: '20000000-0000-0000-0000-000000000001',
        person_id: '99999999-0000-0000-0000-000000000000',
      });
      expect(fk.status).toBe(409);
      expect(fk.error?.code).toBe('23503');
      const nn = await client.from('teams').insert({ icon: 'x' });
      expect(nn.status).toBe(400);
      expect(nn.error?.code).toBe('23502');
      const unknownCol = await client.from('teams').insert({ name: 'x', bogus: 1 });
      expect(unknownCol.status).toBe(400);
      expect(unknownCol.error?.code).toBe('PGRST204');
      const badLiteral = await client.from('checks').select('id').eq('id', 'not-a-uuid');
      expect(badLiteral.status).toBe(400);
      expect(badLiteral.error?.code).toBe('22P02');
    });
  });

  describe('rpc', () => {
    it('calls functions via GET (query-string args + result filters) and POST', async () => {
      const get = await client
        .rpc('related_configs', { config_id: CONFIGS.cluster, max_depth: 10 }, { get: true })
        .eq('health', 'unhealthy')
        .order('depth');
      expect(get.error).toBeNull();
      expect((get.data as Row[]).map((r) => r.name)).toEqual(['api', 'api-7f9c-x2']);
      const post = await client.rpc('add_numbers', { a: 1, b: 41 });
      expect(post.data).toBe(42);
      const setof = await client.rpc('configs_of_type', { kind: 'Kubernetes::Pod' }).select('name');
      expect(setof.data).toEqual([{ name: 'api-7f9c-x2' }]);
      const missing = await client.rpc('does_not_exist', {});
      expect(missing.status).toBe(404);
    });
  });

  describe('raw request shapes of the console (own schema analogues of reference §4.3)', () => {
    const cases: [string, number, Record<string, string>][] = [
      [
        'checks?id=eq.50000000-0000-0000-0000-000000000002&select=*,canaries!checks_canary_id_fkey(id,name),agents!checks_agent_id_fkey(id,name)',
        200,
        {},
      ],
      [
        'check_statuses?check_id=eq.50000000-0000-0000-0000-000000000002&time=gt.2020-01-01T00:00:00Z&order=time.desc&status=eq.1&duration=gte.100&limit=50&offset=0',
        206,
        { Prefer: 'count=exact' },
      ],
      [
        'configs?select=id,name,changes&select=agent:agents(id,name)&status.filter=Running&order=type,name.asc&deleted_at=is.null&limit=50&offset=0',
        200,
        { Prefer: 'count=exact' },
      ],
      ['configs?select=id&or=(and(labels->>app.eq.api,labels->>team.eq.payments))', 200, {}],
      [
        `config_relationships?or=(related_id.eq.${CONFIGS.pod},config_id.eq.${CONFIGS.pod})&configs.order=name&select=*,configs:configs!config_relationships_config_id_fkey(id,name),related:configs!config_relationships_related_id_fkey(id,name)`,
        200,
        {},
      ],
      [
        'config_changes?config_id=eq.10000000-0000-0000-0000-000000000001&order=created_at.desc&and=(created_at.gte.2020-01-01T00:00:00Z,created_at.lte.2100-01-01T00:00:00Z)&limit=5&offset=0',
        206,
        { Prefer: 'count=exact' },
      ],
      ['config_changes?select=id,change_type&change_type=not.eq.&limit=1', 200, {}],
      ['incidents?order=created_at.desc&title=ilike.*a*&select=*,hypotheses(id,type)', 200, {}],
      ['teams?&select=*&&order=', 200, {}],
      [`team_members?team_id=eq.20000000-0000-0000-0000-000000000001&select=*,person_id(*)`, 200, {}],
      ['check_summary?select=id,name,uptime&limit=5', 200, {}],
      ['incidents?select=*,people(*)', 300, {}],
    ];
    it.each(cases)('%s → %d', async (path, status, headers) => {
      const r = await raw(path, { headers });
      expect(r.status).toBe(status);
      expect(r.headers.get('content-type')).toMatch(/application\/json/);
      const body = (await r.json()) as unknown;
      if (status < 300) expect(Array.isArray(body)).toBe(true);
    });

    it('rejects an oversized query string with 400', async () => {
      // Above our 15 000-character limit yet below node:http's 16 KiB header limit (which answers 431 itself).
      const r = await raw(`checks?name=eq.${'x'.repeat(15_500)}`);
      expect(r.status).toBe(400);
    });
  });
});
