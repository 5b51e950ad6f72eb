/** @jest-environment node */
import { IdentityLimiter } from '@/lib/embedded-backend/identity-limiter';
import { createProbes } from '@/lib/telemetry/install';
import { createLogger } from '@/lib/telemetry/logger';
import { consoleMetrics } from '@/lib/telemetry/metrics';
import { installProbes } from '@/lib/telemetry/probes';

/** The identity limiter's queue and refusals reach the metrics (issue 36: the embedded engine's query queue). */

const value = async (metric: { get(): Promise<{ values: { value: number }[] }> }) =>
  (await metric.get()).values[0]?.value ?? 0;

beforeAll(() =>
  installProbes(
    createProbes(
      createLogger({ level: 'silent', format: 'json', destination: { write: () => undefined } }),
      consoleMetrics(),
    ),
  ),
);
afterAll(() => installProbes(undefined));

test('waiting requests are counted while they wait, and a full queue counts a refusal', async () => {
  const metrics = consoleMetrics();
  const waitingBefore = await value(metrics.identityQueued);
  const refusedBefore = await value(metrics.identityRefusals);
  const limiter = new IdentityLimiter({ concurrent: 1, queued: 2, retryAfterSeconds: 1 });
  let release!: () => void;
  const blocked = new Promise<void>((resolve) => (release = resolve));
  const run = () => limiter.run('guest', () => blocked.then(() => new Response('ok')));

  const running = [run(), run(), run()];
  await new Promise((resolve) => setImmediate(resolve));
  expect(await value(metrics.identityQueued)).toBe(waitingBefore + 2);

  const refused = await run();
  expect(refused.status).toBe(429);
  expect(await value(metrics.identityRefusals)).toBe(refusedBefore + 1);

  release();
  await Promise.all(running);
  expect(await value(metrics.identityQueued)).toBe(waitingBefore);
});
