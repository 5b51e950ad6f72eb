/** @jest-environment node */
import type { Role } from '@/lib/auth/permissions';
import { coreEngines } from './helpers/core-backend';
import { callAs, startSecurityFixture, type SecurityFixture, type Via } from './security-fixture';

/**
 * Issue 31 item 15: approvers' e-mail addresses in playbook specs (`spec.approval.approvers.people`) are seen only
 * by who may change playbooks (update on playbooks: editors, admins); every other role reads the mask, on every path
 * that returns a spec — /db roots, JSON paths, embeds, filters, /playbook/list, /playbook/run/{id} — straight to
 * the backend and through the console's /api proxy, on both engines. A spec written back with the masks keeps the
 * stored addresses, and approval still matches them.
 */

type Row = Record<string, unknown>;
const VIAS: readonly Via[] = ['direct', 'proxy'];
const MASK = '********';
/** An approver address that occurs nowhere else, so any body containing it leaked it. */
const CANARY = 'approver-canary-7d31@sec.example.test';
/** The approvers the test stores: two addresses around a name (names are not masked; the approve check takes both). */
const PEOPLE = [CANARY, 'commander@demo.local', 'SRE lead'];
const MASKED_PEOPLE = [MASK, MASK, 'SRE lead'];
/** Roles that may not change playbooks, and those that may. */
const READERS: readonly Role[] = ['guest', 'viewer', 'commander', 'responder'];
const EDITORS: readonly Role[] = ['editor', 'admin'];

