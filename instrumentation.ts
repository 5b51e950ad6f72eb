import { getEnv } from '@/lib/env';

/**
 * Reads the configuration once at server start so a sign-in mode without its keys stops the server with a clear
 * message, then starts telemetry (structured logs, the metrics port, traces when configured), the server's lifecycle (embedded backend at once, graceful shutdown on SIGTERM) and puts
 * the front door (time-outs, malformed targets, baseline headers) in front of the HTTP server.
 */
export async function register(): Promise<void> {
  let env: ReturnType<typeof getEnv>;
  try {
    env = getEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    // Exiting beats serving 500s: the message above says what to set.
    if (typeof process.exit === 'function') process.exit(1);
    throw error;
  }
  // NEXT_RUNTIME is replaced at build time (not read from the environment): the database code is Node-only.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const [{ startConsoleServer }, { installFrontDoor }, { startTelemetry }] = await Promise.all([
      import('@/lib/server/start'),
      import('@/lib/server/front-door'),
      import('@/lib/telemetry/install'),
    ]);
    // Logs, metrics and (when configured) traces first, so the start below is already observed.
    await startTelemetry(env);
    installFrontDoor();
    startConsoleServer(env);
  }
}
