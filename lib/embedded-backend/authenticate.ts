import { createHash } from 'node:crypto';
import { getAuthSecret } from '@/lib/auth/secret';
import { verifyDeviceProof } from '@/lib/auth/sign-in-device';
import { accessTokenActive, mustBeRecorded } from './access-tokens';
import type { Queryable } from './db/types';
import type { RequestIdentity } from './identity';
import { hashPassword, verifyPassword } from './password';
import { peerAddress } from './peer-address';
import { SignInThrottle, tooManyAttemptsResponse, type SignInThrottleOptions } from './sign-in-throttle';
import { identitiesChanged } from './identity-events';
import { verifyBackendToken } from './token';

interface PersonRow {
  id: string;
  name: string;
  email: string | null;
  avatar: string | null;
  type: string | null;
  external_id: string | null;
  properties: Record<string, unknown> | null;
}

const IDENTITY_TTL_MS = 5000;

/**
 * SQL condition on `people p`: the person's identity is active. People without an identity row (agents, people
 * created before identities existed) count as active, as the Users page shows them.
 */
const ACTIVE_IDENTITY = `NOT EXISTS (SELECT 1 FROM identities i WHERE i.id = p.id AND i.state <> 'active')`;
const BASIC_TTL_MS = 60_000;
const MAX_CACHE = 1000;

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password');
  return dummy;
}

