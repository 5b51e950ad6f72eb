import { resetEmbeddedData } from '@/scripts/lib/reset-embedded-data';
import { seedOptionsFromArgs } from './backend-args';

/** `npm run backend:reset [-- --checks N]`: wipes the embedded backend's data and regenerates the demo seed. */
async function main(): Promise<void> {
  const started = performance.now();
  const backend = await resetEmbeddedData({ seed: seedOptionsFromArgs(process.argv.slice(2)) });
  const { startup } = backend;
  console.info(`[embedded-backend] reset ${backend.db.description}`);
  console.info(
    `[embedded-backend] open ${startup.openMs} ms, migrations ${startup.migrate.durationMs} ms, seed ${startup.seed?.durationMs ?? 0} ms (${startup.seed?.rows ?? 0} rows), total ${Math.round(performance.now() - started)} ms`,
  );
  await backend.db.close();
}

main().catch((error: unknown) => {
  console.error('[embedded-backend] reset failed:', error);
  process.exit(1);
});
