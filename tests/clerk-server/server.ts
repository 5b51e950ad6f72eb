/**
 * A local stand-in for the parts of Clerk the console and the backends talk to, written from Clerk's public API
 * reference and from what the installed @clerk/nextjs / @clerk/backend actually request (every request is logged):
 * the Backend API calls of the console's server side (`/v1/jwks`, `/v1/organizations/{id}`,
 * `/v1/sessions/{sid}/tokens/{template}`, each with the secret key as Bearer) and the instance's public JWKS
 * (`/.well-known/jwks.json`, what a backend in Clerk mode verifies against). Session tokens are minted here with the
 * claims Clerk puts in them and signed with a test RSA key. It exists only for tests; the product never uses it.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  imageUrl?: string;
  /** Clerk role keys per organization id (`org:admin`, `org:member`, `org:guest`). */
  memberships: Record<string, string>;
}

export interface StandInOrganization {
  id: string;
  name: string;
  slug: string;
  publicMetadata: Record<string, unknown>;
}

export interface StandInSession {
  id: string;
  userId: string;
  orgId: string | null;
  /** Session token claim layout: 1 = flat org_id/org_slug/org_role, 2 = compact `o` claim (Clerk's current one). */
  version: 1 | 2;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The Backend API caller presented the instance's secret key. */
  authorized: boolean;
}

export interface ClerkStandInOptions {
  port?: number;
  host?: string;
  /** The instance's Frontend API host (what the publishable key encodes); tokens carry it as `iss`. */
  frontendApiHost: string;
  secretKey: string;
  /** The console's origin (the `azp` claim of session tokens). */
  authorizedParty: string;
  users?: StandInUser[];
  organizations?: StandInOrganization[];
  /** Session token lifetime; Clerk's is 60 s, refreshed by clerk-js in the browser, which does not run here. */
  sessionTokenTtlSeconds?: number;
  /** Asked first for every request; true when it answered (e2e: the recording backend gateways, the test control API). */
  fallback?: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<boolean>;
}

export interface ClerkStandIn {
  url: string;
  jwksUrl: string;
  users: Map<string, StandInUser>;
  organizations: Map<string, StandInOrganization>;
  sessions: Map<string, StandInSession>;
  /** Every request, in order, for tests that check what the SDK asked for. */
  requests: RecordedRequest[];
  /** Starts a session (what a sign-in at Clerk does) and returns it with its first session token. */
  createSession(
    userId: string,
    orgId: string | null,
    version?: 1 | 2,
  ): { session: StandInSession; token: string; issuedAt: number };
  /** Makes another organization active (what clerk-js' setActive does through the Frontend API) and mints the new token. */
  setActiveOrganization(sessionId: string, orgId: string | null): string;
  /** A session token of the session as it is now. */
  sessionToken(sessionId: string, options?: { ttlSeconds?: number; issuedAt?: number }): string;
  /** A token of the JWT template named `Backend` for the session (POST /v1/sessions/{sid}/tokens/Backend). */
  backendTemplateToken(sessionId: string): string;
  /** Signs any claims with the current key (tests of forged, expired or foreign tokens). */
  signJwt(claims: Record<string, unknown>, options?: { kid?: string; alg?: string; key?: KeyObject }): string;
  /** Adds a new signing key, served in the JWKS from now on, and signs with it (key rotation). */
  rotateKey(): string;
  close(): Promise<void>;
}

/** Clerk's JWT category header of session tokens (@clerk/backend JWT_CATEGORY_SESSION_TOKEN). */
const SESSION_TOKEN_CATEGORY = 'cl_B7d4PD111AAA';
/** The JWT template the console asks for when an organization is `direct` (upstream-ui §1.5). */
export const BACKEND_TEMPLATE = 'Backend';
const TEMPLATE_TTL_SECONDS = 60;

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  jwk: Record<string, unknown>;
}

function newSigningKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = `ins_test_${randomBytes(6).toString('hex')}`;
  return { kid, privateKey, jwk: { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' } };
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Clerk's error envelope. */
function clerkError(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, {
    errors: [{ code, message, long_message: message, meta: {} }],
    clerk_trace_id: randomBytes(8).toString('hex'),
  });
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Seconds since the epoch, the unit of every JWT time claim. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function startClerkStandIn(options: ClerkStandInOptions): Promise<ClerkStandIn> {
  const host = options.host ?? '127.0.0.1';
  const issuer = `https://${options.frontendApiHost}`;
  const ttl = options.sessionTokenTtlSeconds ?? 60;
  const keys: SigningKey[] = [newSigningKey()];
  const current = () => keys[keys.length - 1] as SigningKey;
  const users = new Map((options.users ?? []).map((u) => [u.id, u]));
  const organizations = new Map((options.organizations ?? []).map((o) => [o.id, o]));
  const sessions = new Map<string, StandInSession>();
  const requests: RecordedRequest[] = [];

  function signJwt(
    claims: Record<string, unknown>,
    opts: { kid?: string; alg?: string; key?: KeyObject; category?: string } = {},
  ): string {
    const header: Record<string, unknown> = {
      alg: opts.alg ?? 'RS256',
      kid: opts.kid ?? current().kid,
      typ: 'JWT',
    };
    if (opts.category) header.cat = opts.category;
    const data = `${b64url(header)}.${b64url(claims)}`;
    const signature = sign('RSA-SHA256', Buffer.from(data), opts.key ?? current().privateKey).toString(
      'base64url',
    );
    return `${data}.${signature}`;
  }

  function sessionOf(id: string): StandInSession {
    const session = sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    return session;
  }

  function membership(
    userId: string,
    orgId: string | null,
  ): { user: StandInUser; org?: StandInOrganization; role?: string } {
    const user = users.get(userId);
    if (!user) throw new Error(`no user ${userId}`);
    if (!orgId) return { user };
    const org = organizations.get(orgId);
    const role = user.memberships[orgId];
    if (!org || !role) throw new Error(`${userId} is not a member of ${orgId}`);
    return { user, org, role };
  }

  /** The claims of Clerk's default session token (https://clerk.com/docs/backend-requests/resources/session-tokens). */
  function sessionToken(sessionId: string, opts: { ttlSeconds?: number; issuedAt?: number } = {}): string {
    const session = sessionOf(sessionId);
    const { org, role } = membership(session.userId, session.orgId);
    const iat = opts.issuedAt ?? nowSeconds();
    const claims: Record<string, unknown> = {
      azp: options.authorizedParty,
      exp: iat + (opts.ttlSeconds ?? ttl),
      fva: [0, -1],
      iat,
      iss: issuer,
      jti: randomBytes(10).toString('hex'),
      nbf: iat - 10,
      sid: session.id,
      sts: 'active',
      sub: session.userId,
    };
    if (session.version === 2) {
      claims.v = 2;
      if (org && role) claims.o = { id: org.id, slg: org.slug, rol: role.replace(/^org:/, '') };
    } else if (org && role) {
      Object.assign(claims, { org_id: org.id, org_slug: org.slug, org_role: role, org_permissions: [] });
    }
    return signJwt(claims, { category: SESSION_TOKEN_CATEGORY });
  }

  /**
   * The `Backend` JWT template as a hosted deployment configures it: who the person is, the active organization
   * and its role (`org_role`, the backend's only role claim besides the session token's `o.rol`).
   */
  function backendTemplateToken(sessionId: string): string {
    const session = sessionOf(sessionId);
    const { user, org, role } = membership(session.userId, session.orgId);
    const iat = nowSeconds();
    const claims: Record<string, unknown> = {
      azp: options.authorizedParty,
      exp: iat + TEMPLATE_TTL_SECONDS,
      iat,
      iss: issuer,
      jti: randomBytes(10).toString('hex'),
      nbf: iat - 10,
      sub: user.id,
      user_id: user.id,
      email: user.email,
      name: `${user.firstName} ${user.lastName}`,
      image_url: user.imageUrl ?? '',
    };
    // A hosted deployment's template names the organization role with Clerk's own shortcode ({{org.role}}); its
    // free-form `role` and `user_id` are not trusted by the backend (issue 31 item 12), but stay here to prove that.
    if (org && role)
      Object.assign(claims, {
        org_id: org.id,
        org_slug: org.slug,
        org_role: role,
        role: role === 'org:admin' ? 'admin' : role,
      });
    return signJwt(claims);
  }

  function createSession(userId: string, orgId: string | null, version: 1 | 2 = 2) {
    membership(userId, orgId);
    const session: StandInSession = { id: `sess_${randomBytes(12).toString('hex')}`, userId, orgId, version };
    sessions.set(session.id, session);
    const issuedAt = nowSeconds();
    return { session, token: sessionToken(session.id, { issuedAt }), issuedAt };
  }

  function setActiveOrganization(sessionId: string, orgId: string | null): string {
    const session = sessionOf(sessionId);
    membership(session.userId, orgId);
    session.orgId = orgId;
    return sessionToken(sessionId);
  }

  function organizationJson(org: StandInOrganization) {
    const created = Date.parse('2025-01-01T00:00:00Z');
    const members = [...users.values()].filter((u) => u.memberships[org.id]).length;
    return {
      object: 'organization',
      id: org.id,
      name: org.name,
      slug: org.slug,
      image_url: '',
      has_image: false,
      members_count: members,
      pending_invitations_count: 0,
      max_allowed_memberships: 0,
      admin_delete_enabled: true,
      public_metadata: org.publicMetadata,
      private_metadata: {},
      created_by: [...users.values()].find((u) => u.memberships[org.id] === 'org:admin')?.id ?? '',
      created_at: created,
      updated_at: created,
    };
  }

  /** The Backend API: the secret key as Bearer, Clerk's paths and error envelope. */
  async function backendApi(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const method = req.method ?? 'GET';
    if (method === 'GET' && path === '/v1/jwks') return sendJson(res, 200, { keys: keys.map((k) => k.jwk) });
    const org = /^\/v1\/organizations\/([^/]+)$/.exec(path);
    if (method === 'GET' && org) {
      const found =
        organizations.get(decodeURIComponent(org[1] ?? '')) ??
        [...organizations.values()].find((o) => o.slug === org[1]);
      return found
        ? sendJson(res, 200, organizationJson(found))
        : clerkError(res, 404, 'resource_not_found', 'Not found');
    }
    const token = /^\/v1\/sessions\/([^/]+)\/tokens(?:\/([^/]+))?$/.exec(path);
    if (method === 'POST' && token) {
      await readBody(req);
      const session = sessions.get(decodeURIComponent(token[1] ?? ''));
      if (!session) return clerkError(res, 404, 'resource_not_found', 'Session not found');
      const template = token[2] ? decodeURIComponent(token[2]) : undefined;
      if (template && template !== BACKEND_TEMPLATE)
        return clerkError(res, 404, 'resource_not_found', `JWT template ${template} not found`);
      const jwt = template ? backendTemplateToken(session.id) : sessionToken(session.id);
      return sendJson(res, 200, { object: 'token', jwt });
    }
    return clerkError(res, 404, 'resource_not_found', `The stand-in does not serve ${method} ${path}`);
  }

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://clerk.invalid').pathname;
    const authorized = req.headers.authorization === `Bearer ${options.secretKey}`;
    const work = async () => {
      if (options.fallback && (await options.fallback(req, res, path))) return;
      requests.push({ method: req.method ?? 'GET', path, authorized });
      if (path === '/.well-known/jwks.json') return sendJson(res, 200, { keys: keys.map((k) => k.jwk) });
      console.info(`[clerk-stand-in] ${req.method} ${path}${authorized ? '' : ' (no secret key)'}`);
      if (!path.startsWith('/v1/')) return clerkError(res, 404, 'resource_not_found', 'Not found');
      if (!authorized) return clerkError(res, 401, 'authentication_invalid', 'Invalid secret key');
      return backendApi(req, res, path);
    };
    work().catch((error: unknown) => {
      console.error('[clerk-stand-in] request failed:', error);
      if (!res.headersSent) sendJson(res, 500, { error: String(error) });
      else res.end();
    });
  });
  server.listen(options.port ?? 0, host);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    url,
    jwksUrl: `${url}/.well-known/jwks.json`,
    users,
    organizations,
    sessions,
    requests,
    createSession,
    setActiveOrganization,
    sessionToken,
    backendTemplateToken,
    signJwt,
    rotateKey: () => {
      keys.push(newSigningKey());
      return current().kid;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Clerk's cookie suffix: the first 8 characters of base64url(sha1(publishable key)) (@clerk/shared getCookieSuffix). */
export function clerkCookieSuffix(publishableKey: string): string {
  return createHash('sha1').update(publishableKey).digest('base64url').slice(0, 8);
}

/**
 * The cookies a browser holds on the application's domain after a sign-in at a development instance: the session
 * token, the client's last update, and the dev browser token, each also under the instance-suffixed name.
 */
export function signedInCookies(
  publishableKey: string,
  token: string,
  clientUpdatedAt: number,
  devBrowser = 'dvb_e2e',
): Record<string, string> {
  const suffix = clerkCookieSuffix(publishableKey);
  const plain: Record<string, string> = {
    __session: token,
    __client_uat: String(clientUpdatedAt),
    __clerk_db_jwt: devBrowser,
  };
  const all: Record<string, string> = {};
  for (const [name, value] of Object.entries(plain)) {
    all[name] = value;
    all[`${name}_${suffix}`] = value;
  }
  return all;
}

/** The cookies of a signed-out browser at a development instance (a dev browser, no client). */
export function signedOutCookies(publishableKey: string, devBrowser = 'dvb_e2e'): Record<string, string> {
  const suffix = clerkCookieSuffix(publishableKey);
  return {
    __client_uat: '0',
    [`__client_uat_${suffix}`]: '0',
    __clerk_db_jwt: devBrowser,
    [`__clerk_db_jwt_${suffix}`]: devBrowser,
  };
}

/** A publishable key of a development instance whose Frontend API is `host`. */
export function publishableKeyFor(host: string): string {
  return `pk_test_${Buffer.from(`${host}$`).toString('base64').replace(/=+$/, '')}`;
}
