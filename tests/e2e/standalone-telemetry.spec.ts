import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  ancestorsOf,
  spanAttribute,
  startOtlpReceiver,
  type OtlpReceiver,
  type OtlpSpan,
} from '../helpers/otlp-receiver';
import { expect, test } from './fixtures';
import { STANDALONE_E2E } from './standalone-env';

/**
 * Traces of the production server (issue 36): the standalone server exports OTLP to a receiver in this test process
 * (playwright.config.ts points it here). A real sign-in and a real page load are each started in a trace of the
 * test's own (a `traceparent` the browser sends), so their spans are found among whatever else the server traced:
 * Next's request and render spans are the parents of the console's backend calls, which the embedded backend and its
 * SQL join.
 */

let receiver: OtlpReceiver;

test.beforeAll(async () => {
  receiver = await startOtlpReceiver(STANDALONE_E2E.otlpPort);
});

test.afterAll(async () => {
  await receiver?.close();
});

/** Sends the page's next requests in a new trace of the test's and returns its id. */
async function inNewTrace(page: Page): Promise<string> {
  const traceId = randomBytes(16).toString('hex');
  await page.setExtraHTTPHeaders({ traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` });
  return traceId;
}

/** Waits until the trace holds a span that `match` accepts (the exporter sends a batch every 200 ms). */
async function spanOf(traceId: string, match: (span: OtlpSpan) => boolean): Promise<OtlpSpan> {
  let found: OtlpSpan | undefined;
  await expect
    .poll(() => (found = receiver.spans.find((s) => s.traceId === traceId && match(s))), { timeout: 15_000 })
    .toBeDefined();
  return found!;
}

const inTrace = (traceId: string) => receiver.spans.filter((s) => s.traceId === traceId);

test('a sign-in and a page load are traced from the request through the backend call to the SQL', async ({
  page,
}) => {
  await page.goto('/login');
  const signInTrace = await inNewTrace(page);
  await page.getByLabel('Username or email').fill('admin');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });

  // Sign-in: its span asks the embedded backend, whose handling runs SQL on the people table.
  const signIn = await spanOf(signInTrace, (s) => s.name === 'sign-in');
  const login = await spanOf(signInTrace, (s) => s.name === 'embedded-backend POST /auth/login');
  expect(login.parentSpanId).toBe(signIn.spanId);
  await spanOf(signInTrace, (s) => s.name === 'select people' && s.parentSpanId === login.spanId);
  // …and it sits in the form post's request span (Next's), not in a trace of its own.
  const post = await spanOf(signInTrace, (s) => s.name === 'POST /login');
  expect(ancestorsOf(signIn, inTrace(signInTrace)).map((s) => s.spanId)).toContain(post.spanId);

  // A page load: GET /health → render → the server prefetch → the backend call → the embedded backend → SQL.
  const pageTrace = await inNewTrace(page);
  await page.goto('/health');
  await expect(page.getByRole('table', { name: 'Health checks' })).toBeVisible();
  const request = await spanOf(pageTrace, (s) => s.name === 'GET /health');
  expect(spanAttribute(request, 'http.route')).toBe('/health');
  const render = await spanOf(pageTrace, (s) => s.name === 'render route (app) /health');
  const call = await spanOf(pageTrace, (s) => s.name === 'backend GET /canary/api/summary');
  const spans = inTrace(pageTrace);
  expect(ancestorsOf(call, spans).map((s) => s.name)).toEqual(
    expect.arrayContaining(['prefetch', 'render route (app) /health', 'GET /health']),
  );
  expect(ancestorsOf(render, spans)[0]?.spanId).toBe(request.spanId);
  expect(spanAttribute(call, 'url.template')).toBe('/canary/api/summary');
  expect(spanAttribute(call, 'http.response.status_code')).toBe(200);
  const served = await spanOf(pageTrace, (s) => s.parentSpanId === call.spanId);
  expect(served.name).toBe('embedded-backend GET /canary/api/summary');
  const sql = await spanOf(
    pageTrace,
    (s) =>
      Boolean(spanAttribute(s, 'db.operation.name')) &&
      ancestorsOf(s, inTrace(pageTrace))[0]?.spanId === served.spanId,
  );
  expect(spanAttribute(sql, 'db.operation.name')).toBe('select');

  // No secret reaches a span: not the session cookie, not the password.
  const cookies = await page.context().cookies();
  const text = JSON.stringify([...inTrace(signInTrace), ...inTrace(pageTrace)]);
  for (const cookie of cookies.filter((c) => c.value.length > 16)) expect(text).not.toContain(cookie.value);
  expect(text).not.toMatch(/"demo"|Bearer /);
});
