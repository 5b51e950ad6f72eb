/** @jest-environment node */
import { createBackendClient } from '@/lib/backend/create-client';
import { hasStatusPageCapability } from '@/lib/status-page/capability';

/**
 * Issue 38: a backend without status pages (its probe answers 404) hides Settings → Status Page and the incident
 * page's panel; any other failure reads as available, so a slow or failing backend never hides the screen (the
 * screen then shows the backend's error). The answer is remembered a minute per backend.
 */

function backendAnswering(statuses: number[]) {
  const asked: string[] = [];
  const client = createBackendClient({
    transport: async (path) => {
      asked.push(path);
      const status = statuses.shift() ?? 200;
      return Response.json(status === 200 ? { pages: [] } : { error: 'x' }, { status });
    },
  });
  return { client, asked };
}

test('a 404 from the probe means no status pages, and is remembered for that backend', async () => {
  const { client, asked } = backendAnswering([404, 200]);
  expect(await hasStatusPageCapability(client, 'backend-without')).toBe(false);
  expect(await hasStatusPageCapability(client, 'backend-without')).toBe(false);
  expect(asked).toEqual(['/status-page/public']);
});

test('a 200 means status pages; each backend is asked for itself', async () => {
  const { client, asked } = backendAnswering([200, 404]);
  expect(await hasStatusPageCapability(client, 'backend-with')).toBe(true);
  expect(await hasStatusPageCapability(client, 'backend-with')).toBe(true);
  expect(await hasStatusPageCapability(client, 'another-backend')).toBe(false);
  expect(asked).toHaveLength(2);
});

test('a failing probe reads as available and is asked again next time', async () => {
  const { client, asked } = backendAnswering([503, 404]);
  expect(await hasStatusPageCapability(client, 'backend-failing')).toBe(true);
  expect(await hasStatusPageCapability(client, 'backend-failing')).toBe(false);
  expect(asked).toHaveLength(2);
});
