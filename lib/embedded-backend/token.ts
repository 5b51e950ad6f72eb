import { createHmac, timingSafeEqual } from 'node:crypto';
import { getAuthSecret } from '@/lib/auth/secret';

/** Audience and issuer of the tokens the console hands the embedded backend (HS256 JWTs). */
export const BACKEND_TOKEN_AUDIENCE = 'embedded-backend';
export const BACKEND_TOKEN_ISSUER = 'ops-console';

export interface BackendTokenClaims {
  sub: string;
  iat: number;
  exp: number;
  aud: string;
  iss: string;
  /** The access_tokens row of a recorded (long-lived) token; absent on sign-in session tokens. */
  jti?: string;
}

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

function sign(data: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

/**
 * Mints an HS256 JWT for a person id; the default lifetime is 24 hours. Longer-lived tokens must be minted through
 * issueAccessToken (access-tokens.ts), which records them so they can be revoked.
 */
export function signBackendToken(
  input: { sub: string; ttlSeconds?: number; now?: number; jti?: string },
  secret = getAuthSecret(),
): string {
  const iat = Math.floor((input.now ?? Date.now()) / 1000);
  const claims: BackendTokenClaims = {
    sub: input.sub,
    iat,
    exp: iat + (input.ttlSeconds ?? 24 * 60 * 60),
    aud: BACKEND_TOKEN_AUDIENCE,
    iss: BACKEND_TOKEN_ISSUER,
    ...(input.jti ? { jti: input.jti } : {}),
  };
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  return `${head}.${body}.${b64url(sign(`${head}.${body}`, secret))}`;
}

/** Verifies signature (constant time), algorithm, audience and expiry; null for anything invalid. */
export function verifyBackendToken(
  token: string,
  secret = getAuthSecret(),
  now = Date.now(),
): BackendTokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts as [string, string, string];
  let header: unknown;
  let claims: unknown;
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!header || typeof header !== 'object' || (header as { alg?: unknown }).alg !== 'HS256') return null;
  const expected = sign(`${head}.${body}`, secret);
  const actual = Buffer.from(signature, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  if (!claims || typeof claims !== 'object') return null;
  const c = claims as Partial<BackendTokenClaims>;
  if (typeof c.sub !== 'string' || typeof c.exp !== 'number' || typeof c.iat !== 'number') return null;
  const audiences: unknown[] = Array.isArray(c.aud) ? c.aud : [c.aud];
  if (!audiences.includes(BACKEND_TOKEN_AUDIENCE)) return null;
  if (c.exp * 1000 <= now) return null;
  if (c.jti !== undefined && typeof c.jti !== 'string') return null;
  return {
    sub: c.sub,
    iat: c.iat,
    exp: c.exp,
    aud: BACKEND_TOKEN_AUDIENCE,
    iss: typeof c.iss === 'string' ? c.iss : '',
    ...(c.jti !== undefined ? { jti: c.jti } : {}),
  };
}
