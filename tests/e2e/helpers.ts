import type { APIRequestContext, Page } from '@playwright/test';
import { staysOnOrigin } from '../unit/auth/hostile-return-to';
import { expect } from './fixtures';

/** A name no earlier run used (the e2e servers share one database): the prefix, the time and a random tail. */
export const unique = (prefix: string, separator = '-') =>
  `${prefix}${separator}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The first check of the health summary as the signed-in role reads it (the demo data always has checks). */
export async function firstCheck(page: Page): Promise<{ id: string; name: string }> {
  const response = await page.request.get('/api/canary/api/summary');
  expect(response.status()).toBe(200);
  const checks =
    ((await response.json()) as { checks_summary?: { id: string; name: string }[] }).checks_summary ?? [];
  expect(checks.length).toBeGreaterThan(0);
  return checks[0]!;
}

/** Starts a playbook run through the API as the signed-in role; the run's id. */
export async function startRun(request: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  const response = await request.post('/api/playbook/run', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { run_id: string }).run_id;
}

/** A run of 'restart-deployment' on the first deployment by name: a new row on top of /playbooks/runs. */
export async function startRestartRun(request: APIRequestContext, reason: string): Promise<string> {
  const [playbook] = (await (
    await request.get('/api/db/playbooks?select=id&name=eq.restart-deployment')
  ).json()) as { id: string }[];
  const [deployment] = (await (
    await request.get(
      '/api/db/config_items?select=id&type=eq.Kubernetes::Deployment&deleted_at=is.null&order=name&limit=1',
    )
  ).json()) as { id: string }[];
  expect(playbook && deployment).toBeTruthy();
  return startRun(request, {
    id: playbook!.id,
    config_id: deployment!.id,
    params: { reason, replicas: '3', wait: 'true' },
  });
}

/**
 * Asks `route` with `value` as return_to (no redirect followed) and expects the Location it answers to stay on
 * `origin`; a failure names the route, the value and where it led.
 */
export async function expectReturnToStaysOnOrigin(
  request: APIRequestContext,
  origin: string,
  route: string,
  value: string,
  headers: Record<string, string> = {},
): Promise<void> {
  const response = await request.get(`${route}?return_to=${encodeURIComponent(value)}`, {
    maxRedirects: 0,
    headers,
  });
  const location = response.headers().location ?? '';
  expect({ route, value, location, ok: staysOnOrigin(location, origin) }).toEqual({
    route,
    value,
    location,
    ok: true,
  });
}

/**
 * Holds the page's requests to `url` (those `when` picks) until the returned function is called: the page's scripts
 * to act before hydration, a list's answer to look at it while it loads.
 */
export async function holdRequests(page: Page, url: string, when: (request: URL) => boolean = () => true) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (when(new URL(route.request().url()))) await released;
    await route.continue();
  });
  return release;
}

/** The page's scripts (its styles live there too, as .css, and are left alone: they hold the first paint). */
export const SCRIPTS = '**/_next/static/chunks/**/*.js';

/** An open incident, and a way to comment on it as whoever `request` is signed in as (the live tests' writes). */
export async function openIncidentCommenter(request: APIRequestContext) {
  const incidents = await request.get('/api/db/incidents?select=id&status=eq.open&order=created_at&limit=1');
  expect(incidents.status()).toBe(200);
  const [incident] = (await incidents.json()) as { id: string }[];
  expect(incident).toBeDefined();
  const whoami = (await (await request.get('/api/auth/whoami')).json()) as {
    payload: { user: { id: string } };
  };
  return {
    incidentId: incident!.id,
    comment: (text: string) =>
      request.post('/api/db/comments', {
        data: { incident_id: incident!.id, created_by: whoami.payload.user.id, comment: text },
        headers: { 'content-type': 'application/json' },
      }),
  };
}
