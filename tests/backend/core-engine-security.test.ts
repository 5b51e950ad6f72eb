import { createHash } from 'node:crypto';
import { parse } from 'yaml';
import { signBackendToken } from '@/lib/embedded-backend/token';
import {
  basic,
  coreEngines,
  startCoreBackend,
  TEST_AUTH_SECRET,
  type CoreBackend,
} from './helpers/core-backend';

/**
 * Issue 13, the engine's half, over real HTTP on both engines: a statement timeout that cuts long queries (4), the
 * server answering while a long statement runs (4), revocable long-lived tokens (5) and sign-in backoff (13).
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A /db read that scans every check status with regular expressions: about a second of work on either engine. Ten is
 * the most a request may carry (CAPS.regexTerms).
 */
function slowDbPath(salt: string): string {
  const or = Array.from(
    { length: 10 },
    (_, i) => `message.imatch.${String.fromCharCode(97 + (i % 26))}.*q.*z.*${i}-${salt}`,
  ).join(',');
  return `/db/check_statuses?select=check_id&or=(${encodeURIComponent(or)})&limit=1`;
}

describe.each(coreEngines())('engine, tokens and sign-in throttling on %s', (engine) => {
  let backend: CoreBackend;
  const admin = { authorization: basic('admin') };

  const whoami = (token: string) =>
    fetch(`${backend.url}/auth/whoami`, { headers: { authorization: `Bearer ${token}` } });
  const login = (username: string, password: string) =>
    fetch(`${backend.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });

  beforeAll(async () => {
    backend = await startCoreBackend(engine);
  });

  afterAll(async () => {
    await backend?.dispose();
  });

  describe('statement timeout', () => {
    it('cuts a long /db query and answers 504 in the PostgREST shape; the next request is served', async () => {
      backend.db.setStatementTimeout(300);
      try {
        const started = performance.now();
        const response = await fetch(`${backend.url}${slowDbPath('timeout')}`, {
          headers: { ...admin, prefer: 'count=exact' },
        });
        const elapsed = performance.now() - started;
        expect(response.status).toBe(504);
        expect(await response.json()).toMatchObject({
          code: '57014',
          message: expect.stringMatching(/took too long/),
        });
        // Cut near the limit, not after the seconds the query needs (generous for a busy machine).
        expect(elapsed).toBeLessThan(4000);
      } finally {
        backend.db.setStatementTimeout(5000);
      }
      const next = await fetch(`${backend.url}/db/people?select=id&limit=1`, { headers: admin });
      expect(next.status).toBe(200);
      expect(((await next.json()) as unknown[]).length).toBe(1);
    });

    it('cuts a long statement on the engine itself with SQLSTATE 57014 and keeps the data', async () => {
      await backend.db.query(`INSERT INTO properties (name, value) VALUES ('test.timeout', 'kept')`);
      backend.db.setStatementTimeout(300);
      try {
        await expect(backend.db.query('SELECT pg_sleep(3)')).rejects.toMatchObject({ code: '57014' });
        // A transaction cut in the middle leaves nothing behind.
        await expect(
          backend.db.transaction(async (tx) => {
            await tx.query(`UPDATE properties SET value = 'lost' WHERE name = 'test.timeout'`);
            await tx.query('SELECT pg_sleep(3)');
          }),
        ).rejects.toMatchObject({ code: '57014' });
      } finally {
        backend.db.setStatementTimeout(5000);
      }
      const kept = await backend.db.query<{ value: string }>(
        `SELECT value FROM properties WHERE name = 'test.timeout'`,
      );
      expect(kept.rows).toEqual([{ value: 'kept' }]);
      await backend.db.query(`DELETE FROM properties WHERE name = 'test.timeout'`);
    });
  });

  describe('a long statement does not hold up the server', () => {
    it('answers /health while a long statement is still running', async () => {
      let finished = false;
      const slow = backend.db.query('SELECT pg_sleep(2)').finally(() => {
        finished = true;
      });
      await sleep(200);
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const response = await fetch(`${backend.url}/health`);
        expect(response.status).toBe(200);
        await response.text();
        times.push(performance.now() - started);
        // The point: the answer came while the statement still ran (PGlite used to block the event loop).
        expect(finished).toBe(false);
      }
      await slow;
      expect(Math.max(...times)).toBeLessThan(1000);
    });

    it('tells since when a statement holds the one PGlite connection, so a server render can stop waiting behind it', async () => {
      // The backend's own start-up work may still hold it for a moment.
      for (let i = 0; i < 40 && backend.db.heldSince?.() !== undefined; i++) await sleep(50);
      expect(backend.db.heldSince?.()).toBeUndefined();
      const before = performance.now();
      const slow = backend.db.query('SELECT pg_sleep(0.5)');
      await sleep(150);
      const held = backend.db.heldSince?.();
      if (backend.db.kind === 'pglite') {
        expect(held).toBeGreaterThanOrEqual(before);
        expect(held).toBeLessThanOrEqual(performance.now() - 100);
      } else {
        // A pool: other requests are not queued behind it.
        expect(held).toBeUndefined();
      }
      await slow;
      expect(backend.db.heldSince?.()).toBeUndefined();
    });

    it('answers /health while a long /db request is still running', async () => {
      let finished = false;
      const slow = fetch(`${backend.url}${slowDbPath('health')}`, { headers: admin })
        .then((r) => r.arrayBuffer())
        .finally(() => {
          finished = true;
        });
      // Long enough for the request to reach the engine; short, as PostgreSQL runs the regexes in a few 100 ms.
      await sleep(50);
      const response = await fetch(`${backend.url}/health`);
      expect(response.status).toBe(200);
      expect(finished).toBe(false);
      await slow;
    });
  });

  describe('long-lived tokens', () => {
    const kubeconfigToken = async (): Promise<string> => {
      const response = await fetch(`${backend.url}/kubeconfig`, { headers: admin });
      expect(response.status).toBe(200);
      const doc = parse(await response.text()) as { users: { user: { token: string } }[] };
      return doc.users[0]?.user.token ?? '';
    };

    it('a kubeconfig token works until its access_tokens row is deleted; the next request is 401', async () => {
      const token = await kubeconfigToken();
      expect((await whoami(token)).status).toBe(200);
      // A second use is served as well (whatever caching the check has, it must not outlive the row).
      expect((await whoami(token)).status).toBe(200);
      const deleted = await backend.db.query('DELETE FROM access_tokens WHERE value = $1', [sha256(token)]);
      expect(deleted.affectedRows).toBe(1);
      const after = await whoami(token);
      expect(after.status).toBe(401);
      expect(await after.text()).toBe('Unauthorized');
    });

    it('ends a token when its row expires', async () => {
      const token = await kubeconfigToken();
      expect((await whoami(token)).status).toBe(200);
      await backend.db.query(
        `UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE value = $1`,
        [sha256(token)],
      );
      expect((await whoami(token)).status).toBe(401);
    });

    it('an agent token is revoked the same way', async () => {
      const response = await fetch(`${backend.url}/agent/generate`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `revocable-${engine}` }),
      });
      expect(response.status).toBe(201);
      const { access_token: token } = (await response.json()) as { access_token: string };
      expect((await whoami(token)).status).toBe(200);
      await backend.db.query('DELETE FROM access_tokens WHERE value = $1', [sha256(token)]);
      expect((await whoami(token)).status).toBe(401);
    });

    it('refuses a validly signed long-lived token that was never recorded, but keeps 24 h sign-in tokens stateless', async () => {
      const people = await backend.db.query<{ id: string }>(`SELECT id FROM people WHERE name = 'Admin'`);
      const sub = people.rows[0]?.id ?? '';
      expect(
        (await whoami(signBackendToken({ sub, ttlSeconds: 365 * 24 * 3600 }, TEST_AUTH_SECRET))).status,
      ).toBe(401);
      expect((await whoami(signBackendToken({ sub, ttlSeconds: 24 * 3600 }, TEST_AUTH_SECRET))).status).toBe(
        200,
      );
      const signedIn = await login('admin', 'demo');
      expect(signedIn.status).toBe(200);
      const { payload } = (await signedIn.json()) as { payload: { token: string } };
      expect((await whoami(payload.token)).status).toBe(200);
    });
  });

  // The address test locks 127.0.0.1 for this backend, so it comes last.
  describe('sign-in throttling', () => {
    it('never throttles successes, also not twenty parallel requests with the same Basic credentials', async () => {
      for (let i = 0; i < 25; i++)
        expect((await login(i % 2 ? 'editor' : 'editor@demo.local', 'demo')).status).toBe(200);
      const parallel = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${backend.url}/auth/whoami`, { headers: { authorization: basic('editor') } }).then(
            (r) => r.status,
          ),
        ),
      );
      expect(parallel).toEqual(Array.from({ length: 20 }, () => 200));
    });

    it('answers 429 with the message and Retry-After after repeated failures; the right password after the wait signs in and resets', async () => {
      for (let i = 0; i < 5; i++) {
        const failed = await login(i % 2 ? 'viewer' : 'VIEWER@demo.local', 'wrong');
        expect(failed.status).toBe(401);
      }
      // Locked: even the right password is not tried.
      const refused = await login('viewer', 'demo');
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toEqual({
        error: expect.stringMatching(/^Too many attempts, try again in \d+ seconds?$/),
      });
      await sleep(retryAfter * 1000 + 100);
      expect((await login('viewer', 'demo')).status).toBe(200);
      // The success reset the account: one more failure is a plain 401 again.
      expect((await login('viewer', 'wrong')).status).toBe(401);
      expect((await login('viewer', 'demo')).status).toBe(200);
    });

    it('counts HTTP Basic failures on the same account and refuses with 429', async () => {
      for (let i = 0; i < 5; i++) {
        const failed = await fetch(`${backend.url}/auth/whoami`, {
          headers: { authorization: basic('responder', `nope-${i}`) },
        });
        expect(failed.status).toBe(401);
      }
      const refused = await fetch(`${backend.url}/auth/login`, {
        method: 'POST',
        headers: { authorization: basic('responder') },
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      const basicRefused = await fetch(`${backend.url}/auth/whoami`, {
        headers: { authorization: basic('responder', 'still-wrong') },
      });
      expect(basicRefused.status).toBe(429);
    });

    it('gives a burst of parallel guesses only the free attempts', async () => {
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login('commander', `guess-${i}`).then((r) => r.status)),
      );
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    });

    it('locks an address that fails across many accounts', async () => {
      let refused: Response | undefined;
      for (let i = 0; i < 40 && !refused; i++) {
        const response = await login(`nobody-${i}`, 'wrong');
        if (response.status === 429) refused = response;
        else expect(response.status).toBe(401);
      }
      expect(refused?.status).toBe(429);
      // guest has never failed, yet from this address it has to wait too.
      const guest = await login('guest', 'demo');
      expect(guest.status).toBe(429);
      expect(await guest.json()).toEqual({
        error: expect.stringMatching(/^Too many attempts, try again in \d+ seconds?$/),
      });
    });
  });
});
