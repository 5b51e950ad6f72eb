import { coreEngines } from './helpers/core-backend';
import { expectError, openEndpointsFixture, ROLES, type EndpointsFixture } from './endpoints-fixture';

/**
 * Saved views (issue 33) over HTTP on both engines: every role, guests included, keeps their own list (create,
 * list, rename, pin, delete); a person never sees or changes another's rows; bad input is a 400, and the limits
 * (10 pinned, 200 per person) a 409. The table is not served by /db.
 */

interface View {
  id: string;
  name: string;
  href: string;
  pinned: boolean;
  created_at: string;
  updated_at: string;
}

describe.each(coreEngines())('saved views on %s', (engine) => {
  let f: EndpointsFixture;
  const views = async (as: (typeof ROLES)[number]) => {
    const r = await f.call('GET', '/saved-views', { as });
    expect(r.status).toBe(200);
    return (await r.json()) as View[];
  };

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
  });
  afterAll(async () => {
    await f?.dispose();
  });

  it.each(ROLES)('lets %s create, list, rename, pin and delete their own views', async (role) => {
    const created = await f.call('POST', '/saved-views', {
      as: role,
      body: { name: '  Unhealthy   checks ', href: '/health?status=unhealthy', person_id: 'ignored' },
    });
    expect(created.status).toBe(201);
    const view = (await created.json()) as View;
    expect(view).toMatchObject({ name: 'Unhealthy checks', href: '/health?status=unhealthy', pinned: false });
    expect(await views(role)).toEqual([view]);

    const renamed = await f.call('PATCH', `/saved-views/${view.id}`, { as: role, body: { name: 'Red' } });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: view.id, name: 'Red', pinned: false });
    const pinned = await f.call('PATCH', `/saved-views/${view.id}`, { as: role, body: { pinned: true } });
    expect(await pinned.json()).toMatchObject({ id: view.id, name: 'Red', pinned: true });
    expect((await views(role)).map((v) => [v.name, v.pinned])).toEqual([['Red', true]]);

    expect((await f.call('DELETE', `/saved-views/${view.id}`, { as: role })).status).toBe(204);
    expect(await views(role)).toEqual([]);
    await expectError(await f.call('DELETE', `/saved-views/${view.id}`, { as: role }), 404);
  });

  it("never shows or changes another person's views", async () => {
    const mine = (await (
      await f.call('POST', '/saved-views', { as: 'viewer', body: { name: 'Mine', href: '/catalog' } })
    ).json()) as View;
    for (const other of ROLES.filter((r) => r !== 'viewer')) {
      expect(await views(other)).toEqual([]);
      await expectError(
        await f.call('PATCH', `/saved-views/${mine.id}`, { as: other, body: { name: 'Taken' } }),
        404,
        /not found/,
      );
      await expectError(await f.call('DELETE', `/saved-views/${mine.id}`, { as: other }), 404);
    }
    expect(await views('viewer')).toEqual([mine]);
    // Not through /db either, not even for an admin.
    expect((await f.call('GET', '/db/saved_views', { as: 'admin' })).status).toBe(404);
    await f.call('DELETE', `/saved-views/${mine.id}`, { as: 'viewer' });
  });

  it('answers bad input with 400 and stores nothing', async () => {
    const bad: unknown[] = [
      {},
      { name: 'x' },
      { href: '/health' },
      { name: '   ', href: '/health' },
      { name: 'x'.repeat(81), href: '/health' },
      { name: 7, href: '/health' },
      { name: 'x', href: 'https://evil.example/' },
      { name: 'x', href: '//evil.example/' },
      { name: 'x', href: '/\\evil.example/' },
      { name: 'x', href: '/health?q=a b' },
      { name: 'x', href: `/health?q=${'a'.repeat(2100)}` },
      { name: 'x', href: '/health/%2e%2e/%2fevil.example' },
      { name: 'x', href: '/.//evil.example' },
      { name: 'x', href: '/health', pinned: 'yes' },
      [{ name: 'x', href: '/health' }],
      'not json',
    ];
    for (const body of bad) {
      const r = await f.call('POST', '/saved-views', { as: 'editor', body });
      expect([body, r.status]).toEqual([body, 400]);
    }
    expect(await views('editor')).toEqual([]);
    const view = (await (
      await f.call('POST', '/saved-views', { as: 'editor', body: { name: 'x', href: '/' } })
    ).json()) as View;
    await expectError(await f.call('PATCH', `/saved-views/${view.id}`, { as: 'editor', body: {} }), 400);
    await expectError(
      await f.call('PATCH', `/saved-views/${view.id}`, { as: 'editor', body: { name: '' } }),
      400,
    );
    await expectError(
      await f.call('PATCH', '/saved-views/not-a-uuid', { as: 'editor', body: { name: 'y' } }),
      400,
    );
    await expectError(await f.call('DELETE', '/saved-views/not-a-uuid', { as: 'editor' }), 400);
    await f.call('DELETE', `/saved-views/${view.id}`, { as: 'editor' });
  });

  it('pins at most 10 and keeps at most 200 per person', async () => {
    const personId = await f.one(`SELECT id FROM people WHERE lower(name) = 'responder'`);
    // 199 rows straight into the table, then the endpoints fill and refuse.
    await f.backend.db.query(
      `INSERT INTO saved_views (person_id, name, href, pinned)
       SELECT $1, 'View ' || n, '/catalog?n=' || n, n <= 9 FROM generate_series(1, 199) AS n`,
      [personId],
    );
    const last = await f.call('POST', '/saved-views', {
      as: 'responder',
      body: { name: 'Tenth pin', href: '/logs', pinned: true },
    });
    expect(last.status).toBe(201);
    await expectError(
      await f.call('POST', '/saved-views', { as: 'responder', body: { name: 'Too many', href: '/logs' } }),
      409,
      /at most 200/,
    );
    const unpinned = (await views('responder')).find((v) => !v.pinned)!;
    await expectError(
      await f.call('PATCH', `/saved-views/${unpinned.id}`, { as: 'responder', body: { pinned: true } }),
      409,
      /at most 10/,
    );
    // Another person is not affected by the responder's count.
    expect(
      (await f.call('POST', '/saved-views', { as: 'guest', body: { name: 'Guest', href: '/topology' } }))
        .status,
    ).toBe(201);
    await f.backend.db.query('DELETE FROM saved_views');
  });
});
