import { createDemoTicker } from '@/lib/embedded-backend/ticker';
import { EVENT_SOURCES } from '@/lib/embedded-backend/events/kinds';
import { basic, coreEngines, startCoreBackend, type CoreBackend } from './helpers/core-backend';
import { openStream } from './helpers/sse-client';

/**
 * GET /events over real HTTP on both engines (issue 32): changes written to the database by anyone arrive as
 * kind + id + op, bursts are coalesced, kinds the caller may not read never travel, Last-Event-ID resumes, bad input
 * and too many streams get a clear 4xx without stalling other requests.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(coreEngines())('GET /events on %s', (engine) => {
  let backend: CoreBackend;
  const open: { close(): void }[] = [];
  const stream = (role: string, query = '', headers: Record<string, string> = {}) => {
    const s = openStream(`${backend.url}/events${query}`, { authorization: basic(role), ...headers });
    open.push(s);
    return s;
  };
  const incidentId = () =>
    backend.db
      .query<{ id: string }>('SELECT id FROM incidents ORDER BY created_at LIMIT 1')
      .then((r) => r.rows[0]!.id);
  const personId = (role: string) =>
    backend.db
      .query<{ id: string }>('SELECT id FROM people WHERE email = $1', [`${role}@demo.local`])
      .then((r) => r.rows[0]!.id);
  const addComment = async (text: string) => {
    const r = await backend.db.query<{ id: string }>(
      'INSERT INTO comments (incident_id, created_by, comment) VALUES ($1, $2, $3) RETURNING id',
      [await incidentId(), await personId('commander'), text],
    );
    return r.rows[0]!.id;
  };

  beforeAll(async () => {
    process.env.DEMO_TICKER = 'false';
    backend = await startCoreBackend(engine, {
      events: { streamsPerSession: 3, heartbeatMs: 300, coalesceMs: 150 },
    });
  });
  afterEach(async () => {
    for (const s of open.splice(0)) s.close();
    // The server notices the closed connections and releases their slots.
    await sleep(100);
  });
  afterAll(async () => {
    await backend?.dispose();
  });

  it('has a trigger for every operation on every table of an event kind', async () => {
    const r = await backend.db.query<{ table: string; n: string }>(
      `SELECT c.relname AS table, count(*)::text AS n FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE t.tgname LIKE '%\\_change\\_%' AND NOT t.tgisinternal GROUP BY c.relname`,
    );
    const counts = Object.fromEntries(r.rows.map((row) => [row.table, Number(row.n)]));
    for (const { table } of Object.values(EVENT_SOURCES)) expect([table, counts[table]]).toEqual([table, 3]);
  });

  it('streams a write made directly in the database as kind, id and op only, with heartbeats', async () => {
    const s = stream('commander', '?kinds=comment,incident');
    const response = await s.ready;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    await s.waitFor((m) => Boolean(m.comment?.startsWith('connected')));
    const id = await addComment('live event contract test');
    const got = await s.waitFor((m) => m.data?.id === id);
    expect(got.event).toBe('change');
    expect(got.id).toMatch(/^[a-z0-9]+\.\d+$/);
    expect(got.data).toEqual({ kind: 'comment', id, op: 'insert' });
    await s.waitFor((m) => m.comment === 'heartbeat', 2000);
    // The incident's own history trigger wrote no incident row; nothing but comments arrived.
    expect(s.changes().every((c) => c.kind === 'comment')).toBe(true);
  });

  it('coalesces a ticker pass of many check results into a few events per kind', async () => {
    const s = stream('admin', '?kinds=check_status,check,job');
    await s.ready;
    await s.waitFor((m) => Boolean(m.comment?.startsWith('connected')));
    const result = await createDemoTicker({ db: backend.db }).tick(new Date(Date.now() + 3600_000));
    expect(result.checks).toBeGreaterThan(20);
    await s.waitFor((m) => m.data?.kind === 'check_status');
    await sleep(600);
    const statuses = s.changes().filter((c) => c.kind === 'check_status');
    expect(statuses.length).toBeGreaterThanOrEqual(1);
    expect(statuses.length).toBeLessThanOrEqual(3);
    expect(statuses[0]).toEqual({ kind: 'check_status', id: null, op: 'many' });
  });

  it('never sends a viewer kinds it may not read (incidents), but sends what it may (checks)', async () => {
    const viewer = stream('viewer');
    const commander = stream('commander');
    await Promise.all([viewer.ready, commander.ready]);
    await viewer.waitFor((m) => Boolean(m.comment?.startsWith('connected')));
    await commander.waitFor((m) => Boolean(m.comment?.startsWith('connected')));
    const id = await addComment('viewer must not hear of this');
    await backend.db.query(
      `UPDATE checks SET description = coalesce(description, '') WHERE id = (SELECT id FROM checks LIMIT 1)`,
    );
    await commander.waitFor((m) => m.data?.id === id);
    await viewer.waitFor((m) => m.data?.kind === 'check');
    expect(
      viewer
        .changes()
        .filter((c) => ['comment', 'incident', 'hypothesis', 'evidence', 'responder'].includes(c.kind)),
    ).toEqual([]);
    // Guests read no incidents either: an explicit filter of such kinds is accepted and simply stays silent.
    const guest = stream('guest', '?kinds=comment');
    expect((await guest.ready).status).toBe(200);
  });

  it('replays what a reconnecting stream missed after Last-Event-ID, and resets for an id it no longer has', async () => {
    const first = stream('commander', '?kinds=comment');
    await first.ready;
    await first.waitFor((m) => Boolean(m.comment?.startsWith('connected')));
    const a = await addComment('before the disconnect');
    const seen = await first.waitFor((m) => m.data?.id === a);
    first.close();
    const b = await addComment('while disconnected');
    const c = await addComment('also while disconnected');
    await sleep(400);
    const resumed = stream('commander', '?kinds=comment', { 'last-event-id': seen.id as string });
    await resumed.waitFor((m) => m.data?.id === c);
    expect(resumed.changes().map((e) => e.id)).toEqual([b, c]);
    // The same through the query parameter a client uses when it reconnects by itself.
    const byQuery = stream(
      'commander',
      `?kinds=comment&last_event_id=${encodeURIComponent(seen.id as string)}`,
    );
    await byQuery.waitFor((m) => m.data?.id === c);
    // An id from another boot of the backend: the caller must refetch everything it shows.
    const stale = stream('commander', '?kinds=comment', { 'last-event-id': 'deadbeef00.7' });
    const reset = await stale.waitFor((m) => Boolean(m.data));
    expect(reset.data).toEqual({ kind: '*', id: null, op: 'reset' });
  });

  it("replays to a tab's first stream what changed since its page was asked for, and resets before its coverage", async () => {
    // The hub is listening (earlier tests opened streams): a page asked for now, a comment while it loads.
    const pageAskedAt = Date.now();
    await sleep(5);
    const during = await addComment('while the page loaded');
    await sleep(400);
    const first = stream('commander', `?kinds=comment&since=${pageAskedAt}`);
    await first.waitFor((m) => m.data?.id === during);
    expect(first.changes().map((e) => e.id)).toEqual([during]);
    // A page asked for before this backend began listening: only a refetch of everything is safe.
    const old = stream('commander', `?kinds=comment&since=${pageAskedAt - 3_600_000}`);
    const reset = await old.waitFor((m) => Boolean(m.data));
    expect(reset.data).toEqual({ kind: '*', id: null, op: 'reset' });
    // A page asked for after the comment: nothing to replay.
    const fresh = stream('commander', `?kinds=comment&since=${Date.now()}`);
    await fresh.waitFor((m) => Boolean(m.comment?.startsWith('connected')));
    await sleep(300);
    expect(fresh.changes()).toEqual([]);
  });

  it('answers bad input with a clear 400', async () => {
    const unknown = await fetch(`${backend.url}/events?kinds=comment,row_contents`, {
      headers: { authorization: basic('admin') },
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: 'unknown event kind: row_contents' });
    const empty = await fetch(`${backend.url}/events?kinds=,`, {
      headers: { authorization: basic('admin') },
    });
    expect(empty.status).toBe(400);
    for (const bad of ['garbage', '12', 'abc.-1', `${'a'.repeat(40)}.1`]) {
      const malformed = await fetch(`${backend.url}/events`, {
        headers: { authorization: basic('admin'), 'last-event-id': bad },
      });
      expect([bad, malformed.status]).toEqual([bad, 400]);
      expect(await malformed.json()).toMatchObject({ error: 'malformed Last-Event-ID' });
    }
    for (const bad of ['soon', '-1', '1.5', '9'.repeat(16)]) {
      const malformed = await fetch(`${backend.url}/events?since=${bad}`, {
        headers: { authorization: basic('admin') },
      });
      expect([bad, malformed.status]).toEqual([bad, 400]);
      expect(await malformed.json()).toMatchObject({ error: 'malformed since' });
    }
    const anonymous = await fetch(`${backend.url}/events`);
    expect(anonymous.status).toBe(401);
  });

  it('caps the open streams of one session with a 429 that does not stall other requests', async () => {
    const streams = [stream('editor'), stream('editor'), stream('editor')];
    for (const s of streams) expect((await s.ready).status).toBe(200);
    const refused = await fetch(`${backend.url}/events`, { headers: { authorization: basic('editor') } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: 'too many open event streams' });
    const started = Date.now();
    const read = await fetch(`${backend.url}/db/checks?select=id&limit=1`, {
      headers: { authorization: basic('editor') },
    });
    expect(read.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    // Another person is not affected; a closed stream frees its slot.
    expect((await stream('viewer').ready).status).toBe(200);
    streams[0]!.close();
    await sleep(200);
    expect((await stream('editor').ready).status).toBe(200);
  });
});
