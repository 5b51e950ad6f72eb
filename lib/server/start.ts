import 'server-only';
import { closeEmbeddedBackend, getEmbeddedBackend } from '@/lib/embedded-backend/bootstrap';
import { getEnv, type Env } from '@/lib/env';
import { installGracefulShutdown } from '@/lib/server/lifecycle';
import { log } from '@/lib/telemetry/probes';

/**
 * What a console server does once at start (instrumentation.ts): install the graceful shutdown, and open the
 * embedded backend at once, so migrations and the demo seed run before the first request instead of during it
 * (readiness stays 503 until then).
 */
export function startConsoleServer(env: Env = getEnv()): void {
  // `next dev` restarts itself and stops its workers on its own; the sequence is for production servers.
  if (env.NODE_ENV !== 'production') return;
  installGracefulShutdown({
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    drainMs: env.SHUTDOWN_DRAIN_MS,
    close: closeEmbeddedBackend,
    log: (message) => log.info(message),
  });
  // Hosted (Clerk) mode has no deployment backend: every organization has its own, so none is opened here.
  if (env.BACKEND_URL || env.AUTH_PROVIDER === 'clerk') return;
  const started = performance.now();
  getEmbeddedBackend().then(
    (backend) => {
      const { migrate, seed } = backend.startup;
      const migrations = migrate.applied.length
        ? `applied migrations ${migrate.applied.join(', ')}`
        : 'migrations up to date';
      const seeded = seed?.seeded ? `seeded ${seed.rows ?? '?'} rows` : 'existing data kept';
      log.info(
        `[embedded-backend] ready in ${Math.round(performance.now() - started)} ms: ${backend.db.description}, ${migrations}, ${seeded}`,
      );
    },
    (error: unknown) => {
      // Requests retry the start and answer 503 meanwhile; readiness says so too.
      log.error('[embedded-backend] start failed', { err: error });
    },
  );
}
