import { coreEngines } from './helpers/core-backend';
import {
  expectDenied,
  expectError,
  openEndpointsFixture,
  type EndpointsFixture,
  type Role,
} from './endpoints-fixture';

/**
 * Status pages (issue 38) on both engines: the tables behind RBAC (admins edit pages; admins and commanders publish
 * incidents; /db reads only), and the public read, which answers only what is published and never an id, an
 * internal name, an internal incident or comment, or an address.
 */

const UUID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe.each(coreEngines())('status page endpoints on %s', (engine) => {
  let f: EndpointsFixture;
  let components: { id: string; name: string; incident: string }[];
  let canary: { id: string; name: string; check: string };
  let pageId: string;

  const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
  const publicRead = (slug: string) => fetch(`${f.backend.url}/status-page/public/${slug}`);

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
    // Two live components that incidents' evidence names, each with a different incident.
    const rows = await f.backend.db.query<{ id: string; name: string; incident: string }>(
      `SELECT DISTINCT ON (c.id) c.id, c.name, h.incident_id AS incident
         FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id JOIN components c ON c.id = e.component_id
        WHERE c.deleted_at IS NULL ORDER BY c.id, h.incident_id`,
    );
    // Two components with different incidents, neither incident linked to the other's component.
    const first = rows.rows[0]!;
    const second = rows.rows.find(
      (r) =>
        r.incident !== first.incident &&
        !rows.rows.some((o) => o.id === first.id && o.incident === r.incident),
    )!;
    rows.rows = [first, second];
    components = rows.rows;
    // A canary with at least two live checks, all made to pass (this file's copy of the demo data).
    const group = await f.backend.db.query<{ id: string; name: string; check: string }>(
      `SELECT k.id, k.name, min(ch.id::text) AS check FROM canaries k
         JOIN checks ch ON ch.canary_id = k.id AND ch.deleted_at IS NULL
        WHERE k.deleted_at IS NULL GROUP BY k.id, k.name HAVING count(*) >= 2 ORDER BY k.name LIMIT 1`,
    );
    await f.backend.db.query(
      `UPDATE checks SET status = 'healthy' WHERE canary_id = $1 AND deleted_at IS NULL`,
      [group.rows[0]?.id],
    );
    canary = group.rows[0]!;
    expect(components).toHaveLength(2);
    expect(canary).toBeDefined();
  });
  afterAll(async () => {
    await f?.dispose();
  });

  const body = (slug: string) => ({
    name: 'Acme status',
    slug,
    logo_text: 'ACME',
    description: 'Services of Acme',
    entries: [
      { section: 'Core', display_name: 'Checkout', component_id: components[0]!.id },
      { section: 'Core', display_name: 'Payments', component_id: components[1]!.id, show_uptime: false },
      { section: 'Probes', display_name: 'Website', canary_id: canary.id },
    ],
  });

  it('lets only admins define pages', async () => {
    const created = await f.call('POST', '/status-page/pages', { body: body('acme') });
    expect(created.status).toBe(201);
    const page = await json(created);
    pageId = String(page.id);
    expect(page).toMatchObject({ slug: 'acme', published: false });
    expect((page.entries as unknown[]).map((e) => (e as { target_name: string }).target_name)).toEqual([
      components[0]!.name,
      components[1]!.name,
      canary.name,
    ]);
    for (const role of ['editor', 'commander', 'responder', 'viewer', 'guest'] as Role[]) {
      await expectDenied(await f.call('GET', '/status-page/pages', { as: role }), 'status_page', 'read');
      await expectDenied(
        await f.call('POST', '/status-page/pages', { as: role, body: body(`x-${role}`) }),
        'status_page',
        'create',
      );
      await expectDenied(
        await f.call('POST', `/status-page/pages/${pageId}/publish`, { as: role, body: { published: true } }),
        'status_page',
        'update',
      );
      await expectDenied(await f.call('GET', '/db/status_pages', { as: role }), 'status_page', 'read');
    }
    expect((await f.call('GET', '/db/status_page_entries?select=display_name')).status).toBe(200);
    // /db reads only: writes go through the endpoints, which validate.
    expect((await f.call('POST', '/db/status_pages', { body: { name: 'x', slug: 'x' } })).status).toBe(405);
  });

  it('validates slugs, targets and texts, and refuses a taken slug', async () => {
    await expectError(
      await f.call('POST', '/status-page/pages', { body: { ...body('Bad Slug') } }),
      400,
      /slug/,
    );
    await expectError(
      await f.call('POST', '/status-page/pages', { body: { ...body('x'), name: ' ' } }),
      400,
      /name/,
    );
    await expectError(
      await f.call('POST', '/status-page/pages', {
        body: {
          ...body('y'),
          entries: [{ display_name: 'Both', component_id: components[0]!.id, canary_id: canary.id }],
        },
      }),
      400,
      /exactly one/,
    );
    await expectError(
      await f.call('POST', '/status-page/pages', {
        body: {
          ...body('z'),
          entries: [{ display_name: 'Gone', component_id: '00000000-0000-4000-8000-000000000000' }],
        },
      }),
      400,
      /not found/,
    );
    await expectError(
      await f.call('POST', '/status-page/pages', { body: body('acme') }),
      409,
      /already exists/,
    );
  });

  it('serves nothing of an unpublished page, then the published page without ids or internal names', async () => {
    const hidden = await publicRead('acme');
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({ error: 'status page not found', code: 'status_page_not_found' });
    expect(
      (await f.call('POST', `/status-page/pages/${pageId}/publish`, { body: { published: true } })).status,
    ).toBe(200);
    const answer = await publicRead('acme');
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).not.toMatch(UUID_RE);
    for (const internal of [
      components[0]!.name,
      components[1]!.name,
      canary.name,
      f.backend.url,
      '127.0.0.1',
    ])
      expect(text).not.toContain(internal);
    const page = JSON.parse(text) as {
      page: unknown;
      status: string;
      sections: {
        name: string;
        entries: { name: string; status?: string; uptime?: { days: unknown[] } }[];
      }[];
      uptime_window: { days: number };
    };
    expect(page.page).toEqual({
      name: 'Acme status',
      slug: 'acme',
      logo_text: 'ACME',
      description: 'Services of Acme',
    });
    expect(page.sections.map((s) => [s.name, s.entries.map((e) => e.name)])).toEqual([
      ['Core', ['Checkout', 'Payments']],
      ['Probes', ['Website']],
    ]);
    expect(page.sections[1]!.entries[0]!.status).toBe('operational');
    expect(page.sections[1]!.entries[0]!.uptime!.days.length).toBeGreaterThan(5);
    expect(page.sections[0]!.entries[1]!.uptime).toBeUndefined();
    expect(page.uptime_window.days).toBe(90);
    // A malformed or unknown slug is the same 404, answered without a session.
    expect((await publicRead('NOPE')).status).toBe(404);
    expect((await publicRead('nope')).status).toBe(404);
    expect(await (await fetch(`${f.backend.url}/status-page/public`)).json()).toEqual({
      capability: 'status-page',
      version: 1,
    });
  });

  it('turns a check group degraded when one of its checks fails (preview: no cache)', async () => {
    await f.backend.db.query(`UPDATE checks SET status = 'unhealthy' WHERE id = $1`, [canary.check]);
    try {
      const preview = await json(await f.call('GET', `/status-page/pages/${pageId}/preview`));
      const sections = preview.sections as { entries: { name: string; status: string }[] }[];
      expect(sections[1]!.entries[0]).toMatchObject({ name: 'Website', status: 'degraded' });
      expect(['degraded', 'partial_outage', 'major_outage']).toContain(preview.status);
    } finally {
      await f.backend.db.query(`UPDATE checks SET status = 'healthy' WHERE id = $1`, [canary.check]);
    }
  });

  it('shows a public incident with its public updates, never an internal one or its comments', async () => {
    const publicIncident = components[0]!.incident;
    const internalIncident = components[1]!.incident;
    const internalTitle = await f.one<string>('SELECT title FROM incidents WHERE id = $1', [
      internalIncident,
    ]);
    const comment = await f.one<string>(
      `SELECT coalesce(max(comment), 'no comment') FROM comments WHERE incident_id = $1`,
      [publicIncident],
    );
    // Commanders publish; responders read; viewers neither.
    const put = await f.call('PUT', `/status-page/incidents/${publicIncident}`, {
      as: 'commander',
      body: { public: true, public_title: 'Checkout is failing for some customers' },
    });
    expect(put.status).toBe(200);
    await expectError(
      await f.call('POST', `/status-page/incidents/${internalIncident}/updates`, {
        as: 'commander',
        body: { status: 'identified', body: 'x' },
      }),
      409,
      /public title/,
    );
    const update = await f.call('POST', `/status-page/incidents/${publicIncident}/updates`, {
      as: 'admin',
      body: { status: 'identified', body: 'We found the cause and are rolling back.' },
    });
    expect(update.status).toBe(201);
    expect(((await json(update)).pages as unknown[]).length).toBe(1);
    await expectDenied(
      await f.call('POST', `/status-page/incidents/${publicIncident}/updates`, {
        as: 'responder',
        body: { status: 'monitoring', body: 'y' },
      }),
      'incident_publication',
      'create',
    );
    expect(
      (await f.call('GET', `/status-page/incidents/${publicIncident}`, { as: 'responder' })).status,
    ).toBe(200);
    await expectDenied(
      await f.call('GET', `/status-page/incidents/${publicIncident}`, { as: 'viewer' }),
      'incident_publication',
      'read',
    );
    await expectError(
      await f.call('POST', `/status-page/incidents/${publicIncident}/updates`, {
        body: { status: 'fixed', body: 'z' },
      }),
      400,
      /status must be one of/,
    );

    // The page's own 5-second cache was dropped by the writes.
    const text = await (await publicRead('acme')).text();
    expect(text).toContain('Checkout is failing for some customers');
    expect(text).toContain('We found the cause and are rolling back.');
    expect(text).not.toContain(internalTitle);
    expect(text).not.toContain(comment);
    expect(text).not.toMatch(UUID_RE);
    const incidents = (
      JSON.parse(text) as { incidents: { active: { title: string }[]; history: { title: string }[] } }
    ).incidents;
    expect([...incidents.active, ...incidents.history].map((i) => i.title)).toEqual([
      'Checkout is failing for some customers',
    ]);

    // Made internal again: gone from the page.
    await f.call('PUT', `/status-page/incidents/${publicIncident}`, {
      as: 'commander',
      body: { public: false },
    });
    expect(await (await publicRead('acme')).text()).not.toContain('Checkout is failing');
  });

  it('unpublishes and deletes at once', async () => {
    await f.call('POST', `/status-page/pages/${pageId}/publish`, { body: { published: false } });
    expect((await publicRead('acme')).status).toBe(404);
    expect((await f.call('DELETE', `/status-page/pages/${pageId}`)).status).toBe(204);
    expect((await f.call('GET', `/status-page/pages/${pageId}`)).status).toBe(404);
  });
});
