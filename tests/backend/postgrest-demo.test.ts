/** @jest-environment node */
import { PostgrestClient } from '@supabase/postgrest-js';
import { basic, coreEngines, startCoreBackend, type CoreBackend } from './helpers/core-backend';
import { ID_SOURCES, requestShapes, type ShapeIds } from './postgrest-shapes';

// The /db API of the real embedded backend (demo schema and data) over HTTP, with HTTP Basic admin:demo.

type Row = Record<string, unknown>;

describe.each(coreEngines())('/db on the demo backend (%s)', (engine) => {
  let backend: CoreBackend;
  let client: PostgrestClient;
  let ids: ShapeIds;
  const auth = { Authorization: basic('admin') };

  const raw = (path: string, init: RequestInit = {}) =>
    fetch(`${backend.url}/db/${path}`, {
      ...init,
      headers: { ...auth, ...(init.headers as Record<string, string> | undefined) },
    });

  beforeAll(async () => {
    backend = await startCoreBackend(engine);
    client = new PostgrestClient(`${backend.url}/db`, { headers: auth });
    const found: Partial<Record<keyof ShapeIds, string>> = {};
    for (const [key, path] of Object.entries(ID_SOURCES) as [keyof ShapeIds, string][]) {
      const res = await raw(path);
      const rows = (await res.json()) as Row[];
      found[key] = String(rows[0]?.id ?? '00000000-0000-0000-0000-000000000000');
    }
    ids = found as ShapeIds;
  }, 300_000);
  afterAll(async () => {
    await backend?.dispose();
  });

  it('answers every request shape of reference §4.3 with the expected status and keys', async () => {
    const problems: string[] = [];
    for (const shape of requestShapes(ids)) {
      const res = await raw(shape.path, { method: shape.method ?? 'GET', headers: shape.headers });
      const text = await res.text();
      const expected = Array.isArray(shape.expect) ? shape.expect : [shape.expect];
      if (!expected.includes(res.status)) {
        problems.push(
          `${shape.screen}: ${res.status} (want ${expected.join('/')}) ${shape.path.slice(0, 140)} → ${text.slice(0, 200)}`,
        );
        continue;
      }
      if (res.status >= 300) {
        if (res.status !== 404 || text !== '')
          expect(Object.keys(JSON.parse(text) as Row).sort()).toEqual(['code', 'details', 'hint', 'message']);
        continue;
      }
      const body = JSON.parse(text) as unknown;
      if (!Array.isArray(body)) problems.push(`${shape.screen}: not an array ${shape.path.slice(0, 100)}`);
      const first = (body as Row[])[0];
      if (shape.keys && first) {
        for (const key of shape.keys)
          if (!(key in first))
            problems.push(`${shape.screen}: missing key ${key} in ${shape.path.slice(0, 100)}`);
      }
      if (shape.headers?.Prefer === 'count=exact') {
        if (!/^(\d+-\d+|\*)\/\d+$/.test(res.headers.get('content-range') ?? ''))
          problems.push(`${shape.screen}: bad Content-Range ${res.headers.get('content-range')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('embeds with hints, through junction tables and into views', async () => {
    const { data, error } = await client
      .from('checks')
      .select(
        'id, canaries!checks_canary_id_fkey(id,name), agents!checks_agent_id_fkey(id,name), components:check_component_relationships(components(id,name)), configs:check_config_relationships(configs(id,name,type))',
      )
      .not('id', 'is', null)
      .limit(20);
    expect(error).toBeNull();
    const rows = data as Row[];
    expect(rows).toHaveLength(20);
    for (const row of rows) {
      expect(row.canaries).toEqual(
        expect.objectContaining({ id: expect.any(String), name: expect.any(String) }),
      );
      expect(Array.isArray(row.components)).toBe(true);
      expect(Array.isArray(row.configs)).toBe(true);
    }
    const view = await client.from('configs').select('id, name, agent:agents(id,name)').limit(5);
    expect(view.error).toBeNull();
    expect((view.data as Row[])[0]).toHaveProperty('agent');
  });

  it('counts exactly and caps pages at 2000 rows', async () => {
    const { data, count, status, error } = await client
      .from('check_statuses')
      .select('check_id,time', { count: 'exact' });
    expect(error).toBeNull();
    expect(data).toHaveLength(2000);
    expect(count).toBeGreaterThan(2000);
    expect(status).toBe(206);
    const page = await client
      .from('configs')
      .select('id,name', { count: 'exact' })
      .order('type')
      .order('name')
      .range(0, 49);
    expect(page.data).toHaveLength(50);
    expect(page.count).toBeGreaterThan(50);
  });

  it('applies the .filter extension with date math', async () => {
    const res = await raw(
      'config_changes?select=id,created_at&created_at.filter=%3Enow-2d&severity.filter=high,critical&order=created_at.desc&limit=50',
      {
        headers: { Prefer: 'count=exact' },
      },
    );
    expect([200, 206]).toContain(res.status);
    const rows = (await res.json()) as Row[];
    expect(rows.length).toBeGreaterThan(0);
    const twoDaysAgo = Date.now() - 2 * 86_400_000 - 60_000;
    for (const r of rows) expect(Date.parse(String(r.created_at))).toBeGreaterThan(twoDaysAgo);
  });

  it('calls rpc functions with arguments and result filters', async () => {
    const { data, error } = await client
      .rpc(
        'related_configs_recursive',
        { config_id: ids.config, max_depth: 10, type_filter: 'all' },
        { get: true },
      )
      .not('health', 'is', null);
    expect(error).toBeNull();
    expect(Array.isArray(data)).toBe(true);
    const actions = await client.rpc('get_playbook_run_actions', { run_id: ids.run }, { get: true });
    expect(actions.error).toBeNull();
  });

  it('writes: POST with return=representation, PATCH deleted_at now(), DELETE, and error statuses', async () => {
    const created = await client
      .from('hypotheses')
      .insert({
        incident_id: ids.incident,
        title: 'demo-contract hypothesis',
        type: 'factor',
        status: 'possible',
        created_by: ids.person,
      })
      .select('id, title, incident_id')
      .single();
    expect(created.error).toBeNull();
    expect(created.status).toBe(201);
    const id = (created.data as Row).id as string;
    const patched = await client.from('hypotheses').update({ title: 'renamed' }).eq('id', id).select('title');
    expect(patched.data).toEqual([{ title: 'renamed' }]);
    const soft = await client
      .from('teams')
      .update({ deleted_at: 'now()' })
      .eq('id', ids.team)
      .select('deleted_at');
    expect(typeof (soft.data as Row[])[0]?.deleted_at).toBe('string');
    await client.from('teams').update({ deleted_at: null }).eq('id', ids.team);
    const removed = await client.from('hypotheses').delete().eq('id', id).select('id');
    expect(removed.data).toEqual([{ id }]);
    const unknownCol = await client.from('hypotheses').insert({ incident_id: ids.incident, nope: 1 });
    expect(unknownCol.status).toBe(400);
    const fk = await client.from('hypotheses').insert({
      incident_id: '99999999-9999-9999-9999-999999999999',
      title: 'x',
      type: 'factor',
      created_by: ids.person,
    });
    expect(fk.status).toBe(409);
    const amb = await client.from('incidents').select('id, people(id)').limit(1);
    expect(amb.status).toBe(300);
  });
});
