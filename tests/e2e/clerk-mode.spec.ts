import type { BrowserContext, Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { CLERK_E2E, CLERK_E2E_ORGS, type ReceivedRequest } from '../clerk-server/e2e-env';
import { signedInCookies, signedOutCookies, type RecordedRequest } from '../clerk-server/server';

/**
 * Hosted mode (issue 24) end to end: the real @clerk/nextjs middleware and SDK, pointed at the Clerk stand-in with
 * Clerk's own settings (CLERK_API_URL, keys), and one embedded backend per organization in Clerk mode. The browser
 * holds the cookies a Clerk sign-in leaves; what clerk-js does through Clerk's Frontend API (sign in, switch
 * organization) is done by the stand-in's test API. clerk-js itself cannot load offline: requests to the Frontend
 * API are recorded and refused.
 */

type OrgKey = keyof typeof CLERK_E2E_ORGS;

// Offline, clerk-js never loads: Clerk's loader gives up after 15 s with this uncaught error, which is expected here.
test.use({ allowedPageErrors: [/code="failed_to_load_clerk_js"/] });

interface TestSession {
  sessionId: string;
  token: string;
  issuedAt: number;
}

async function control<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(
    `${CLERK_E2E.standInUrl}${path}`,
    body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) },
  );
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function setCookies(context: BrowserContext, cookies: Record<string, string>): Promise<void> {
  await context.addCookies(
    Object.entries(cookies).map(([name, value]) => ({
      name,
      value,
      url: CLERK_E2E.consoleUrl,
      sameSite: 'Lax' as const,
    })),
  );
}

/** Signs a person in at Clerk (the stand-in) and gives the browser the cookies a Clerk sign-in leaves. */
async function signIn(context: BrowserContext, userId: string, org: OrgKey | null): Promise<TestSession> {
  const session = await control<TestSession>('/__test/sessions', {
    userId,
    orgId: org ? CLERK_E2E_ORGS[org] : null,
  });
  await setCookies(context, signedInCookies(CLERK_E2E.publishableKey, session.token, session.issuedAt));
  return session;
}

/** The organization switcher's first step (clerk-js' setActive at Clerk): the session's active organization changes. */
async function activate(session: TestSession, org: OrgKey): Promise<string> {
  return (
    await control<{ token: string }>(`/__test/sessions/${session.sessionId}/organization`, {
      orgId: CLERK_E2E_ORGS[org],
    })
  ).token;
}

/** Then clerk-js stores the new session token and the browser lands on /organizations/orgs-switched. */
async function landAfterSwitch(page: Page, session: TestSession, token: string): Promise<void> {
  await setCookies(page.context(), signedInCookies(CLERK_E2E.publishableKey, token, session.issuedAt));
  await page.goto('/organizations/orgs-switched');
  await page.waitForURL((url) => url.pathname !== '/organizations/orgs-switched');
}

async function switchOrganization(page: Page, session: TestSession, org: OrgKey): Promise<void> {
  await landAfterSwitch(page, session, await activate(session, org));
}

const received = () => control<ReceivedRequest[]>('/__test/received');
const clerkRequests = () => control<RecordedRequest[]>('/__test/clerk-requests');

/** Requests to the instance's Frontend API (clerk-js and its API), refused so that no real Clerk is ever reached. */
async function refuseFrontendApi(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.route(
    /^https:\/\/([^/]+\.)?(ops-console\.test|clerk\.accounts\.dev|clerk\.com)\//,
    async (route) => {
      seen.push(route.request().url());
      await route.abort();
    },
  );
  return seen;
}

/**
 * Everything the console answers the browser, bodies and headers, for the address scan. A body still streaming
 * after a few seconds (a request cut by the next navigation) is counted as unread rather than waited for.
 */