/** The plain-text 401 of the real auth middleware. */
export function unauthorizedResponse(): Response {
  return new Response('Unauthorized', {
    status: 401,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}

export type AuthResult = { identity: RequestIdentity } | { response: Response };

export type SignInResult = { personId: string } | { retryAfterSeconds: number } | { invalid: true };

export interface AuthenticatorOptions {
  /** Backoff of credential checks (sign-in-throttle.ts); tests shorten it. */
  throttle?: SignInThrottleOptions;
}

/**
 * Resolves bearer tokens and HTTP Basic credentials to people; caches identities briefly because scrypt is slow by
 * design. Long-lived tokens are checked against access_tokens on every request (access-tokens.ts), and every
 * credential check goes through one per-account and per-address backoff (sign-in-throttle.ts).
 */
export class Authenticator {
  private readonly identities = new Map<string, { at: number; identity: RequestIdentity | null }>();
  private readonly basic = new Map<string, { at: number; personId: string }>();
  /** Credential checks in flight, by a hash of what they check (bounded by the requests in flight). */
  private readonly checking = new Map<string, Promise<SignInResult>>();
  readonly throttle: SignInThrottle;

  constructor(
    private readonly db: Queryable,
    options: AuthenticatorOptions = {},
  ) {
    this.throttle = new SignInThrottle(options.throttle);
  }

  /** Forget cached identities (after role, team or state changes), and tell readers in this process. */
  invalidate(): void {
    this.identities.clear();
    identitiesChanged();
  }

  async identityFor(personId: string, method: RequestIdentity['method']): Promise<RequestIdentity | null> {
    const cached = this.identities.get(personId);
    if (cached && Date.now() - cached.at < IDENTITY_TTL_MS)
      return cached.identity && { ...cached.identity, method };
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(personId)) return null;
    // A deactivated identity (Users → inactive) is nobody: every token, Basic and Clerk request resolves here.
    const person = await this.db.query<PersonRow>(
      `SELECT p.id, p.name, p.email, p.avatar, p.type, p.external_id, p.properties FROM people p
       WHERE p.id = $1 AND p.deleted_at IS NULL AND ${ACTIVE_IDENTITY}`,
      [personId],
    );
    const row = person.rows[0];
    let identity: RequestIdentity | null = null;
    if (row) {
      const rules = await this.db.query<{ v1: string; is_team: boolean }>(
        `SELECT r.v1, EXISTS (SELECT 1 FROM teams t WHERE t.id::text = r.v1) AS is_team
         FROM casbin_rule r WHERE r.ptype = 'g' AND r.v0 = $1 ORDER BY r.id`,
        [personId],
      );
      const user: RequestIdentity['user'] = { id: row.id, name: row.name };
      if (row.email) user.email = row.email;
      if (row.avatar) user.avatar = row.avatar;
      if (row.type) user.type = row.type;
      if (row.external_id) user.external_id = row.external_id;
      if (row.properties && Object.keys(row.properties).length > 0) user.properties = row.properties;
      identity = {
        personId: row.id,
        user,
        roles: rules.rows.filter((r) => !r.is_team).map((r) => r.v1),
        teams: rules.rows.filter((r) => r.is_team).map((r) => r.v1),
        method,
      };
    }
    if (this.identities.size >= MAX_CACHE) this.identities.clear();
    this.identities.set(personId, { at: Date.now(), identity });
    return identity;
  }

  /**
   * Checks a username (person name, case-insensitive) or email with a password, under the backoff: the account is
   * the person when the name matches one (so name and email share one counter), else the name as typed. Identical
   * checks in flight share one attempt: twenty parallel requests with the same Basic credentials are one sign-in,
   * not twenty attempts for the burst rule (and a burst of one guess repeated is still one guess).
   */
  signIn(
    username: string,
    password: string,
    address: string | undefined,
    deviceProof?: string,
  ): Promise<SignInResult> {
    const key = createHash('sha256')
      .update(JSON.stringify([username.trim().toLowerCase(), password, address ?? '', deviceProof ?? '']))
      .digest('base64url');
    const pending = this.checking.get(key);
    if (pending) return pending;
    const check = this.checkCredentials(username, password, address, deviceProof).finally(() =>
      this.checking.delete(key),
    );
    this.checking.set(key, check);
    return check;
  }

  private async checkCredentials(
    username: string,
    password: string,
    address: string | undefined,
    deviceProof: string | undefined,
  ): Promise<SignInResult> {
    // A locked address is refused before it costs a query.
    const addressWait = this.throttle.retryAfterSeconds(undefined, address);
    if (addressWait > 0) return { retryAfterSeconds: addressWait };
    const found = await this.db.query<{ id: string; password_hash: string }>(
      `SELECT p.id, pw.password_hash FROM people p JOIN people_passwords pw ON pw.person_id = p.id
       WHERE p.deleted_at IS NULL AND ${ACTIVE_IDENTITY} AND (lower(p.name) = lower($1) OR lower(p.email) = lower($1))
       ORDER BY p.created_at LIMIT 1`,
      [username],
    );
    const row = found.rows[0];
    const account = row ? `person:${row.id}` : `name:${username.trim().toLowerCase()}`;
    // A device that signed in as this person before (a proof under the shared secret, lib/auth/sign-in-device.ts)
    // passes the account's lock, so others' failures cannot keep the owner out; the address's lock still holds.
    const trustedDevice =
      row !== undefined && verifyDeviceProof(deviceProof, getAuthSecret())?.personId === row.id;
    const wait = this.throttle.attempt(account, address, { trustedDevice });
    if (wait > 0) return { retryAfterSeconds: wait };
    // Unknown users still pay for one scrypt so response times do not reveal which usernames exist.
    const ok = await verifyPassword(password, row?.password_hash ?? (await dummyHash()));
    if (!row || !ok) return { invalid: true };
    this.throttle.succeeded(account, address);
    return { personId: row.id };
  }

  async authenticate(request: Request): Promise<AuthResult> {
    const header = request.headers.get('authorization') ?? '';
    const [scheme = '', ...rest] = header.trim().split(/\s+/);
    const credential = rest.join(' ');
    if (!credential) return { response: unauthorizedResponse() };
    if (scheme.toLowerCase() === 'bearer') {
      const claims = verifyBackendToken(credential);
      if (!claims) return { response: unauthorizedResponse() };
      // A long-lived token is only as good as its access_tokens row: deleted or expired ends it here.
      if (mustBeRecorded(claims) && !(await accessTokenActive(this.db, claims, credential)))
        return { response: unauthorizedResponse() };
      const identity = await this.identityFor(claims.sub, 'bearer');
      return identity ? { identity } : { response: unauthorizedResponse() };
    }
    if (scheme.toLowerCase() === 'basic') {
      const checked = await this.basicPerson(credential, peerAddress(request));
      if ('retryAfterSeconds' in checked)
        return { response: tooManyAttemptsResponse(checked.retryAfterSeconds) };
      const identity = 'personId' in checked ? await this.identityFor(checked.personId, 'basic') : null;
      return identity ? { identity } : { response: unauthorizedResponse() };
    }
    return { response: unauthorizedResponse() };
  }

  private async basicPerson(credential: string, address: string | undefined): Promise<SignInResult> {
    const key = createHash('sha256').update(credential).digest('base64url');
    const cached = this.basic.get(key);
    if (cached && Date.now() - cached.at < BASIC_TTL_MS) return { personId: cached.personId };
    const decoded = Buffer.from(credential, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) return { invalid: true };
    const result = await this.signIn(decoded.slice(0, colon), decoded.slice(colon + 1), address);
    if (!('personId' in result)) return result;
    if (this.basic.size >= MAX_CACHE) this.basic.clear();
    this.basic.set(key, { at: Date.now(), personId: result.personId });
    return result;
  }
}
