import { getEnv } from '@/lib/env';

/** Reads the configuration once at server start so a sign-in mode without its keys stops the server with a clear message. */
export function register(): void {
  try {
    getEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    // Exiting beats serving 500s: the message above says what to set.
    if (typeof process.exit === 'function') process.exit(1);
    throw error;
  }
}