function recordAnswers(
  page: Page,
): () => Promise<{ read: { url: string; text: string }[]; unread: string[] }> {
  const pending: Promise<{ url: string; text: string | undefined }>[] = [];
  page.on('response', (response: Response) => {
    if (!response.url().startsWith(CLERK_E2E.consoleUrl)) return;
    const headers = JSON.stringify(response.headers());
    const body =
      response.status() >= 300 && response.status() < 400
        ? Promise.resolve('')
        : response.text().catch(() => undefined);
    const unread = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5_000));
    pending.push(
      Promise.race([body, unread]).then((text) => ({
        url: response.url(),
        text: text === undefined ? undefined : `${headers}\n${text}`,
      })),
    );
  });
  return async () => {
    const all = await Promise.all(pending);
    return {
      read: all.flatMap(({ url, text }) => (text === undefined ? [] : [{ url, text }])),
      unread: all.filter(({ text }) => text === undefined).map(({ url }) => url),
    };
  };
}

const SERVER_ADDRESSES = [
  `127.0.0.1:${CLERK_E2E.standInPort}`,
  `127.0.0.1:${CLERK_E2E.backends.acme.port}`,
  `127.0.0.1:${CLERK_E2E.backends.bolt.port}`,
  '/backends/',
];

/** The page HTML as the server rendered it (the navigation's own answer). */
async function serverHtml(page: Page, path: string): Promise<string> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  return (await response?.text()) ?? '';
}

const names = (rows: { name: string }[]) => rows.map((r) => r.name);

/** /api answers fetched by the test itself (they are not page events), kept for the address scan. */
const apiAnswers: { url: string; text: string }[] = [];
async function apiJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  const text = await response.text();
  apiAnswers.push({ url: path, text: `${JSON.stringify(response.headers())}\n${text}` });
  expect(response.status(), path).toBe(200);
  return JSON.parse(text) as T;
}

let frontendApi: string[] = [];

test.beforeEach(async ({ context }) => {
  frontendApi = await refuseFrontendApi(context);
  await control('/__test/reset', {});
});

const clerkJsRequested = () => frontendApi.some((url) => /\/npm\/@clerk\/clerk-js@/.test(url));