describe.each(coreEngines())('approvers’ addresses in playbook specs on %s', (engine) => {
  let f: SecurityFixture;
  let playbookId: string;
  let serviceId: string;
  let runId: string;
  /** Every approver address stored in any playbook (the seeded ones and the canary). */
  let addresses: string[];

  const json = (body: string) => JSON.parse(body) as unknown;
  const one = async (sql: string, params: unknown[] = []): Promise<Row> => {
    const result = await f.backend.db.query<Row>(sql, params);
    return result.rows[0] ?? {};
  };
  const send = (via: Via, role: Role, method: string, path: string, body?: unknown, prefer?: string) =>
    callAs(f, via, role, path, {
      method,
      headers: { 'content-type': 'application/json', prefer: prefer ?? 'return=representation' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const storedPeople = async () =>
    (
      await one(`SELECT spec #> '{approval,approvers,people}' AS people FROM playbooks WHERE id = $1`, [
        playbookId,
      ])
    ).people;
  const runAsAdmin = async (): Promise<string> => {
    const response = await send('direct', 'admin', 'POST', '/playbook/run', {
      id: playbookId,
      component_id: serviceId,
      params: { reason: 'routine maintenance' },
    });
    expect(response.status).toBe(201);
    return String((json(response.body) as Row).run_id);
  };

  /** The reads of the issue and their neighbours: every way a reader gets a playbook or run spec. */
  const reads = () => [
    `/db/playbooks?select=*&id=eq.${playbookId}`,
    '/db/playbooks?select=id,name,spec&deleted_at=is.null&order=title.asc,name.asc',
    `/db/playbooks?select=id,people:spec->approval->approvers->people,text:spec->>approval&id=eq.${playbookId}`,
    `/db/playbooks?select=id,spec::text&id=eq.${playbookId}`,
    `/db/playbook_runs?select=id,spec,playbooks(id,spec)&id=eq.${runId}`,
    `/db/playbook_runs?select=*,playbooks(*)&playbook_id=eq.${playbookId}`,
    `/playbook/list?component_id=${serviceId}`,
    `/playbook/run/${runId}`,
  ];

  beforeAll(async () => {
    f = await startSecurityFixture(engine);
    playbookId = String((await one(`SELECT id FROM playbooks WHERE name = 'notify-status-page'`)).id);
    await f.backend.db.query(
      `UPDATE playbooks SET spec = jsonb_set(spec, '{approval,approvers,people}', $2::jsonb) WHERE id = $1`,
      [playbookId, JSON.stringify(PEOPLE)],
    );
    serviceId = String(
      (
        await one(
          `SELECT id FROM components WHERE type = 'Service' AND deleted_at IS NULL ORDER BY name LIMIT 1`,
        )
      ).id,
    );
    runId = await runAsAdmin();
    const stored = await f.backend.db.query<{ a: string }>(
      `SELECT DISTINCT a FROM playbooks, jsonb_array_elements_text(
         CASE WHEN jsonb_typeof(spec #> '{approval,approvers,people}') = 'array' THEN spec #> '{approval,approvers,people}' ELSE '[]' END) AS a
        WHERE a LIKE '%@%'`,
    );
    addresses = stored.rows.map((r) => r.a);
    expect(addresses).toEqual(expect.arrayContaining([CANARY, 'commander@demo.local', 'admin@demo.local']));
    // The run copied the stored approvers: the backend still has the addresses to match.
    expect(
      (
        await one(`SELECT spec #> '{approval,approvers,people}' AS people FROM playbook_runs WHERE id = $1`, [
          runId,
        ])
      ).people,
    ).toEqual(PEOPLE);
  }, 300_000);

  afterAll(async () => {
    await f?.close();
  });

  it.each(VIAS)(
    'shows guests, viewers, commanders and responders only masks, on every read path (%s)',
    async (via) => {
      for (const role of READERS) {
        for (const path of reads()) {
          const response = await callAs(f, via, role, path);
          expect([role, path, response.status]).toEqual([role, path, 200]);
          const leaked = addresses.filter((a) => response.body.includes(a));
          expect([role, path, leaked]).toEqual([role, path, []]);
          expect(response.body).toContain(MASK);
        }
        // The masked list keeps its shape: a mask per address, names as stored.
        const [row] = json(
          (await callAs(f, via, role, `/db/playbooks?select=spec&id=eq.${playbookId}`)).body,
        ) as { spec: { approval: { approvers: { people: unknown } } } }[];
        expect(row?.spec.approval.approvers.people).toEqual(MASKED_PEOPLE);
        const listed = json(
          (await callAs(f, via, role, `/playbook/list?component_id=${serviceId}`)).body,
        ) as {
          id: string;
          spec: { approval: { approvers: { people: unknown } } };
        }[];
        expect(listed.find((p) => p.id === playbookId)?.spec.approval.approvers.people).toEqual(
          MASKED_PEOPLE,
        );
      }
    },
  );

  it.each(VIAS)('answers filters and orders on the spec from the masked value only (%s)', async (via) => {
    for (const query of [
      `spec->approval->approvers->people=cs.${encodeURIComponent(JSON.stringify([CANARY]))}`,
      `spec->approval->approvers->>people=like.*canary*`,
      `spec=cs.${encodeURIComponent(JSON.stringify({ approval: { approvers: { people: [CANARY] } } }))}`,
      `or=(spec->approval->approvers->>people.ilike.*7d31*,id.is.null)`,
    ]) {
      const path = `/db/playbooks?select=id&id=eq.${playbookId}&${query}`;
      const asViewer = await callAs(f, via, 'viewer', path);
      expect([query, asViewer.status, json(asViewer.body)]).toEqual([query, 200, []]);
      // The same filter finds the playbook for who may see the address: the filter itself is fine.
      const asEditor = await callAs(f, via, 'editor', path);
      expect([query, json(asEditor.body)]).toEqual([query, [{ id: playbookId }]]);
    }
    // Filtering by the mask finds what a reader sees, no more.
    const byMask = await callAs(
      f,
      via,
      'viewer',
      `/db/playbooks?select=id&id=eq.${playbookId}&spec->approval->approvers->people=cs.${encodeURIComponent(JSON.stringify([MASK]))}`,
    );
    expect(json(byMask.body)).toEqual([{ id: playbookId }]);
    const ordered = await callAs(
      f,
      via,
      'guest',
      '/db/playbooks?select=id,spec->approval->approvers->people&order=spec->approval->approvers->>people.asc',
    );
    expect(ordered.status).toBe(200);
    expect(addresses.filter((a) => ordered.body.includes(a))).toEqual([]);
  });

  it.each(VIAS)('shows editors and admins the addresses they may change (%s)', async (via) => {
    for (const role of EDITORS) {
      for (const path of reads()) {
        const response = await callAs(f, via, role, path);
        expect([role, path, response.status]).toEqual([role, path, 200]);
        expect([role, path, response.body.includes(CANARY)]).toEqual([role, path, true]);
      }
    }
  });

  it.each(VIAS)(
    'keeps the stored addresses when an editor writes a masked spec back, by PATCH or upsert (%s)',
    async (via) => {
      const read = json(
        (
          await callAs(
            f,
            via,
            'viewer',
            `/db/playbooks?select=id,name,namespace,category,spec&id=eq.${playbookId}`,
          )
        ).body,
      ) as { id: string; name: string; namespace: string; category: string; spec: Row }[];
      const masked = read[0];
      expect(masked?.spec).toMatchObject({ approval: { approvers: { people: MASKED_PEOPLE } } });

      // PATCH of the unchanged masked spec (what a form sends back): the addresses stay, the editor reads them.
      const patched = await send(via, 'editor', 'PATCH', `/db/playbooks?id=eq.${playbookId}&select=spec`, {
        spec: masked?.spec,
        description: `written back ${via}`,
      });
      expect(patched.status).toBe(200);
      expect(json(patched.body)).toMatchObject([{ spec: { approval: { approvers: { people: PEOPLE } } } }]);
      expect(await storedPeople()).toEqual(PEOPLE);

      // Upsert (merge-duplicates on the id) of the masked row.
      const upserted = await send(
        via,
        'editor',
        'POST',
        '/db/playbooks?on_conflict=id&select=id',
        masked,
        'return=representation,resolution=merge-duplicates',
      );
      expect(upserted.status).toBe(201);
      expect(await storedPeople()).toEqual(PEOPLE);

      // A change made around the masks: the masks keep their addresses in order, the new address is stored.
      const people = [MASK, 'added@sec.example.test', MASK, 'SRE lead'];
      const changed = await send(via, 'editor', 'PATCH', `/db/playbooks?id=eq.${playbookId}`, {
        spec: { ...masked?.spec, approval: { type: 'any', approvers: { people, teams: ['SRE'] } } },
      });
      expect(changed.status).toBe(200);
      expect(await storedPeople()).toEqual([
        CANARY,
        'added@sec.example.test',
        'commander@demo.local',
        'SRE lead',
      ]);
      // The reader sees the new address masked too.
      const reread = json(
        (
          await callAs(
            f,
            via,
            'guest',
            `/db/playbooks?select=people:spec->approval->approvers->people&id=eq.${playbookId}`,
          )
        ).body,
      );
      expect(reread).toEqual([{ people: [MASK, MASK, MASK, 'SRE lead'] }]);
      await f.backend.db.query(
        `UPDATE playbooks SET spec = jsonb_set(spec, '{approval,approvers,people}', $2::jsonb) WHERE id = $1`,
        [playbookId, JSON.stringify(PEOPLE)],
      );

      // A new playbook made from the masked one has no address to keep: the masks are not stored as approvers.
      const created = await send(via, 'editor', 'POST', '/db/playbooks?select=id,spec', {
        name: `copied-${via}-${engine}`,
        title: 'Copied',
        spec: masked?.spec,
      });
      expect(created.status).toBe(201);
      const [copy] = json(created.body) as { id: string; spec: Row }[];
      expect(copy?.spec).toMatchObject({ approval: { approvers: { people: ['SRE lead'] } } });
      expect(
        (
          await one(`SELECT spec #> '{approval,approvers,people}' AS people FROM playbooks WHERE id = $1`, [
            copy?.id,
          ])
        ).people,
      ).toEqual(['SRE lead']);
      await f.backend.db.query(`DELETE FROM playbooks WHERE id = $1`, [copy?.id]);
    },
  );

  it('still lets a listed approver who sees only masks approve, by the stored address', async () => {
    // The commander is listed by address and may approve (a permission row), but may not change playbooks.
    const commander = f.ids.get('commander') ?? '';
    const grant = await send('direct', 'admin', 'POST', '/db/permissions?select=id', {
      name: 'security-approvers-commander',
      subject: commander,
      subject_type: 'person',
      action: 'playbook:approve',
      object: 'playbooks',
    });
    expect(grant.status).toBe(201);
    try {
      const run = await runAsAdmin();
      expect(
        await one(
          `SELECT status, spec #> '{approval,approvers,people}' AS people FROM playbook_runs WHERE id = $1`,
          [run],
        ),
      ).toEqual({ status: 'pending_approval', people: PEOPLE });
      const seen = json((await callAs(f, 'direct', 'commander', `/playbook/run/${run}`)).body) as {
        spec: { approval: { approvers: { people: unknown } } };
      };
      expect(seen.spec.approval.approvers.people).toEqual(MASKED_PEOPLE);
      // An editor sees the addresses but is no approver.
      expect((await send('direct', 'editor', 'POST', `/playbook/run/approve/${run}`)).status).toBe(403);
      const approved = await send('direct', 'commander', 'POST', `/playbook/run/approve/${run}`);
      expect([approved.status, json(approved.body)]).toEqual([200, { message: 'playbook run approved' }]);
      expect(await one(`SELECT status FROM playbook_runs WHERE id = $1`, [run])).toEqual({
        status: 'scheduled',
      });
      expect(await one(`SELECT person_id FROM playbook_approvals WHERE run_id = $1`, [run])).toEqual({
        person_id: commander,
      });
    } finally {
      const [row] = json(grant.body) as { id: string }[];
      await send('direct', 'admin', 'DELETE', `/db/permissions?id=eq.${row?.id ?? ''}`);
    }
  });
});
