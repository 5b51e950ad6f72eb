import { getEnv } from '@/lib/env';
import { startTelemetry } from '@/lib/telemetry/install';
import { startBackendServer } from '@/scripts/lib/backend-http-server';
import { seedOptionsFromArgs } from './backend-args';

/** `npm run backend [-- --checks N]`: the embedded backend over HTTP on 127.0.0.1:EMBEDDED_BACKEND_PORT. */
async function main(): Promise<void> {
  const started = performance.now();
  const seed = seedOptionsFromArgs(process.argv.slice(2));
  // Structured logs, metrics and traces like the console's (its traces join the console's through traceparent).
  await startTelemetry(getEnv(), 'ops-console-backend');
  const server = await startBackendServer({ port: getEnv().EMBEDDED_BACKEND_PORT, seed });
  const startup = server.startup;
  const engine =
    'description' in server.database ? String(server.database.description) : server.database.kind;
  console.info(`[embedded-backend] engine: ${engine}`);
  if (startup) {
    const seedText = startup.seed?.seeded
      ? `seeded ${startup.seed.rows ?? '?'} rows in ${startup.seed.durationMs} ms ${JSON.stringify(startup.seed.timings ?? {})}`
      : 'existing data kept';
    console.info(
      `[embedded-backend] open ${startup.openMs} ms, migrations ${startup.migrate.applied.length ? startup.migrate.applied.join(',') : 'none'} in ${startup.migrate.durationMs} ms, ${seedText}`,
    );
  }
  console.info(`[embedded-backend] ready in ${Math.round(performance.now() - started)} ms at ${server.url}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`[embedded-backend] ${signal}: closing`);
    server
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error('[embedded-backend] close failed:', error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('[embedded-backend] failed to start:', error);
  process.exit(1);
});
