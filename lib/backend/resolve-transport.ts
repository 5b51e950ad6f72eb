import 'server-only';
import { loginWithPassword } from '@/lib/auth/identity';
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

/** The read-only demo identity standalone mode uses on the embedded backend (it has no sign-in of its own). */
const STANDALONE_IDENTITY = { username: 'guest', password: 'demo' } as const;
/** Renew the standalone token this long before it expires. */
const STANDALONE_RENEW_MS = 10 * 60 * 1000;

let standalone: { token: string; expiresAt: number } | undefined;
let pendingStandalone: Promise<string | undefined> | undefined;

async function standaloneCredential(): Promise<string | undefined> {
  // A real backend in standalone mode (canary-checker's own UI) answers the health calls without a credential.
  if (getEnv().BACKEND_URL) return undefined;
  if (standalone && standalone.expiresAt - STANDALONE_RENEW_MS > Date.now()) return standalone.token;
  pendingStandalone ??= loginWithPassword(embeddedTransport(), STANDALONE_IDENTITY.username, STANDALONE_IDENTITY.password)
    .then(({ token, expiresAt }) => {
      const expiry = expiresAt ? Date.parse(expiresAt) : Date.now() + 60 * 60 * 1000;
      standalone = { token, expiresAt: Number.isFinite(expiry) ? expiry : Date.now() + 60 * 60 * 1000 };
      return token;
    })
    .finally(() => {
      pendingStandalone = undefined;
    });
  return pendingStandalone;
}

/**
 * The bearer token of a session's backend calls, read on the server only. Standalone mode has no sign-in: on the
 * embedded backend it reads as the read-only demo guest, and the proxy limits it to the health calls anyway.
 */
export async function resolveCredential(session: ConsoleSession | null): Promise<string | undefined> {
  if (!session) return undefined;
  if (session.mode === 'none') return standaloneCredential();
  return getBackendToken();
}
