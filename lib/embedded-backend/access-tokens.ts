import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from './db/types';
import { signBackendToken, type BackendTokenClaims } from './token';

/**
 * Long-lived bearer tokens (kubeconfig, agents): each one is a row of `access_tokens` (the token's SHA-256, never
 * the token) whose id is the token's `jti`, and every request presenting one checks that the row still exists and
 * has not expired, so deleting the row — or moving expires_at into the past — ends the token on the next request.
 * Tokens of the console's own sign-in (POST /auth/login) stay stateless: they live at most 24 hours, and only in
 * the console's encrypted session cookie.
 */

/** The longest lifetime of a token that is not recorded; anything longer must carry a recorded `jti`. */
export const SESSION_TOKEN_MAX_SECONDS = 24 * 60 * 60;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface IssuedAccessToken {
  id: string;
  token: string;
}

/** Mints a token for a person and records it (inside the caller's transaction when given one). */
export async function issueAccessToken(
  db: Queryable,
  input: { personId: string; name: string; ttlSeconds: number; autoRenew?: boolean },
): Promise<IssuedAccessToken> {
  const id = randomUUID();
  const token = signBackendToken({ sub: input.personId, ttlSeconds: input.ttlSeconds, jti: id });
  await db.query(
    `INSERT INTO access_tokens (id, name, person_id, value, auto_renew, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [id, input.name, input.personId, tokenHash(token), input.autoRenew ?? false, input.ttlSeconds],
  );
  return { id, token };
}

/** True when a token needs its access_tokens row: it names one, or it lives longer than a sign-in session. */
export function mustBeRecorded(claims: BackendTokenClaims): boolean {
  return claims.jti !== undefined || claims.exp - claims.iat > SESSION_TOKEN_MAX_SECONDS;
}

/** Checks the token's row: same id, same person, same hash, not expired. One primary-key lookup, never cached. */
export async function accessTokenActive(
  db: Queryable,
  claims: BackendTokenClaims,
  token: string,
): Promise<boolean> {
  if (!claims.jti || !UUID_RE.test(claims.jti)) return false;
  const found = await db.query(
    `SELECT 1 FROM access_tokens
      WHERE id = $1 AND person_id::text = $2 AND value = $3 AND (expires_at IS NULL OR expires_at > now())`,
    [claims.jti, claims.sub, tokenHash(token)],
  );
  return found.rows.length === 1;
}
