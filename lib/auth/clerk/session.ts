import 'server-only';
import { decode, encode } from 'next-auth/jwt';
import type { Identity } from '@/lib/auth/identity-types';
import {
  loadOrganizationIdentity,
  resolveOrganizationBackend,
  type ClerkAuthState,
  type OrganizationBackend,
} from '@/lib/auth/clerk/organization-backend';
import { getAuthSecret } from '@/lib/auth/secret';
import { SESSION_REFRESH_MS, toConsoleSession, type ConsoleSession } from '@/lib/auth/session';

/**
 * Clerk mode keeps whoami's answer (roles, grants, flags) in an encrypted cookie bound to the user and the
 * organization, so middleware gates without a backend round trip and re-reads it when older than 5 minutes.
 */
export const CLERK_SESSION_COOKIE = 'console.clerk-session';
const MAX_AGE_SECONDS = 24 * 60 * 60;

interface CachedIdentity {
  userId: string;
  orgId: string;
  identity: Identity;
  refreshedAt: number;
}

export async function encodeClerkSession(value: CachedIdentity): Promise<string> {
  return encode({
    token: { ...value },
    secret: getAuthSecret(),
    salt: CLERK_SESSION_COOKIE,
    maxAge: MAX_AGE_SECONDS,
  });
}

async function decodeClerkSession(raw: string | undefined): Promise<CachedIdentity | null> {
  if (!raw) return null;
  try {
    const token = await decode({ token: raw, secret: getAuthSecret(), salt: CLERK_SESSION_COOKIE });
    return token && typeof token.userId === 'string' && token.identity
      ? (token as unknown as CachedIdentity)
      : null;
  } catch {
    return null; // tampered or from another secret
  }
}

export type ClerkSessionResolution =
  | { kind: 'session'; session: ConsoleSession; cookie?: string }
  | { kind: 'signed-out' }
  | { kind: 'no-organization' }
  | { kind: 'provisioning' }
  | { kind: 'error'; message: string };

/** The console session of a Clerk user in their current organization, with a fresh cookie when re-read. */
export async function resolveClerkSession(
  authState: ClerkAuthState,
  cookieValue: string | undefined,
  resolve: (state: ClerkAuthState) => Promise<OrganizationBackend> = resolveOrganizationBackend,
  load: typeof loadOrganizationIdentity = loadOrganizationIdentity,
): Promise<ClerkSessionResolution> {
  if (!authState.userId) return { kind: 'signed-out' };
  if (!authState.orgId) return { kind: 'no-organization' };
  const cached = await decodeClerkSession(cookieValue);
  if (
    cached &&
    cached.userId === authState.userId &&
    cached.orgId === authState.orgId &&
    Date.now() - cached.refreshedAt <= SESSION_REFRESH_MS
  ) {
    return { kind: 'session', session: toConsoleSession(cached, 'clerk') as ConsoleSession };
  }
  const backend = await resolve(authState);
  if (backend.state === 'signed-out') return { kind: 'signed-out' };
  if (backend.state === 'no-organization') return { kind: 'no-organization' };
  if (backend.state === 'provisioning') return { kind: 'provisioning' };
  if (backend.state === 'error') return { kind: 'error', message: backend.message };
  const result = await load(backend);
  if (result.state === 'provisioning') return { kind: 'provisioning' };
  if (result.state === 'error') return { kind: 'error', message: result.message };
  const value: CachedIdentity = {
    userId: authState.userId,
    orgId: authState.orgId,
    identity: result.identity,
    refreshedAt: Date.now(),
  };
  return {
    kind: 'session',
    session: toConsoleSession(value, 'clerk') as ConsoleSession,
    cookie: await encodeClerkSession(value),
  };
}

/** Server components: the session middleware already resolved (the cookie), or resolved now without writing it. */
export async function getClerkConsoleSession(): Promise<ConsoleSession | null> {
  const [{ auth }, { cookies }] = await Promise.all([import('@clerk/nextjs/server'), import('next/headers')]);
  const state = (await auth()) as unknown as ClerkAuthState;
  const jar = await cookies();
  const result = await resolveClerkSession(state, jar.get(CLERK_SESSION_COOKIE)?.value);
  return result.kind === 'session' ? result.session : null;
}
