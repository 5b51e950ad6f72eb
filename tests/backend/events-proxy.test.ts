/** @jest-environment node */
import type { RunningServer } from '@/scripts/lib/node-http';
import { startCoreBackend, type CoreBackend } from './helpers/core-backend';
import { openStream } from './helpers/sse-client';
import { startProxy, transportTo } from './proxy-harness';

/**
 * /api/events: the console's proxy streams the backend's change events through unbuffered with the session's bearer
 * token, passes Last-Event-ID on, never shows the backend's address, and refuses what the gate refuses.
 */

let backend: CoreBackend;
let proxy: RunningServer;
const tokens = new Map<string, string>();
const streams: { close(): void }[] = [];

beforeAll(async () => {
  process.env.DEMO_TICKER = 'false';
  backend = await startCoreBackend('pglite');
  for (const role of ['commander', 'viewer']) {
    const response = await fetch(`${backend.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: role, password: 'demo' }),
    });
    const body = (await response.json()) as { payload?: { token?: string } };
    tokens.set(role, body.payload?.token ?? '');
  }
  proxy = await startProxy({
    transport: transportTo(backend.url),
    tokenFor: (role) => tokens.get(role) ?? '',
  });
}, 180_000);

afterAll(async () => {
  for (const s of streams) s.close();
  await proxy?.close();
  await backend?.dispose();
});

function viaProxy(role: string | null, query = '', headers: Record<string, string> = {}) {
  const s = openStream(`${proxy.url}/api/events${query}`, {
    ...(role ? { 'x-test-role': role } : {}),
    ...headers,
  });
  streams.push(s);
  return s;
}

async function addComment(): Promise<string> {
  const r = await backend.db.query<{ id: string }>(
    `INSERT INTO comments (incident_id, created_by, comment)
     SELECT (SELECT id FROM incidents LIMIT 1), (SELECT id FROM people WHERE email = 'commander@demo.local'), 'via proxy'
     RETURNING id`,
  );
  return r.rows[0]!.id;
}

it('streams events as they happen, with the stream headers and no backend address', async () => {
  const s = viaProxy('commander', '?kinds=comment');
  const response = await s.ready;
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
  expect(response.headers.get('x-accel-buffering')).toBe('no');
  const backendHost = new URL(backend.url).host;
  response.headers.forEach((value) => expect(value).not.toContain(backendHost));
  await s.waitFor((m) => Boolean(m.comment?.startsWith('connected')));
  // Unbuffered: the event arrives while the stream stays open, well within the coalescing window plus a hop.
  const started = Date.now();
  const id = await addComment();
  const got = await s.waitFor((m) => m.data?.id === id, 3000);
  expect(Date.now() - started).toBeLessThan(1500);
  expect(got.data).toEqual({ kind: 'comment', id, op: 'insert' });

  // Last-Event-ID goes through to the backend, which replays what came after it.
  s.close();
  const missed = await addComment();
  const resumed = viaProxy('commander', '?kinds=comment', { 'last-event-id': got.id as string });
  await resumed.waitFor((m) => m.data?.id === missed);
});

it('sends a viewer no incident kinds through the proxy, refuses the signed-out, and has no write', async () => {
  const viewer = viaProxy('viewer', '?kinds=comment,check');
  expect((await viewer.ready).status).toBe(200);
  await viewer.waitFor((m) => Boolean(m.comment?.startsWith('connected')));
  await addComment();
  await backend.db.query(
    `UPDATE checks SET description = description WHERE id = (SELECT id FROM checks LIMIT 1)`,
  );
  await viewer.waitFor((m) => m.data?.kind === 'check');
  expect(viewer.changes().some((c) => c.kind === 'comment')).toBe(false);

  expect((await fetch(`${proxy.url}/api/events`)).status).toBe(401);
  const post = await fetch(`${proxy.url}/api/events`, {
    method: 'POST',
    headers: { 'x-test-role': 'commander' },
  });
  expect(post.status).toBe(404);
  const bad = await fetch(`${proxy.url}/api/events?kinds=nope`, { headers: { 'x-test-role': 'commander' } });
  expect(bad.status).toBe(400);
  expect(await bad.json()).toMatchObject({ error: 'unknown event kind: nope' });
});
