/** @jest-environment node */
import { CONFIGS, PEOPLE, call, openFixture, testEngines, type Fixture } from './postgrest-fixture';

// End-to-end through createPostgrestHandler with Fetch Request objects (no socket), on every available engine.

type Json = Record<string, unknown>;

async function json(res: Response): Promise<unknown> {
  const text = await res.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

describe.each(testEngines())('PostgREST engine on %s', (engine) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await openFixture(engine);
  });
  afterAll(async () => {
    await f.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) => call(f, path, { headers });
  const rows = async (path: string, headers: Record<string, string> = {}): Promise<Json[]> => {
    const res = await get(path, headers);
    const body = await json(res);
    if (res.status >= 300) throw new Error(`${res.status} ${JSON.stringify(body)}`);
    return body as Json[];
  };

  describe('select', () => {
    it('returns columns, renames, casts and JSON paths', async () => {
      const [row] = await rows(
        `/db/config_items?id=eq.${CONFIGS.deployment}&select=id,title:name,cost:cost_total_1d::text,labels->>app,replicas:config->spec->>replicas,spec:config->spec`,
      );
      expect(row).toEqual({
        id: CONFIGS.deployment,
        title: 'api',
        cost: null,
        app: 'api',
        replicas: '2',
        spec: { replicas: 2 },
      });
    });

    it('returns every column for * and keeps JSON types', async () => {
      const [row] = await rows(`/db/config_items?id=eq.${CONFIGS.cluster}`);
      expect(row).toMatchObject({
        name: 'prod-cluster',
        labels: { app: 'k8s' },
        config: { spec: { nodes: 3 } },
        cost_total_1d: 12.5,
      });
      expect(Object.keys(row ?? {})).toContain('deleted_at');
    });

    it('embeds many-to-one as an object and one-to-many as an array, to any depth', async () => {
      const data = await rows(
        '/db/incidents?select=title,commander:commander_id(name),communicator_id(name),hypotheses(title,created_by(name),evidences(description,config_items(name)))&order=created_at.desc',
      );
      expect(data[0]).toEqual({
        title: 'API down',
        commander: { name: 'Alice' },
        communicator_id: { name: 'Bob' },
        hypotheses: [
          {
            title: 'Bad deploy',
            created_by: { name: 'Alice' },
            evidences: [
              { description: 'deploy diff', config_items: { name: 'api' } },
              { description: 'pod crash', config_items: { name: 'api-7f9c-x2' } },
            ],
          },
          { title: 'Node pressure', created_by: { name: 'Bob' }, evidences: [] },
        ],
      });
      expect(data[2]).toMatchObject({ title: 'Cost spike', commander: null, hypotheses: [] });
    });

    it('disambiguates with !hint by constraint name or FK column', async () => {
      const a = await rows(
        '/db/config_relationships?select=relation,configs:configs!config_relationships_config_id_fkey(name),related:configs!related_id(name)&relation=eq.soft',
      );
      expect(a).toEqual([
        { relation: 'soft', configs: { name: 'api-7f9c-x2' }, related: { name: 'prod-cluster' } },
      ]);
      const b = await rows(
        '/db/incidents?select=title,people!incidents_created_by_fkey(name)&title=eq.Slow DB',
      );
      expect(b).toEqual([{ title: 'Slow DB', people: { name: 'Alice' } }]);
    });

    it('answers 300 PGRST201 for an ambiguous embed and 400 PGRST200 for an unknown one', async () => {
      const amb = await get('/db/incidents?select=title,people(name)');
      expect(amb.status).toBe(300);
      expect(await json(amb)).toMatchObject({ code: 'PGRST201' });
      const unknown = await get('/db/incidents?select=title,nothing(name)');
      expect(unknown.status).toBe(400);
      expect(await json(unknown)).toMatchObject({
        code: 'PGRST200',
        message: expect.stringContaining("'incidents' and 'nothing'"),
      });
    });

    it('infers relationships of views from their base tables (both directions)', async () => {
      const fromView = await rows(
        `/db/configs?select=name,changes,agent:agents(name),config_changes(change_type)&id=eq.${CONFIGS.cluster}&config_changes.limit=2&config_changes.order=created_at.desc`,
      );
      expect(fromView[0]).toMatchObject({ name: 'prod-cluster', changes: 20, agent: { name: 'local' } });
      expect((fromView[0]?.config_changes as unknown[]).length).toBe(2);
      const toView = await rows(
        '/db/config_analysis_like?select=change_type,config:configs(name)&limit=1&order=change_type',
      );
      expect(toView[0]?.config).toEqual(expect.objectContaining({ name: expect.any(String) }));
      // created_by(...) means the people table even though the people_roles view exposes people.id too.
      const byColumn = await rows('/db/teams?select=name,created_by(name)&order=name');
      expect(byColumn).toEqual([
        { name: 'Payments', created_by: { name: 'Alice' } },
        { name: 'Platform', created_by: { name: 'Admin' } },
      ]);
    });

    it('filters and orders embedded resources, and !inner filters the parents', async () => {
      const embedded = await rows(
        '/db/incidents?select=title,hypotheses(title)&hypotheses.type=eq.root&order=title',
      );
      expect(embedded.map((r) => (r.hypotheses as unknown[]).length)).toEqual([1, 0, 1]);
      const inner = await rows(
        '/db/incidents?select=title,hypotheses!inner(title)&hypotheses.type=eq.factor',
      );
      expect(inner).toEqual([{ title: 'API down', hypotheses: [{ title: 'Node pressure' }] }]);
      const deep = await rows(
        `/db/incidents?select=id,hypotheses!inner(evidences!inner(id))&hypotheses.evidences.config_id=eq.${CONFIGS.pod}`,
      );
      expect(deep).toHaveLength(1);
      const ordered = await rows(
        '/db/teams?select=name,team_members(person_id(name))&team_members.order=person_id.desc&name=eq.Platform',
      );
      expect((ordered[0]?.team_members as Json[]).map((m) => (m.person_id as Json).name)).toEqual([
        'Bob',
        'Alice',
      ]);
      const notNull = await rows(
        '/db/incidents?select=title,commander:commander_id(name)&commander=not.is.null',
      );
      expect(notNull).toHaveLength(2);
    });

    it('answers 400 PGRST108 for filters on an embed that is not selected', async () => {
      const res = await get('/db/incidents?select=id&hypotheses.evidences.config_id=eq.x');
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ code: 'PGRST108' });
    });

    it('embeds through junction tables written explicitly and accepts the ::jsonb suffix', async () => {
      const data = await rows('/db/people?select=name,team_members(teams(name))::jsonb&name=eq.Alice');
      expect(data[0]?.team_members).toHaveLength(2);
    });

    it('answers 400 42703 for an unknown column and 404 for an unknown relation', async () => {
      const col = await get('/db/people?select=id,nope');
      expect(col.status).toBe(400);
      expect(await json(col)).toMatchObject({ code: '42703' });
      const filterCol = await get('/db/people?nope=eq.1');
      expect(filterCol.status).toBe(400);
      const rel = await get('/db/nope');
      expect(rel.status).toBe(404);
      expect(await json(rel)).toMatchObject({ code: 'PGRST205' });
    });
  });

  describe('filters', () => {
    const count = async (path: string) => (await rows(path)).length;

    it('supports comparison, pattern and list operators', async () => {
      expect(await count('/db/checks?status=eq.unhealthy')).toBe(6);
      expect(await count('/db/checks?status=neq.unhealthy')).toBe(24);
      expect(await count('/db/checks?created_at=gt.2026-01-01T20:00:00Z')).toBe(10);
      expect(await count('/db/checks?created_at=gte.2026-01-01T20:00:00%2B00:00')).toBe(11);
      expect(await count('/db/checks?created_at=lt.2026-01-01T03:00:00Z')).toBe(2);
      expect(await count('/db/checks?created_at=lte.2026-01-01T03:00:00Z')).toBe(3);
      expect(await count('/db/checks?name=like.check-00*')).toBe(9);
      expect(await count('/db/checks?name=ilike.CHECK-01*')).toBe(10);
      expect(await count('/db/checks?type=in.(http,"dns")')).toBe(15);
      expect(await count('/db/checks?type=not.in.(http,dns)')).toBe(15);
      expect(await count('/db/checks?type=in.()')).toBe(0);
      expect(await count('/db/checks?deleted_at=is.null')).toBe(29);
      expect(await count('/db/checks?deleted_at=not.is.null')).toBe(1);
      expect(await count('/db/check_statuses?status=is.false&limit=2000')).toBeGreaterThan(0);
      expect(
        await count('/db/check_statuses?status=eq.1&check_id=eq.50000000-0000-0000-0000-000000000001'),
      ).toBeGreaterThan(0);
    });

    it('supports cs/cd on arrays and jsonb, and JSON paths', async () => {
      expect(await count('/db/checks?tags=cs.{env:prod}')).toBe(15);
      expect(await count('/db/checks?tags=cd.{env:prod,n2,n4}')).toBe(2);
      expect(await count('/db/checks?labels=cs.{"env":"dev","tier":"t1"}')).toBe(5);
      expect(await count('/db/checks?labels->>env=eq.prod&labels->>tier=eq.t0')).toBe(5);
      expect(await count('/db/config_items?config->spec->>nodes=eq.3')).toBe(1);
      expect(await count('/db/config_items?config->spec->containers->0->>name=eq.api')).toBe(1);
    });

    it('supports or/and trees, nesting, negation and repeated columns', async () => {
      expect(await count('/db/checks?or=(type.eq.http,and(type.eq.dns,status.eq.unhealthy))')).toBe(9);
      expect(await count('/db/checks?not.or=(type.eq.http,type.eq.dns)')).toBe(15);
      expect(
        await count(
          '/db/checks?and=(created_at.gte.2026-01-01T05:00:00Z,created_at.lte.2026-01-01T09:00:00Z)',
        ),
      ).toBe(5);
      expect(await count('/db/checks?type=in.(http,dns,tcp)&type=not.in.(tcp)&type=neq.dns')).toBe(7);
      expect(await count('/db/configs?or=(labels->>app.eq.api,name.ilike.*cluster*)')).toBe(3);
      expect(await count('/db/checks?or=(name.eq."check-001",name.in.("check-002",check-003))')).toBe(3);
    });

    it('orders by several columns with nulls placement', async () => {
      const data = await rows(
        '/db/config_items?select=name,cost_total_1d&order=cost_total_1d.desc.nullslast,name.asc',
      );
      expect(data.map((r) => r.name)).toEqual(['prod-cluster', 'i-0abc', 'api', 'api-7f9c-x2', 'payments']);
      const first = await rows(
        '/db/config_items?select=name&order=cost_total_1d.asc.nullsfirst,name&limit=1',
      );
      expect(first).toEqual([{ name: 'api' }]);
      const byJson = await rows('/db/checks?select=name&order=labels->>tier.desc,name.desc&limit=1');
      expect(byJson).toEqual([{ name: 'check-029' }]);
    });

    it('answers 400 with the PostgREST shape for bad literals and parse errors', async () => {
      const bad = await get('/db/checks?created_at=gt.notadate');
      expect(bad.status).toBe(400);
      expect(await json(bad)).toEqual(
        expect.objectContaining({ code: '22007', message: expect.any(String), details: null }),
      );
      const uuid = await get('/db/checks?id=eq.not-a-uuid');
      expect(uuid.status).toBe(400);
      expect(await json(uuid)).toMatchObject({ code: '22P02' });
      const parse = await get('/db/checks?id=foo.1');
      expect(parse.status).toBe(400);
      expect(await json(parse)).toEqual({
        code: 'PGRST100',
        message: expect.any(String),
        details: expect.any(String),
        hint: null,
      });
    });
  });

  describe('the .filter extension', () => {
    it('rewrites lists, negations and globs', async () => {
      const data = await rows(
        '/db/config_items?select=name&status.filter=Running,Active,!Stopped&order=name',
      );
      expect(data.map((r) => r.name)).toEqual(['api', 'payments', 'prod-cluster']);
      const neg = await rows('/db/config_items?select=name&health.filter=!healthy,!warning');
      expect(neg).toHaveLength(2);
      const glob = await rows('/db/config_items?select=name&type.filter=Kubernetes::*');
      expect(glob).toHaveLength(4);
    });

    it('applies datemath to date columns, ANDed with the other filters', async () => {
      const recent = await rows('/db/config_changes?select=id&created_at.filter=>now-2d');
      expect(recent).toHaveLength(15);
      const old = await rows('/db/config_changes?select=id&created_at.filter=now-2d&severity=eq.info');
      expect(old.length).toBeGreaterThan(0);
      const window = await rows('/db/config_changes?select=id&created_at.filter=>now-1d,<now-12h');
      expect(window).toHaveLength(4);
    });

    it('filters the rows of a set-returning function', async () => {
      const data = await rows(
        `/db/rpc/related_configs?config_id=${CONFIGS.cluster}&max_depth=10&health.filter=unhealthy&order=depth`,
      );
      expect(data.map((r) => r.name)).toEqual(['api', 'api-7f9c-x2']);
    });
  });

  describe('pagination and counts', () => {
    it('applies limit/offset and the Range header', async () => {
      const page = await rows('/db/checks?select=name&order=name&limit=2&offset=3');
      expect(page.map((r) => r.name)).toEqual(['check-004', 'check-005']);
      const res = await get('/db/checks?select=name&order=name', { Range: '0-4', 'Range-Unit': 'items' });
      expect(((await json(res)) as unknown[]).length).toBe(5);
      expect(res.headers.get('Content-Range')).toBe('0-4/*');
    });

    it('sends Content-Range with an exact count, 206 when partial, 416 past the end', async () => {
      const partial = await get('/db/checks?select=id&limit=10&offset=5', { Prefer: 'count=exact' });
      expect(partial.status).toBe(206);
      expect(partial.headers.get('Content-Range')).toBe('5-14/30');
      const full = await get('/db/checks?select=id', { Prefer: 'count=exact' });
      expect(full.status).toBe(200);
      expect(full.headers.get('Content-Range')).toBe('0-29/30');
      const empty = await get('/db/checks?select=id&name=eq.none', { Prefer: 'count=exact' });
      expect(empty.status).toBe(200);
      expect(empty.headers.get('Content-Range')).toBe('*/0');
      const past = await get('/db/checks?select=id&offset=40&limit=5', { Prefer: 'count=exact' });
      expect(past.status).toBe(416);
      expect(past.headers.get('Content-Range')).toBe('*/30');
      expect(await json(past)).toMatchObject({ code: 'PGRST103' });
    });

    it('caps responses at 2000 rows while the count stays exact', async () => {
      const res = await get('/db/check_statuses?select=time', { Prefer: 'count=exact' });
      expect(((await json(res)) as unknown[]).length).toBe(2000);
      expect(res.headers.get('Content-Range')).toBe('0-1999/2500');
      expect(res.status).toBe(206);
      const asked = await get('/db/check_statuses?select=time&limit=5000');
      expect(((await json(asked)) as unknown[]).length).toBe(2000);
    });

    it('returns one object for Accept: application/vnd.pgrst.object+json', async () => {
      const one = await get(`/db/people?id=eq.${PEOPLE.bob}&select=name`, {
        Accept: 'application/vnd.pgrst.object+json',
      });
      expect(await json(one)).toEqual({ name: 'Bob' });
      const many = await get('/db/people?select=name', { Accept: 'application/vnd.pgrst.object+json' });
      expect(many.status).toBe(406);
    });
  });

  describe('writes', () => {
    it('inserts one object with return=representation honouring select', async () => {
      const res = await call(f, '/db/incidents?select=title,severity,created_by(name)', {
        method: 'POST',
        headers: { Prefer: 'return=representation', 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'New one', created_by: PEOPLE.bob }),
      });
      expect(res.status).toBe(201);
      expect(await json(res)).toEqual([{ title: 'New one', severity: 'low', created_by: { name: 'Bob' } }]);
    });

    it('inserts arrays in bulk, and answers 201 with no body for return=minimal', async () => {
      const res = await call(f, '/db/teams', {
        method: 'POST',
        headers: { Prefer: 'return=minimal' },
        body: JSON.stringify([{ name: 'Bulk A' }, { name: 'Bulk B', icon: 'x' }]),
      });
      expect(res.status).toBe(201);
      expect(await res.text()).toBe('');
      expect(await rows('/db/teams?name=like.Bulk*&select=name,icon&order=name')).toEqual([
        { name: 'Bulk A', icon: null },
        { name: 'Bulk B', icon: 'x' },
      ]);
    });

    it('fills column defaults per row with Prefer: missing=default (NULL otherwise, as PostgREST)', async () => {
      const body = JSON.stringify([
        { title: 'Default sev', created_by: PEOPLE.bob },
        { title: 'Explicit sev', severity: 'high' },
      ]);
      const withDefault = await call(f, '/db/incidents?select=title,severity,created_by', {
        method: 'POST',
        headers: { Prefer: 'return=representation,missing=default' },
        body,
      });
      expect(await json(withDefault)).toEqual([
        { title: 'Default sev', severity: 'low', created_by: PEOPLE.bob },
        { title: 'Explicit sev', severity: 'high', created_by: null },
      ]);
      const withoutDefault = await call(f, '/db/incidents', { method: 'POST', body });
      expect(withoutDefault.status).toBe(400);
      expect(await json(withoutDefault)).toMatchObject({ code: '23502' });
      await call(f, '/db/incidents?title=in.("Default sev","Explicit sev")', { method: 'DELETE' });
    });

    it('upserts with resolution=merge-duplicates on the primary key or on_conflict', async () => {
      const body = JSON.stringify({ id: 1, note: 'upserted' });
      const res = await call(f, '/db/canary_guard', {
        method: 'POST',
        headers: { Prefer: 'return=representation,resolution=merge-duplicates' },
        body,
      });
      expect(res.status).toBe(201);
      expect(await json(res)).toEqual([{ id: 1, note: 'upserted' }]);
      const byName = await call(f, '/db/teams?on_conflict=name&select=name,icon', {
        method: 'POST',
        headers: { Prefer: 'return=representation,resolution=merge-duplicates' },
        body: JSON.stringify({ name: 'Bulk A', icon: 'merged' }),
      });
      expect(await json(byName)).toEqual([{ name: 'Bulk A', icon: 'merged' }]);
      await call(f, '/db/canary_guard?id=eq.1', {
        method: 'PATCH',
        body: JSON.stringify({ note: 'do not drop me' }),
      });
    });

    it('patches with filters and turns "now()" into the current time', async () => {
      const res = await call(f, `/db/people?id=eq.${PEOPLE.bob}&select=name,deleted_at`, {
        method: 'PATCH',
        headers: { Prefer: 'return=representation' },
        body: JSON.stringify({ deleted_at: 'now()', avatar: null }),
      });
      expect(res.status).toBe(200);
      const [row] = (await json(res)) as Json[];
      expect(Math.abs(Date.parse(String(row?.deleted_at)) - Date.now())).toBeLessThan(60_000);
      const minimal = await call(f, `/db/people?id=eq.${PEOPLE.bob}`, {
        method: 'PATCH',
        body: JSON.stringify({ deleted_at: null }),
      });
      expect(minimal.status).toBe(204);
    });

    it('deletes with filters and returns the deleted rows', async () => {
      const res = await call(f, '/db/teams?name=in.("Bulk A","Bulk B")&select=name', {
        method: 'DELETE',
        headers: { Prefer: 'return=representation' },
      });
      expect(res.status).toBe(200);
      expect(((await json(res)) as unknown[]).length).toBe(2);
    });

    it('answers an empty object body with the NOT NULL error of DEFAULT VALUES, logging nothing', async () => {
      const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        for (const [body, prefer] of [
          ['{}', undefined],
          ['[{}]', 'return=representation'],
          ['{}', 'resolution=merge-duplicates'],
        ] as const) {
          const res = await call(f, '/db/teams?select=name', {
            method: 'POST',
            body,
            headers: prefer ? { Prefer: prefer } : {},
          });
          expect([body, prefer, res.status]).toEqual([body, prefer, 400]);
          expect(await json(res)).toMatchObject({ code: '23502' });
        }
        expect(logged).not.toHaveBeenCalled();
      } finally {
        logged.mockRestore();
      }
    });

    it('maps write errors: unknown body column 400, unique/FK 409, NOT NULL 400, bad JSON 400', async () => {
      const unknownCol = await call(f, '/db/teams', {
        method: 'POST',
        body: JSON.stringify({ name: 'x', nope: 1 }),
      });
      expect(unknownCol.status).toBe(400);
      expect(await json(unknownCol)).toMatchObject({ code: 'PGRST204' });
      const dup = await call(f, '/db/teams', { method: 'POST', body: JSON.stringify({ name: 'Platform' }) });
      expect(dup.status).toBe(409);
      expect(await json(dup)).toMatchObject({ code: '23505' });
      const fk = await call(f, '/db/team_members', {
        method: 'POST',
        body: JSON.stringify({
          team_id: '20000000-0000-0000-0000-000000000001',
          person_id: '99999999-0000-0000-0000-000000000000',
        }),
      });
      expect(fk.status).toBe(409);
      expect(await json(fk)).toMatchObject({ code: '23503' });
      const notNull = await call(f, '/db/teams', { method: 'POST', body: JSON.stringify({ icon: 'x' }) });
      expect(notNull.status).toBe(400);
      expect(await json(notNull)).toMatchObject({ code: '23502' });
      const badJson = await call(f, '/db/teams', { method: 'POST', body: '{"name":' });
      expect(badJson.status).toBe(400);
      expect(await json(badJson)).toMatchObject({ code: 'PGRST102' });
    });
  });

  describe('schema cache', () => {
    it('picks up relations created later (reload on a miss, or invalidateSchemaCache)', async () => {
      await f.db.exec(
        "create table late_table (id int primary key, label text); insert into late_table values (1, 'late');",
      );
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await rows('/db/late_table?select=label')).toEqual([{ label: 'late' }]);
      await f.db.exec('alter table late_table add column extra text;');
      expect((await get('/db/late_table?select=extra')).status).toBe(400);
      f.handler.invalidateSchemaCache();
      expect(await rows('/db/late_table?select=extra')).toEqual([{ extra: null }]);
      await f.db.exec('drop table late_table;');
      f.handler.invalidateSchemaCache();
    });
  });

  describe('rpc', () => {
    it('calls functions with query-string arguments, defaults and result filters', async () => {
      expect(await json(await get('/db/rpc/add_numbers?a=2'))).toBe(3);
      expect(await json(await get('/db/rpc/add_numbers?a=2&b=5'))).toBe(7);
      const set = await rows('/db/rpc/configs_of_type?kind=Kubernetes::Pod&select=name');
      expect(set).toEqual([{ name: 'api-7f9c-x2' }]);
      const single = await json(await get(`/db/rpc/one_config?cid=${CONFIGS.ec2}&select=name,type`));
      expect(single).toEqual({ name: 'i-0abc', type: 'AWS::EC2::Instance' });
      const filtered = await rows(
        `/db/rpc/related_configs?config_id=${CONFIGS.cluster}&type=in.(Kubernetes::Pod,Kubernetes::Namespace)&order=depth`,
      );
      expect(filtered.map((r) => r.name)).toEqual(['payments', 'api-7f9c-x2']);
    });

    it('calls functions with a JSON body via POST', async () => {
      const res = await call(f, '/db/rpc/add_numbers', {
        method: 'POST',
        body: JSON.stringify({ a: 40, b: 2 }),
      });
      expect(await json(res)).toBe(42);
      const rel = await call(f, '/db/rpc/related_configs?select=name&order=name', {
        method: 'POST',
        body: JSON.stringify({ config_id: CONFIGS.deployment, max_depth: 1 }),
      });
      expect(await json(rel)).toEqual([{ name: 'api-7f9c-x2' }]);
    });

    it('answers 404 PGRST202 for unknown functions or arguments', async () => {
      const res = await get('/db/rpc/nope?a=1');
      expect(res.status).toBe(404);
      expect(await json(res)).toMatchObject({ code: 'PGRST202' });
      expect((await get('/db/rpc/add_numbers?b=1')).status).toBe(404);
    });
  });
});
