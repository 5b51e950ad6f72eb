import { createHash, createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import { getEnv } from '@/lib/env';
import { Authenticator, unauthorizedResponse, type AuthResult, type SignInResult } from './authenticate';
import type { Database } from './db/types';
import { log } from '@/lib/telemetry/probes';

/**
 * Clerk mode of the embedded backend (backend-contract §3.3): one backend per Clerk organization. A request carries
 * a Clerk JWT (Bearer, else the `__session` cookie); its signature is checked against the instance's JWKS, its
 * organization must be this backend's, its authorized party (`azp`) one of the console's origins, the person is
 * created on first sight by the Clerk user id (`sub`), and the role is synced from the token's organization role
 * (`org_role`, or `o.rol`). Passwords do not exist here: people sign in at Clerk.
 */
export interface ClerkModeOptions {
  /** The Clerk instance's public JWKS (`https://<frontend API>/.well-known/jwks.json`). */
  jwksUrl: string;
  /** The organization this backend serves (`org_…`); tokens of any other organization get 401. */
  orgId: string;
  /**
   * The console's origins (`https://console.example`): a token whose `azp` is not one of them was minted for another
   * site of the same Clerk instance (issue 31 item 12) and is refused.
   */
  authorizedParties: readonly string[];
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * The configuration from CLERK_JWKS_URL, CLERK_ORG_ID and CLERK_AUTHORIZED_PARTIES (all or none); undefined outside
 * Clerk mode.
 */
export function clerkModeFromEnv(): ClerkModeOptions | undefined {
  const { CLERK_JWKS_URL: jwksUrl, CLERK_ORG_ID: orgId, CLERK_AUTHORIZED_PARTIES: parties } = getEnv();
  if (!jwksUrl && !orgId) return undefined;
  if (!jwksUrl || !orgId) {
    throw new Error(
      'Clerk mode of the backend needs both CLERK_JWKS_URL (the instance JWKS) and CLERK_ORG_ID (the organization it serves).',
    );
  }
  if (parties.length === 0) {
    throw new Error(
      'Clerk mode of the backend needs CLERK_AUTHORIZED_PARTIES: the console origins whose Clerk tokens it accepts (e.g. https://console.example).',
    );
  }
  return { jwksUrl, orgId, authorizedParties: parties };
}

/**
 * Clerk's organization roles mapped to the backend's: an organization admin (`org:admin`, Clerk's stock key, or a
 * plain `admin`) → admin, `org:guest` → guest, anything else (and no role) → viewer.
 */
export const CLERK_SYNCED_ROLES = ['admin', 'viewer', 'guest'] as const;
export type ClerkSyncedRole = (typeof CLERK_SYNCED_ROLES)[number];

export function roleFromClerk(role: string | undefined): ClerkSyncedRole {
  if (role === 'org:admin' || role === 'admin') return 'admin';
  if (role === 'org:guest' || role === 'guest') return 'guest';
  return 'viewer';
}

/** What the backend takes from a verified token. */
export interface ClerkClaims {
  userId: string;
  orgId: string | undefined;
  role: string | undefined;
  /** The origin the token was minted for. */
  azp: string | undefined;
  name?: string;
  email?: string;
  imageUrl?: string;
  /** Expiry in epoch seconds. */
  exp: number;
}

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : undefined;

/**
 * Claims of a session token (v1: flat `org_id`/`org_role`; v2: compact `o` whose `rol` lacks the `org:` prefix,
 * restored here as Clerk's SDK does) or of a JWT template (`org_id`, `org_role`, `email`, `name`, `image_url`).
 * The user is only `sub` and the role only `org_role`/`o.rol`, the claims Clerk itself sets: a template's own
 * `user_id` or `role` is whatever the template's author wrote there (issue 31 item 12), so it is never read.
 */
export function clerkClaimsOf(payload: Record<string, unknown>): Omit<ClerkClaims, 'exp'> | undefined {
  const userId = str(payload.sub);
  if (!userId) return undefined;
  const compact =
    payload.o && typeof payload.o === 'object' ? (payload.o as Record<string, unknown>) : undefined;
  const compactRole = str(compact?.rol);
  const claims: Omit<ClerkClaims, 'exp'> = {
    userId,
    orgId: str(payload.org_id) ?? str(compact?.id),
    role: str(payload.org_role) ?? (compactRole ? `org:${compactRole}` : undefined),
    azp: str(payload.azp),
  };
  const name =
    str(payload.name) ??
    ([str(payload.first_name), str(payload.last_name)].filter(Boolean).join(' ') || undefined);
  const email = str(payload.email) ?? str(payload.primary_email_address);
  const imageUrl = str(payload.image_url);
  if (name) claims.name = name;
  if (email) claims.email = email;
  if (imageUrl) claims.imageUrl = imageUrl;
  return claims;
}

/** Refresh the key set at least this often, and on an unknown key id at most this often. */
const JWKS_MAX_AGE_MS = 60 * 60 * 1000;
const JWKS_MISS_INTERVAL_MS = 5_000;
const JWKS_TIMEOUT_MS = 5_000;
/** Clerk's SDKs allow this much clock difference on exp and nbf. */
const CLOCK_SKEW_S = 5;

/** The instance's signing keys by key id, fetched once, refreshed hourly and when a token names an unknown key. */
export class JwksCache {
  private keys = new Map<string, KeyObject>();
  private fetchedAt = 0;
  private pending: Promise<void> | undefined;

  constructor(
    private readonly url: string,
    private readonly fetcher: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  async key(kid: string): Promise<KeyObject | undefined> {
    if (this.now() - this.fetchedAt >= JWKS_MAX_AGE_MS) await this.refresh();
    const known = this.keys.get(kid);
    if (known) return known;
    // A new signing key (rotation) shows up as an unknown kid; random kids cannot make us fetch more than this.
    if (this.now() - this.fetchedAt >= JWKS_MISS_INTERVAL_MS) await this.refresh();
    return this.keys.get(kid);
  }

  private refresh(): Promise<void> {
    this.pending ??= this.load().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async load(): Promise<void> {
    try {
      const response = await this.fetcher(this.url, {
        signal: AbortSignal.timeout(JWKS_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
      const body = (await response.json()) as { keys?: unknown };
      const keys = new Map<string, KeyObject>();
      for (const jwk of Array.isArray(body.keys) ? (body.keys as Record<string, unknown>[]) : []) {
        if (jwk.kty !== 'RSA' || typeof jwk.kid !== 'string' || (jwk.use !== undefined && jwk.use !== 'sig'))
          continue;
        try {
          keys.set(jwk.kid, createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }));
        } catch {
          // One malformed key does not invalidate the others.
        }
      }
      this.keys = keys;
    } catch (error) {
      // Keep the keys we had: a JWKS outage must not sign everyone out at once.
      log.error('[embedded-backend] Clerk JWKS could not be loaded', { err: error });
    } finally {
      this.fetchedAt = this.now();
    }
  }
}

function decodeSegment(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The JOSE header of a compact JWT, or undefined for anything that is not one. */
export function jwtHeader(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  return parts.length === 3 && parts[0] ? decodeSegment(parts[0]) : undefined;
}

export type ClerkVerification = { ok: true; claims: ClerkClaims } | { ok: false; reason: string };

/** Verifies an RS256 Clerk JWT against the JWKS (signature, exp, nbf) and reads its claims. */
export async function verifyClerkToken(
  token: string,
  jwks: JwksCache,
  now = Date.now(),
): Promise<ClerkVerification> {
  const [head = '', body = '', signature = ''] = token.split('.');
  const header = jwtHeader(token);
  if (!header || header.alg !== 'RS256' || typeof header.kid !== 'string')
    return { ok: false, reason: 'not an RS256 JWT with a key id' };
  const payload = decodeSegment(body);
  if (!payload) return { ok: false, reason: 'malformed payload' };
  const key = await jwks.key(header.kid);
  if (!key) return { ok: false, reason: `unknown key id ${header.kid}` };
  const valid = verify(
    'RSA-SHA256',
    Buffer.from(`${head}.${body}`),
    key,
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) return { ok: false, reason: 'bad signature' };
  const seconds = now / 1000;
  if (typeof payload.exp !== 'number' || payload.exp + CLOCK_SKEW_S <= seconds)
    return { ok: false, reason: 'expired' };
  if (typeof payload.nbf === 'number' && payload.nbf - CLOCK_SKEW_S > seconds)
    return { ok: false, reason: 'not valid yet' };
  const claims = clerkClaimsOf(payload);
  if (!claims) return { ok: false, reason: 'no user id' };
  return { ok: true, claims: { ...claims, exp: payload.exp } };
}

/** The Clerk token of a request: a Bearer RS256 JWT, else (with no Authorization header) the `__session` cookie. */
export function clerkTokenOf(request: Request): string | undefined {
  const authorization = request.headers.get('authorization')?.trim();
  if (authorization) {
    const match = /^bearer\s+(\S+)$/i.exec(authorization);
    const token = match?.[1];
    // The backend's own tokens are HS256; those and every other scheme stay with the base authenticator.
    return token && jwtHeader(token)?.alg === 'RS256' ? token : undefined;
  }
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === '__session') return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/** Whether a token's `azp` names one of the console's origins (compared as origins: no path, case of the host ignored). */
export function isAuthorizedParty(azp: string | undefined, parties: readonly string[]): boolean {
  const origin = originOf(azp);
  return origin !== undefined && parties.some((party) => originOf(party.replace(/\/+$/, '')) === origin);
}

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    // An origin has nothing after the host: 'https://console.example/x' is not one (and is no azp Clerk writes).
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password || value.endsWith('/'))
      return undefined;
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** A verified token is trusted for at most this long before it is checked (and the role synced) again. */
const VERIFIED_TTL_MS = 60_000;
const MAX_VERIFIED = 1000;

/** The Authenticator of a backend in Clerk mode: Clerk tokens first, the backend's own tokens otherwise, no passwords. */
export class ClerkModeAuthenticator extends Authenticator {
  private readonly jwks: JwksCache;
  private readonly now: () => number;
  private readonly verified = new Map<string, { until: number; personId: string }>();
  private readonly firstSight = new Map<string, Promise<string>>();

  constructor(
    private readonly database: Database,
    private readonly options: ClerkModeOptions,
  ) {
    super(database);
    this.now = options.now ?? Date.now;
    this.jwks = new JwksCache(options.jwksUrl, options.fetch, this.now);
  }

  /** People of a Clerk organization sign in at Clerk; the demo passwords must not open a hosted backend. */
  override async signIn(): Promise<SignInResult> {
    return { invalid: true };
  }

  override async authenticate(request: Request): Promise<AuthResult> {
    const token = clerkTokenOf(request);
    if (!token) return super.authenticate(request);
    const personId = await this.personOf(token);
    const identity = personId ? await this.identityFor(personId, 'bearer') : null;
    return identity ? { identity } : { response: unauthorizedResponse() };
  }

  private async personOf(token: string): Promise<string | null> {
    const key = createHash('sha256').update(token).digest('base64url');
    const hit = this.verified.get(key);
    if (hit && hit.until > this.now()) return hit.personId;
    const result = await verifyClerkToken(token, this.jwks, this.now());
    if (!result.ok) {
      log.warn(`[embedded-backend] Clerk token refused: ${result.reason}`);
      return null;
    }
    const { claims } = result;
    if (!isAuthorizedParty(claims.azp, this.options.authorizedParties)) {
      log.warn(
        `[embedded-backend] Clerk token refused: authorized party ${claims.azp ?? '(none)'} is not one of the console's origins`,
      );
      return null;
    }
    if (claims.orgId !== this.options.orgId) {
      log.warn(
        `[embedded-backend] Clerk token refused: organization ${claims.orgId ?? '(none)'} is not ${this.options.orgId}`,
      );
      return null;
    }
    const personId = await this.personFor(claims);
    if (await this.syncRole(personId, roleFromClerk(claims.role))) this.invalidate();
    if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
    this.verified.set(key, { until: Math.min(claims.exp * 1000, this.now() + VERIFIED_TTL_MS), personId });
    return personId;
  }

  /** The person of a Clerk user, created on first sight (one creation at a time per user). */
  private personFor(claims: ClerkClaims): Promise<string> {
    let pending = this.firstSight.get(claims.userId);
    if (!pending) {
      pending = this.findOrCreate(claims).finally(() => this.firstSight.delete(claims.userId));
      this.firstSight.set(claims.userId, pending);
    }
    return pending;
  }

  private async findOrCreate(claims: ClerkClaims): Promise<string> {
    const found = await this.database.query<{ id: string }>(
      'SELECT id FROM people WHERE external_id = $1 AND deleted_at IS NULL ORDER BY created_at LIMIT 1',
      [claims.userId],
    );
    if (found.rows[0]) return found.rows[0].id;
    // An email already held by another person is left out rather than merging two accounts.
    const created = await this.database.query<{ id: string }>(
      `INSERT INTO people (name, email, avatar, external_id)
       VALUES ($1, CASE WHEN EXISTS (SELECT 1 FROM people WHERE email = $2) THEN NULL ELSE $2 END, $3, $4)
       RETURNING id`,
      [
        claims.name ?? claims.email ?? claims.userId,
        claims.email ?? null,
        claims.imageUrl ?? null,
        claims.userId,
      ],
    );
    const id = created.rows[0]?.id;
    if (!id) throw new Error('person could not be created');
    return id;
  }

  /** Gives the person the synced role and takes the other two away; true when anything changed. */
  private async syncRole(personId: string, role: ClerkSyncedRole): Promise<boolean> {
    return this.database.transaction(async (tx) => {
      const removed = await tx.query(
        `DELETE FROM casbin_rule WHERE ptype = 'g' AND v0 = $1 AND v1 = ANY ($2::text[]) AND v1 <> $3 RETURNING id`,
        [personId, [...CLERK_SYNCED_ROLES], role],
      );
      const added = await tx.query(
        `INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, $2) ON CONFLICT DO NOTHING RETURNING id`,
        [personId, role],
      );
      return removed.rows.length + added.rows.length > 0;
    });
  }
}