test("a person of two organizations sees only the active one's data, switches, and each backend gets only its own organization's token", async ({
  page,
  context,
}) => {
  const answers = recordAnswers(page);
  const session = await signIn(context, CLERK_E2E.users.both, 'acme');

  // Organization A: its names in the server HTML, none of B's.
  const health = await serverHtml(page, '/health');
  expect(health).toMatch(/acme-[a-z]/);
  expect(health).not.toContain('bolt-');
  const topology = await serverHtml(page, '/topology');
  expect(topology).toContain('acme-shop');
  expect(topology).not.toContain('bolt-');
  const whoamiA = await apiJson<{ payload: { roles: string[] } }>(page, '/api/auth/whoami');
  // The `Backend` template of a direct organization carries the organization role (org_role: org:admin → admin).
  expect(whoamiA.payload.roles).toContain('admin');

  const inA = await received();
  expect(inA.length).toBeGreaterThan(0);
  expect(inA.filter((r) => r.backend !== 'acme' || r.orgId !== CLERK_E2E_ORGS.acme)).toEqual([]);
  expect(inA.filter((r) => r.cookie)).toEqual([]);
  const sdkInA = (await clerkRequests()).map((r) => `${r.method} ${r.path}`);
  expect(sdkInA).toContain(`GET /v1/organizations/${CLERK_E2E_ORGS.acme}`);
  expect(sdkInA).toContain(`POST /v1/sessions/${session.sessionId}/tokens/Backend`);

  // Switch to B. Between Clerk's switch and the browser's new cookie, a request still carries A's session token:
  // Clerk would now mint the Backend template for B, which must not go to A's backend.
  await control('/__test/reset', {});
  const tokenB = await activate(session, 'bolt');
  const stale = await page.request.get('/api/db/checks?select=name&limit=1');
  expect(stale.status()).toBe(409);
  expect((await received()).filter((r) => r.orgId !== CLERK_E2E_ORGS.acme || r.backend !== 'acme')).toEqual(
    [],
  );
  // Then through /organizations/orgs-switched, which lands on /topology; from here on only B's cookie exists.
  await landAfterSwitch(page, session, tokenB);
  await expect(page).toHaveURL(/\/topology$/);
  await control('/__test/reset', {});
  await expect(page.getByText('bolt-shop').first()).toBeVisible();
  await expect(page.getByText('acme-shop')).toHaveCount(0);
  const healthB = await serverHtml(page, '/health');
  expect(healthB).toMatch(/bolt-[a-z]/);
  expect(healthB).not.toContain('acme-');
  const topologyB = await serverHtml(page, '/topology');
  expect(topologyB).toContain('bolt-shop');
  expect(topologyB).not.toContain('acme-');

  // Through /api too: B's rows only, and B's role (org:member → viewer).
  const checks = await apiJson<{ name: string }[]>(page, '/api/db/checks?select=name&limit=100');
  expect(checks.length).toBeGreaterThan(0);
  expect(names(checks).every((n) => n.startsWith('bolt-'))).toBe(true);
  const topologies = await apiJson<{ name: string }[]>(page, '/api/db/topologies?select=name');
  expect(names(topologies)).toContain('bolt-shop');
  expect(names(topologies).every((n) => n.startsWith('bolt-'))).toBe(true);
  const whoamiB = await apiJson<{ payload: { roles: string[] } }>(page, '/api/auth/whoami');
  expect(whoamiB.payload.roles).toContain('viewer');
  expect(whoamiB.payload.roles).not.toContain('admin');

  // The proxy sent B's token to B's backend only; A's backend saw nothing after the switch.
  const inB = await received();
  expect(inB.length).toBeGreaterThan(0);
  expect(
    inB.filter(
      (r) => r.backend !== 'bolt' || r.orgId !== CLERK_E2E_ORGS.bolt || r.userId !== CLERK_E2E.users.both,
    ),
  ).toEqual([]);
  // B is not direct: the console sends the session token and never asks for the Backend template.
  expect((await clerkRequests()).filter((r) => r.path.includes('/tokens/'))).toEqual([]);

  // No backend or Clerk API address reached the browser: pages, scripts, RSC payloads, /api answers, headers.
  const { read, unread } = await answers();
  expect(read.length).toBeGreaterThan(20);
  expect(read.some(({ url }) => url.includes('/_next/static/'))).toBe(true);
  expect(apiAnswers.length).toBeGreaterThan(3);
  const leaks = [...read, ...apiAnswers].flatMap(({ url, text }) =>
    SERVER_ADDRESSES.filter((a) => text.includes(a)).map((a) => `${url}: ${a}`),
  );
  expect(leaks).toEqual([]);
  test.info().annotations.push({
    type: 'scanned',
    description: `${read.length} answers scanned, ${unread.length} cut by navigation`,
  });
});

test('organizations without a usable backend: provisioning for no backend_url and whoami 500, the error page for whoami 401, and a bad direct flag', async ({
  page,
  context,
}) => {
  const session = await signIn(context, CLERK_E2E.users.both, 'pending');
  await page.goto('/health');
  await expect(page.getByText('Please wait, instance provisioning in-progress ...')).toBeVisible();
  await expect(page).toHaveURL(/\/health$/);

  await switchOrganization(page, session, 'broken');
  await expect(page.getByText('Please wait, instance provisioning in-progress ...')).toBeVisible();
  expect((await received()).filter((r) => r.backend === 'broken').map((r) => r.path)).toContain(
    '/auth/whoami',
  );

  // Its backend_url is acme's backend, which serves another organization: whoami answers 401.
  await switchOrganization(page, session, 'stray');
  await expect(page.getByRole('heading', { name: 'An error occurred' })).toBeVisible();
  await expect(page.getByText('Please wait, instance provisioning in-progress ...')).toHaveCount(0);
  expect((await received()).filter((r) => r.orgId === CLERK_E2E_ORGS.stray).map((r) => r.backend)).toContain(
    'acme',
  );

  await switchOrganization(page, session, 'badflag');
  await expect(page.getByText('Invalid boolean value')).toBeVisible();
  // Through /api the same states answer as JSON errors, never a backend's data.
  const api = await page.request.get('/api/db/checks?select=name&limit=1');
  expect(api.status()).toBe(503);
  expect(await api.json()).toEqual({ error: 'Invalid boolean value' });
});

