import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { axeViolations, expect, signIn, test } from './fixtures';
import { STANDALONE_E2E } from './standalone-env';

/**
 * Smoke test of the production entry point: `npm run start:standalone` (node .next/standalone/server.js, what the
 * container image runs) as a preview deployment. It proves file tracing carried everything the server loads at
 * run time (PGlite's engine, and whatever runs the database: a /db read goes through it), and that the preview
 * banner, X-Robots-Tag and the security headers are in place.
 */

const run = promisify(execFile);

/**
 * Headers every response carries (lib/server/security-headers.ts), plus noindex because this server is a preview. Pages
 * have a nonce CSP; /api answers are data and have `default-src 'none'` (API_CONTENT_SECURITY_POLICY).
 */
function expectSecurityHeaders(headers: Record<string, string>, kind: 'page' | 'api' = 'page') {
  expect(headers['content-security-policy']).toMatch(
    kind === 'page' ? /script-src 'self' 'nonce-[^']+' 'strict-dynamic'/ : /^default-src 'none'/,
  );
  expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-robots-tag']).toBe('noindex, nofollow');
}

test.describe('standalone server (preview deployment)', () => {
  test('the image health probe passes for liveness and readiness', async () => {
    // The Dockerfile's HEALTHCHECK runs this same file next to server.js.
    const env = { ...process.env, PORT: String(STANDALONE_E2E.port) };
    await run(process.execPath, ['.next/standalone/healthcheck.mjs'], { env });
    await run(process.execPath, ['.next/standalone/healthcheck.mjs', '--ready'], { env });
  });

  test('the sign-in page carries the preview banner, security headers and noindex, without axe violations', async ({
    page,
  }) => {
    const response = await page.goto('/login');
    expect(response?.status()).toBe(200);
    expectSecurityHeaders(response!.headers());
    const banner = page.getByRole('region', { name: 'Preview deployment' });
    await expect(banner).toContainText(
      `Preview ${STANDALONE_E2E.previewLabel} · commit ${STANDALONE_E2E.previewCommit.slice(0, 7)}`,
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  test('signs in, /health renders the demo checks from the server, and /api reads /db with the session', async ({
    page,
    request,
  }) => {
    await signIn(page, 'admin', '/health');
    await expect(page).toHaveURL(/\/health$/);
    await expect(page.getByRole('region', { name: 'Preview deployment' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Health checks' })).toBeVisible();
    expect(await page.getByRole('table', { name: 'Health checks' }).getByRole('row').count()).toBeGreaterThan(
      5,
    );

    const api = await page.request.get('/api/db/checks?select=id,name&order=name.asc&limit=3', {
      headers: { Prefer: 'count=exact' },
    });
    // A partial range of a counted list is PostgREST's 206.
    expect(api.status()).toBe(206);
    expectSecurityHeaders(api.headers(), 'api');
    const rows = (await api.json()) as { id: string; name: string }[];
    expect(rows).toHaveLength(3);
    expect(api.headers()['content-range']).toMatch(/^0-2\/\d+$/);

    const anonymous = await request.get('/api/db/checks?limit=1');
    expect(anonymous.status()).toBe(401);
    expect(anonymous.headers()['x-robots-tag']).toBe('noindex, nofollow');
  });
});
