import { getEnv } from '@/lib/env';

/**
 * Reads the configuration once at server start so a sign-in mode without its keys stops the server with a clear
 * message, and puts the front door (time-outs, malformed targets, baseline headers) in front of `next start`'s
 * HTTP server.
 */
export async function register(): Promise<void> {
  try {
    getEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    // Exiting beats serving 500s: the message above says what to set.
    if (typeof process.exit === 'function') process.exit(1);
    throw error;
  }
  if (process.env.NEXT_RUNTIME === 'nodejs') (await import('@/lib/front-door')).installFrontDoor();
}
