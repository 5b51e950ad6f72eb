import { computeGrants, type AccessGrants, type Role } from '@/lib/auth/permissions';
import type { Identity, IdentityUser } from '@/lib/auth/identity-types';
import type { FeatureProperties } from '@/lib/feature-flags';
import type { AuthMode } from '@/lib/routes';

export type SessionUser = IdentityUser;

/** What the console knows about the signed-in person, without a backend round trip (never the token). */
export interface ConsoleSession {
  mode: AuthMode;
  user: SessionUser;
  roles: Role[];
  grants: AccessGrants;
  features: FeatureProperties;
  /** Epoch ms of the last whoami. */
  refreshedAt: number;
}

/** whoami and feature flags are re-read when the session is older than this (ARCHITECTURE §4). */
export const SESSION_REFRESH_MS = 5 * 60 * 1000;
export const SESSION_MAX_AGE_SECONDS = 24 * 60 * 60;

const STANDALONE_ROLES: Role[] = ['viewer'];

/** Standalone mode has no sign-in: a fixed read-only identity that can only reach the health views. */
export function standaloneSession(): ConsoleSession {
  return {
    mode: 'none',
    user: { id: 'standalone', name: 'Standalone' },
    roles: STANDALONE_ROLES,
    grants: computeGrants(STANDALONE_ROLES),
    features: {},
    refreshedAt: Date.now(),
  };
}

interface NextAuthSessionShape {
  identity?: Identity;
  refreshedAt?: number;
}

/** Turns next-auth's session (or the middleware's `req.auth`) into the console's session. */
export function toConsoleSession(value: unknown, mode: AuthMode): ConsoleSession | null {
  const s = value as NextAuthSessionShape | null | undefined;
  if (!s?.identity) return null;
  return { mode, ...s.identity, refreshedAt: s.refreshedAt ?? 0 };
}