test('a person with no organization is sent to the organization selection', async ({ page, context }) => {
  await signIn(context, CLERK_E2E.users.none, null);
  await page.goto('/health');
  await expect(page).toHaveURL(/\/organizations\?return_to=%2Fhealth$/);
  await expect(page.getByRole('heading', { name: 'Select an organization' })).toBeVisible();
  const api = await page.request.get('/api/db/checks?select=name&limit=1');
  expect(api.status()).toBe(403);
});

test("users are managed in the organization's settings: /settings/users links there and the sidebar has no Users entry", async ({
  page,
  context,
}) => {
  const session = await signIn(context, CLERK_E2E.users.both, 'acme');
  const response = await page.goto('/settings/users');
  expect(response?.status()).toBe(200);
  await expect(
    page.getByRole('heading', { name: "Users are managed in your organization's settings" }),
  ).toBeVisible();
  // The instance's Account Portal (clerk.ops-console.test → accounts.ops-console.test), as Clerk derives it.
  await expect(page.getByRole('link', { name: "Open the organization's settings" })).toHaveAttribute(
    'href',
    'https://accounts.ops-console.test/organization',
  );
  await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }),
  ).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connections' }),
  ).toBeVisible();
  // A member (viewer in B) may not read identities: Unauthorized, as in the other modes.
  await switchOrganization(page, session, 'bolt');
  expect((await page.goto('/settings/users'))?.status()).toBe(403);
});

test("signed out: console routes go to /login, which loads Clerk; /registration is Clerk's sign-up", async ({
  page,
  context,
}) => {
  await setCookies(context, signedOutCookies(CLERK_E2E.publishableKey));
  await page.goto('/topology');
  await expect(page).toHaveURL(/\/login\?.*return_to=%2Ftopology/);
  await expect.poll(clerkJsRequested, { timeout: 20_000 }).toBe(true);
  expect((await page.request.get('/api/db/checks?select=name&limit=1')).status()).toBe(401);
  frontendApi.length = 0;

  const response = await page.goto('/registration');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^Create account/);
  // Clerk's SignUp mounts only once clerk-js has loaded from the instance's Frontend API, which is unreachable here:
  // what can be shown offline is that the page asks for it.
  await expect.poll(clerkJsRequested, { timeout: 20_000 }).toBe(true);
  await page.waitForLoadState('networkidle');
});

test("a token of organization A replayed straight against B's backend gets 401", async () => {
  const session = await control<TestSession>('/__test/sessions', {
    userId: CLERK_E2E.users.both,
    orgId: CLERK_E2E_ORGS.acme,
  });
  const { token: template } = await control<{ token: string }>(
    `/__test/sessions/${session.sessionId}/backend-token`,
    {},
  );
  const whoami = (port: number, token: string) =>
    fetch(`http://127.0.0.1:${port}/auth/whoami`, { headers: { authorization: `Bearer ${token}` } }).then(
      (r) => r.status,
    );
  expect(await whoami(CLERK_E2E.backends.acme.port, template)).toBe(200);
  expect(await whoami(CLERK_E2E.backends.acme.port, session.token)).toBe(200);
  expect(await whoami(CLERK_E2E.backends.bolt.port, template)).toBe(401);
  expect(await whoami(CLERK_E2E.backends.bolt.port, session.token)).toBe(401);
  const cookie = await fetch(`http://127.0.0.1:${CLERK_E2E.backends.bolt.port}/db/checks?select=name`, {
    headers: { cookie: `__session=${session.token}` },
  });
  expect(cookie.status).toBe(401);
});
