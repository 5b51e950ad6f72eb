import { connect } from 'node:net';
import { expect, test, signIn } from './fixtures';
import { HOSTILE_RETURN_TO } from '../unit/auth/hostile-return-to';
import { CONSOLE_E2E } from './console-env';
import { expectReturnToStaysOnOrigin } from './helpers';

/**
 * Issue 13 against the real `next start` (basic mode, embedded backend): what only the running server shows —
 * Next's own request handling before and around our code. Mostly raw HTTP; the browser only where the user sees it.
 */

const API_HEADERS = {
  'content-security-policy': `default-src 'none'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

interface Raw {
  status: number;
  head: string;
  body: string;
  closed: boolean;
  ms: number;
}

/** One raw HTTP/1.1 exchange (fetch would normalise the target or refuse the request). */
function raw(
  baseURL: string,
  text: string | ((write: (data: string | Buffer) => boolean) => void),
  waitMs = 8_000,
): Promise<Raw> {
  const { hostname, port } = new URL(baseURL);
  const started = Date.now();
  return new Promise((resolve) => {
    let data = Buffer.alloc(0);
    let finished = false;
    const finish = (closed: boolean) => {
      if (finished) return;
      finished = true;
      const textData = data.toString('latin1');
      const [head = '', ...rest] = textData.split('\r\n\r\n');
      resolve({
        status: Number(head.split(' ')[1] ?? 0),
        head: head.toLowerCase(),
        body: rest.join('\r\n\r\n'),
        closed,
        ms: Date.now() - started,
      });
    };
    const socket = connect(Number(port), hostname, () => {
      if (typeof text === 'string') socket.write(text);
      else text((chunk) => socket.write(chunk));
    });
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
    });
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    setTimeout(() => {
      finish(false);
      socket.destroy();
    }, waitMs).unref();
  });
}

/** The session cookie of a demo person, through next-auth's own endpoints (no browser). */
async function sessionCookie(
  baseURL: string,
  username: string,
  password = 'demo',
): Promise<{ cookie: string; location: string }> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const csrf = await fetch(`${baseURL}/api/session/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const header = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(`${baseURL}/api/session/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: header },
    body: new URLSearchParams({ csrfToken, username, password, callbackUrl: '/health' }).toString(),
  });
  keep(response);
  const value = cookies.get('authjs.session-token');
  return {
    cookie: value ? `authjs.session-token=${value}` : '',
    location: response.headers.get('location') ?? '',
  };
}

test.describe('the /api path of next start', () => {
  let admin = '';
  test.beforeAll(async ({ baseURL }) => {
    admin = (await sessionCookie(baseURL!, 'admin')).cookie;
    expect(admin).not.toBe('');
  });

  test('malformed targets answer a 4xx JSON error with the security headers, never a bare 500 (§12)', async ({
    baseURL,
  }) => {
    for (const target of [
      '*',
      '/api/db/%ff',
      '/%ff',
      '/health%ff',
      '/api/db/checks%c0%af',
      '/api/db/..%2fauth/login',
      '/api/db/%2e%2e/x',
    ]) {
      const response = await raw(
        baseURL!,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${admin}\r\nConnection: close\r\n\r\n`,
      );
      expect({ target, status: response.status }).toEqual({ target, status: 400 });
      expect(JSON.parse(response.body).error).toMatch(/^Invalid request path: /);
      expect(response.head).toContain(`x-content-type-options: nosniff`);
      expect(response.head).toContain(`x-frame-options: deny`);
    }
  });

  test('a percent-encoded table name is gated as the table it names (§2)', async ({ baseURL, request }) => {
    const editor = (await sessionCookie(baseURL!, 'editor')).cookie;
    for (const path of [
      '/api/db/connections',
      '/api/db/conn%65ctions',
      '/api/db/%63onnections?select=name,password',
    ]) {
      const response = await request.get(path, { headers: { cookie: editor } });
      expect({ path, status: response.status() }).toEqual({ path, status: 403 });
    }
  });

  test('the backend login is not reachable through the console (§5)', async ({ request }) => {
    for (const path of ['/api/auth/login', '/api/auth/log%69n']) {
      const response = await request.post(path, {
        data: { username: 'admin', password: 'demo' },
        headers: { cookie: admin },
      });
      expect({ path, status: response.status() }).toEqual({ path, status: 404 });
      expect(await response.text()).not.toContain('token');
    }
  });

  test('cross-site writes get 403, same-origin ones pass, text/plain is never parsed as JSON (§7)', async ({
    request,
    baseURL,
  }) => {
    const body = { check_id: 'x' };
    const crossSite = await request.post('/api/db/comments', {
      data: body,
      headers: { cookie: admin, origin: 'https://evil.example' },
    });
    expect(crossSite.status()).toBe(403);
    const crossSiteFetch = await request.delete(
      '/api/db/comments?id=eq.00000000-0000-0000-0000-000000000000',
      { headers: { cookie: admin, 'sec-fetch-site': 'cross-site' } },
    );
    expect(crossSiteFetch.status()).toBe(403);
    const plain = await request.post('/api/db/comments', {
      data: JSON.stringify(body),
      headers: { cookie: admin, origin: baseURL!, 'content-type': 'text/plain' },
    });
    expect(plain.status()).toBe(415);
    const sameOrigin = await request.get('/api/db/checks?select=id&limit=1', {
      headers: { cookie: admin, origin: baseURL! },
    });
    expect(sameOrigin.status()).toBe(200);
  });

  test('a chunked body over the limit answers 413, not a truncated request (§11)', async ({ baseURL }) => {
    const total = 11 * 1024 * 1024;
    const response = await raw(
      baseURL!,
      (write) => {
        write(
          `POST /api/db/comments HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${admin}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
        );
        const chunk = Buffer.alloc(256 * 1024, 0x20);
        for (let sent = 0; sent < total; sent += chunk.length) {
          write(`${chunk.length.toString(16)}\r\n`);
          write(chunk);
          write('\r\n');
        }
        write('0\r\n\r\n');
      },
      30_000,
    );
    expect(response.status).toBe(413);
    // The answer is chunked: its one data chunk is the JSON error.
    expect(response.body).toContain('{"error":"Request body is too large"}');
  });

  test('an anonymous request is refused before its body is read (§11)', async ({ baseURL }) => {
    const response = await raw(
      baseURL!,
      `POST /api/db/comments HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{"comment":`,
    );
    expect(response.status).toBe(401);
    expect(response.closed).toBe(true);
    expect(response.ms).toBeLessThan(5_000);
  });

  test('answers carrying user data are no-store, with the API headers (§14)', async ({ request }) => {
    for (const path of [
      '/api/auth/whoami',
      '/api/db/checks?select=id&limit=1',
      '/api/kubeconfig',
      '/api/db/no_such_table',
      '/api/health',
    ]) {
      const response = await request.get(path, { headers: { cookie: admin } });
      for (const [name, value] of Object.entries(API_HEADERS))
        expect({ path, name, value: response.headers()[name] }).toEqual({ path, name, value });
    }
  });
});

test.describe('sign-in and sign-out', () => {
  test('return_to: none of the hostile values leaves the origin at the auth-state-checker, /login and /logout (§3)', async ({
    baseURL,
    request,
  }) => {
    const { cookie } = await sessionCookie(baseURL!, 'viewer');
    for (const value of HOSTILE_RETURN_TO) {
      for (const [route, withCookie] of [
        ['/auth-state-checker', true],
        ['/auth-state-checker', false],
        ['/login', true],
      ] as const) {
        await expectReturnToStaysOnOrigin(request, baseURL!, route, value, withCookie ? { cookie } : {});
      }
    }
  });

  test('a saved session cookie stops working after sign-out (§9)', async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    await signIn(page, 'commander');
    const saved = (await context.cookies()).filter((c) => c.name.startsWith('authjs.session-token'));
    expect(saved.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'User menu for Commander' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login(\?|$)/);

    // Somebody who copied the cookie before: another browser with exactly that cookie.
    const other = await browser.newContext({ baseURL });
    try {
      await other.addCookies(saved);
      const api = await other.request.get('/api/auth/whoami');
      expect(api.status()).toBe(401);
      const page2 = await other.newPage();
      await page2.goto('/topology');
      await expect(page2).toHaveURL(/\/login\?return_to=%2Ftopology/);
    } finally {
      await other.close();
    }
  });

  test("repeated wrong passwords show 'Too many attempts, try again in N seconds' on the login page (§13)", async ({
    page,
  }) => {
    // An account of its own, so no other test meets its backoff; failures from this address stay far below 20.
    const username = `throttle-probe-${Date.now()}`;
    await page.goto('/login');
    for (let attempt = 1; attempt <= 6; attempt++) {
      await page.getByLabel('Username or email').fill(username);
      await page.getByLabel('Password').fill('wrong password');
      await Promise.all([
        page.waitForResponse(
          (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/login',
        ),
        page.getByRole('button', { name: 'Sign in' }).click(),
      ]);
      const expected =
        attempt <= 5 ? 'Invalid username or password' : /Too many attempts, try again in \d+ seconds/;
      await expect(page.getByRole('alert').filter({ hasText: expected })).toBeVisible();
      // The form clears the password once it has shown the answer; typing before that lost the next password, and
      // the alert of the previous attempt already matched (CI rehearsal, 2026-12-06).
      await expect(page.getByLabel('Password')).toHaveValue('');
    }
  });
});

test.describe('one slow query does not stall the pages (§4)', () => {
  test.use({ role: 'admin' });

  test('while a hostile read holds the database, /health answers at once with its loading state and lists the checks when the engine is free', async ({
    page,
  }) => {
    // Ten regular expressions (the most one request may carry, issue 31) over every check status: about a second of
    // work on PGlite, cut by the 5 s statement timeout if it ran longer.
    const or = Array.from(
      { length: 10 },
      (_, i) => `message.imatch.${String.fromCharCode(97 + (i % 26))}.*q.*z.*${i}-e2e-${Date.now()}`,
    ).join(',');
    // Warm: the first render of a fresh server loads its code; the point is the wait for the database.
    await page.goto('/health');
    await expect(page.getByRole('table', { name: 'Health checks' })).toBeVisible();
    const hostile = page.request.get(
      `/api/db/check_statuses?select=check_id&or=(${encodeURIComponent(or)})&limit=1`,
      { timeout: 30_000 },
    );
    await page.waitForTimeout(400);
    const started = Date.now();
    const html = await page.request.get('/health?query=');
    await html.text();
    const tookMs = Date.now() - started;
    expect(html.status()).toBe(200);
    // PGlite's one connection is busy for seconds: the server render does not wait for it (under 200 ms on an idle
    // machine, `npm run bench:backend`; CI is loaded).
    expect(tookMs).toBeLessThan(1_500);
    const response = await page.goto('/health');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Health' }).first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Health checks' })).toBeVisible({ timeout: 20_000 });
    // The rows arrive once the engine is free (the browser fetches what the server render did not wait for).
    await expect(page.getByRole('table', { name: 'Health checks' }).getByRole('row').nth(1)).toBeVisible({
      timeout: 20_000,
    });
    expect([504, 200]).toContain((await hostile).status());
  });
});

test("metrics answer on their own loopback port and never through the console's (issue 36)", async ({
  request,
}) => {
  const metrics = await request.get(`http://127.0.0.1:${CONSOLE_E2E.metricsPort}/metrics`);
  expect(metrics.status()).toBe(200);
  const series = await metrics.text();
  for (const name of ['console_http_requests_total', 'console_sign_ins_total', 'nodejs_heap_size_used_bytes'])
    expect(series).toContain(`# HELP ${name}`);
  for (const path of ['/metrics', '/api/metrics']) {
    const answer = await request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).not.toBe(200);
    expect(await answer.text(), path).not.toContain('# HELP console_');
  }
});
