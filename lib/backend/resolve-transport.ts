import 'server-only';
import { getBackendToken } from '@/lib/auth/server';
import type { ConsoleSession } from '@/lib/auth/session';
import { embeddedTransport, httpTransport, type Transport } from '@/lib/backend/transport';
import { getEnv } from '@/lib/env';

/**
 * Which backend serves a request. Today: the embedded backend in-process without BACKEND_URL, BACKEND_URL
 * otherwise. Clerk mode will plug its per-organization address (cached briefly per organization) in here.
 */
export type TransportResolver = (session: ConsoleSession | null) => Transport;

/** Long enough for large downloads: callers time the wait for headers themselves. */
export const STREAM_TIMEOUT_MS = 10 * 60 * 1000;

let cached: { url: string | undefined; transport: Transport } | undefined;

export const resolveTransport: TransportResolver = (_session) => {
  const url = getEnv().BACKEND_URL;
  if (cached && cached.url === url) return cached.transport;
  const transport = url ? httpTransport(url, STREAM_TIMEOUT_MS) : embeddedTransport();
  cached = { url, transport };
  return transport;
};

/**
 * The bearer token of a session's backend calls, read on the server only. Standalone mode has no sign-in and
 * therefore no token: a backend that requires one needs a standalone credential plugged in here.
 */
export async function resolveCredential(session: ConsoleSession | null): Promise<string | undefined> {
  if (!session || session.mode === 'none') return undefined;
  return getBackendToken();
}
