import { startBackendServer, type BackendServer } from '@/scripts/lib/backend-http-server';
import { createDemoTicker } from '@/lib/embedded-backend/ticker';
import { basic, coreEngines, startCoreBackend, type CoreBackend } from './helpers/core-backend';

/**
 * The /db read cache (lib/embedded-backend/read-cache.ts): identical reads share one query and answer byte for byte
 * what an uncached server answers; a write — through /db, the native endpoints or straight to the database as the
 * demo ticker does — is visible to the very next read; answers never cross identities.
 */

const CATALOG =
  '/db/configs?select=id,type,name,status,health,labels,changes,analysis&deleted_at=is.null&order=type,name.asc&limit=50&offset=0';
const CHANGES =
  '/db/config_changes?select=id,config_id,change_type,created_at,config:configs(id,name,type)&created_at.filter=%3Enow-2d&order=created_at.desc,id.asc&limit=50';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Status, headers (without the per-response Date and connection framing) and the body text. */
async function answer(response: Response): Promise<Answer> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(key)) headers[key] = value;
  });
  return { status: response.status, headers, body: await response.text() };
}

describe.each(coreEngines())('core /db read cache on %s', (engine) => {
  let backend: CoreBackend;
  let fresh: BackendServer;

  const get = (base: string, path: string, user = 'admin', headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers: { authorization: basic(user), ...headers } }).then(answer);
  const cached = (path: string, user?: string, headers?: Record<string, string>) =>
    get(backend.url, path, user, headers);
  const uncached = (path: string, user?: string, headers?: Record<string, string>) =>
    get(fresh.url, path, user, headers);

  /** Counts the page statements (or those matching `pattern`) the engine sends while fn runs. */
  const countReads = async (fn: () => Promise<unknown>, pattern = 'json_agg(_p._j)'): Promise<number> => {
    const db = backend.db as unknown as {
      query: (sql: string, params?: readonly unknown[]) => Promise<unknown>;
    };
    const original = db.query;
    let reads = 0;
    db.query = (sql, params) => {
      if (sql.includes(pattern)) reads++;
      return original.call(backend.db, sql, params);
    };
    try {
      await fn();
    } finally {
      db.query = original;
    }
    return reads;
  };

  beforeAll(async () => {
    backend = await startCoreBackend(engine, { privateCluster: true });
    // A second server over the same database with no read cache: what a fresh computation answers.
    fresh = await startBackendServer({ port: 0, database: backend.db, readCache: false });
  });

  afterAll(async () => {
    await fresh?.close();
    await backend?.dispose();
  });

  it('twenty identical concurrent reads run one query and equal the uncached answer byte for byte', async () => {
    for (const [path, headers] of [
      [CATALOG, { Prefer: 'count=exact' }],
      [CHANGES, { Prefer: 'count=exact' }],
    ] as const) {
      let answers: Answer[] = [];
      const reads = await countReads(async () => {
        answers = await Promise.all(Array.from({ length: 20 }, () => cached(path, 'admin', headers)));
      });
      expect(reads).toBe(1);
      const expected = await uncached(path, 'admin', headers);
      expect(expected.status).toBe(206);
      expect(expected.headers['content-range']).toMatch(/^0-49\/\d+$/);
      for (const a of answers) expect(a).toEqual(expected);
      // A later identical read is served from the cache, still identical.
      const again = await countReads(async () =>
        expect(await cached(path, 'admin', headers)).toEqual(expected),
      );
      expect(again).toBe(0);
    }
  });

  it('the pages of one filter share their exact count while nothing is written, and a write recounts', async () => {
    const page = (offset: number) =>
      `/db/config_items?select=id,name&type=like.Kubernetes*&order=name.asc,id.asc&limit=20&offset=${offset}`;
    const prefer = { Prefer: 'count=exact' };
    let answers: Answer[] = [];
    const counts = await countReads(async () => {
      answers = [];
      for (const offset of [0, 20, 40, 60]) answers.push(await cached(page(offset), 'admin', prefer));
    }, 'count(*)');
    expect(counts).toBe(1);
    for (const [i, offset] of [0, 20, 40, 60].entries())
      expect(answers[i]).toEqual(await uncached(page(offset), 'admin', prefer));
    // Pages requested at once wait for the one count in flight.
    const concurrent = await countReads(async () => {
      await Promise.all(
        [100, 120, 140, 160, 180].map((offset) =>
          cached(`${page(offset)}&name=not.is.null`, 'admin', prefer),
        ),
      );
    }, 'count(*)');
    expect(concurrent).toBe(1);
    const total = Number(answers[0]?.headers['content-range']?.split('/')[1]);
    await backend.db.query(
      `INSERT INTO config_items (id, type, name, config_class) SELECT gen_random_uuid(), 'Kubernetes::ReadCache', 'read-cache-item', config_class FROM config_items LIMIT 1`,
    );
    const after = await cached(page(80), 'admin', prefer);
    expect(after.headers['content-range']).toBe(`80-99/${total + 1}`);
    expect(after).toEqual(await uncached(page(80), 'admin', prefer));
  });

  it('the headers that change the answer are part of the key (Prefer, Range, Accept)', async () => {
    const path = '/db/config_items?select=id,name&order=id.asc&limit=5';
    // Without limit/offset in the query the Range header picks the page.
    const ranged = '/db/config_items?select=id,name&order=id.asc';
    const variants: [string, Record<string, string>][] = [
      [path, {}],
      [path, { Prefer: 'count=exact' }],
      [path, { Accept: 'application/vnd.pgrst.object+json' }],
      [ranged, { Range: '0-1' }],
      [ranged, { Range: '2-3', Prefer: 'count=exact' }],
    ];
    for (const [p, headers] of variants) await cached(p, 'admin', headers);
    for (const [p, headers] of variants)
      expect(await cached(p, 'admin', headers)).toEqual(await uncached(p, 'admin', headers));
    expect((await cached(path, 'admin', { Prefer: 'count=exact' })).headers['content-range']).toMatch(
      /^0-4\/\d+$/,
    );
    expect((await cached(path)).headers['content-range']).toBe('0-4/*');
    expect((await cached(path, 'admin', { Accept: 'application/vnd.pgrst.object+json' })).status).toBe(406);
    expect((await cached(ranged, 'admin', { Range: '0-1' })).headers['content-range']).toBe('0-1/*');
    expect(
      (await cached(ranged, 'admin', { Range: '2-3', Prefer: 'count=exact' })).headers['content-range'],
    ).toMatch(/^2-3\/\d+$/);
  });

  it('error answers (416, 400) equal the uncached ones', async () => {
    for (const [path, headers] of [
      ['/db/config_items?select=id&offset=100000&limit=1', { Prefer: 'count=exact' }],
      ['/db/config_items?select=no_such_column', {}],
    ] as const) {
      const first = await cached(path, 'admin', headers);
      expect(first.status).toBeGreaterThanOrEqual(400);
      expect(await cached(path, 'admin', headers)).toEqual(await uncached(path, 'admin', headers));
      expect(first).toEqual(await uncached(path, 'admin', headers));
    }
  });

  it('a PATCH through /db is visible to the very next read, also with identical reads in flight', async () => {
    const item = (await cached('/db/config_items?select=id,name&deleted_at=is.null&order=id.asc&limit=1'))
      .body;
    const { id } = (JSON.parse(item) as { id: string; name: string }[])[0] as { id: string };
    const path = `/db/config_items?select=id,name,description&id=eq.${id}`;
    for (let round = 0; round < 5; round++) {
      const inFlight = Array.from({ length: 10 }, () => cached(path));
      const description = `read-cache round ${round} ${Date.now()}`;
      const patched = await fetch(`${backend.url}/db/config_items?id=eq.${id}`, {
        method: 'PATCH',
        headers: { authorization: basic('admin'), 'content-type': 'application/json' },
        body: JSON.stringify({ description }),
      });
      expect(patched.status).toBe(204);
      const next = await cached(path);
      expect(JSON.parse(next.body)).toEqual([expect.objectContaining({ id, description })]);
      expect(next).toEqual(await uncached(path));
      await Promise.all(inFlight);
    }
  });

  it('a POST and a DELETE through /db change the count of the next read', async () => {
    const path = `/db/comments?select=id&comment=like.read-cache*`;
    const count = async () =>
      (await cached(path, 'admin', { Prefer: 'count=exact' })).headers['content-range'];
    expect(await count()).toBe('*/0');
    const incident = JSON.parse((await cached('/db/incidents?select=id&order=id.asc&limit=1')).body) as {
      id: string;
    }[];
    const admin = JSON.parse((await cached('/db/people?select=id&email=eq.admin@demo.local')).body) as {
      id: string;
    }[];
    const created = await fetch(`${backend.url}/db/comments`, {
      method: 'POST',
      headers: {
        authorization: basic('admin'),
        'content-type': 'application/json',
        Prefer: 'return=representation',
      },
      body: JSON.stringify({
        incident_id: incident[0]?.id,
        created_by: admin[0]?.id,
        comment: 'read-cache comment',
      }),
    });
    expect(created.status).toBe(201);
    expect(await count()).toBe('0-0/1');
    // By its id: a write's filter must narrow by equality (issue 31 item 4).
    const [comment] = (await created.json()) as { id: string }[];
    const deleted = await fetch(`${backend.url}/db/comments?id=eq.${comment?.id ?? ''}`, {
      method: 'DELETE',
      headers: { authorization: basic('admin') },
    });
    expect(deleted.status).toBe(204);
    expect(await count()).toBe('*/0');
  });

  it('a write by a native endpoint (Run now) is visible to the next /db read', async () => {
    const checks = JSON.parse(
      (await cached('/db/checks?select=id&deleted_at=is.null&order=id.asc&limit=1')).body,
    ) as { id: string }[];
    const id = checks[0]?.id ?? '';
    const path = `/db/check_statuses?select=status,time&check_id=eq.${id}&order=time.desc&limit=1`;
    const total = async () =>
      Number(
        (await cached(path, 'admin', { Prefer: 'count=exact' })).headers['content-range']?.split('/')[1],
      );
    const before = await total();
    expect(await total()).toBe(before);
    const run = await fetch(`${backend.url}/canary/run/check/${id}`, {
      method: 'POST',
      headers: { authorization: basic('admin') },
    });
    expect(run.status).toBe(200);
    expect(await total()).toBe(before + 1);
  });

  it('writes that bypass the handler (the demo ticker, plain SQL) are visible to the next read', async () => {
    const path = '/db/check_statuses?select=check_id&limit=1';
    const total = async () =>
      Number(
        (await cached(path, 'admin', { Prefer: 'count=exact' })).headers['content-range']?.split('/')[1],
      );
    const before = await total();
    expect(await total()).toBe(before);
    const result = await createDemoTicker({ db: backend.db }).tick(new Date(Date.now() + 3600_000));
    expect(result.checks).toBeGreaterThan(0);
    expect(await total()).toBeGreaterThan(before);

    const item = '/db/config_items?select=name&order=id.asc&limit=1';
    const original = (JSON.parse((await cached(item)).body) as { name: string }[])[0]?.name;
    await backend.db.query(
      `UPDATE config_items SET name = name || '-sql' WHERE id = (SELECT id FROM config_items ORDER BY id LIMIT 1)`,
    );
    expect(JSON.parse((await cached(item)).body)).toEqual([{ name: `${original}-sql` }]);
  });

  it('never serves one identity’s answer to another: RBAC denials stay per identity, in either order', async () => {
    // Viewers may not read database.system objects (permissions); admins may.
    const path = '/db/permissions?select=id,action&order=id.asc&limit=5';
    const adminFirst = await cached(path, 'admin');
    expect(adminFirst.status).toBe(200);
    const viewer = await cached(path, 'viewer');
    expect(viewer.status).toBe(403);
    expect(viewer.headers['x-rbac-object']).toBe('database.system');
    expect(viewer).toEqual(await uncached(path, 'viewer'));
    expect(await cached(path, 'admin')).toEqual(adminFirst);

    // And the other way round, on a path nobody read before, with both in flight at once.
    const other = '/db/permissions?select=id&order=id.desc&limit=3';
    const [v, a, v2] = await Promise.all([
      cached(other, 'viewer'),
      cached(other, 'admin'),
      cached(other, 'viewer'),
    ]);
    expect([v.status, a.status, v2.status]).toEqual([403, 200, 403]);
    expect(a).toEqual(await uncached(other, 'admin'));
    expect(await cached(other, 'viewer')).toEqual(await uncached(other, 'viewer'));
  });

  it('a read both roles may make is answered per identity, each equal to its uncached answer', async () => {
    const path = '/db/config_items?select=id,name&order=name.asc&limit=3';
    const [admin, viewer] = await Promise.all([cached(path, 'admin'), cached(path, 'viewer')]);
    expect(admin).toEqual(await uncached(path, 'admin'));
    expect(viewer).toEqual(await uncached(path, 'viewer'));
    // Two identities means two computations: one answer is never shared across people.
    const reads = await countReads(async () => {
      await Promise.all([
        cached(`${path}&id=not.is.null`, 'admin'),
        cached(`${path}&id=not.is.null`, 'editor'),
      ]);
    });
    expect(reads).toBe(2);
  });
});
