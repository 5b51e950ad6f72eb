/** @jest-environment node */
import { createBackendClient } from '@/lib/backend/create-client';
import { samplePage } from './fixtures';

/**
 * Issue 38: the admin's preview (/settings/status-page/{id}/preview) is the public page as it will look, published
 * or not, behind the console's gate, never cached or indexed; an unknown page is a clear 404, a failing backend a
 * message page, never an error page.
 */

const gate: string[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: samplePage() };
const asked: string[] = [];

jest.mock('@/lib/auth/server', () => ({
  requireRouteAccess: async (pattern: string) => void gate.push(pattern),
}));
jest.mock('@/lib/backend/client', () => ({
  getBackend: async () =>
    createBackendClient({
      transport: async (path) => {
        asked.push(path);
        return Response.json(answer.body, { status: answer.status });
      },
    }),
}));

import { GET } from '@/app/(console)/settings/status-page/[id]/preview/route';

const ID = '0b8f3a52-6c1d-4e2f-9a7b-3c4d5e6f7a8b';
const preview = (id: string) =>
  GET(new Request(`http://c/settings/status-page/${id}/preview`), { params: Promise.resolve({ id }) });

beforeEach(() => {
  gate.length = 0;
  asked.length = 0;
  answer = { status: 200, body: samplePage() };
});

test('renders the public page under a preview banner, behind the gate, from the uncached preview', async () => {
  const response = await preview(ID);
  expect(gate).toEqual(['/settings/status-page/[id]/preview']);
  expect(asked).toEqual([`/status-page/pages/${ID}/preview`]);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('x-robots-tag')).toContain('noindex');
  expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
  const html = await response.text();
  expect(html).toContain('Preview: this is how the public will see the page now.');
  expect(html).toContain('<h1>Acme &lt;Shop&gt;</h1>');
  expect(html).not.toContain('<script');
});

test('a malformed id is a 404 without a backend call, an unknown page a 404, a failing backend a 502 page', async () => {
  expect((await preview('not-a-uuid')).status).toBe(404);
  expect(asked).toEqual([]);
  answer = { status: 404, body: { error: 'status page not found' } };
  const unknown = await preview(ID);
  expect(unknown.status).toBe(404);
  expect(await unknown.text()).toContain('Preview not available');
  answer = { status: 500, body: { error: 'boom' } };
  const failed = await preview(ID);
  expect(failed.status).toBe(502);
  expect(failed.headers.get('content-type')).toContain('text/html');
});
