import { DEVICE_HEADER } from '@/lib/auth/sign-in-device';
import { errorResponse, jsonResponse, readJsonObject } from '../http-util';
import { peerAddress } from '../peer-address';
import { tooManyAttemptsResponse } from '../sign-in-throttle';
import { signBackendToken } from '../token';
import { RBAC_OBJECTS } from '../rbac/objects';
import { expandRoles } from '../rbac/policies';
import type { RequestIdentity } from '../identity';
import type { AuthedContext, PublicContext, Route } from './types';

const TOKEN_TTL_SECONDS = 24 * 60 * 60;
const CRUD_ACTIONS = ['create', 'read', 'update', 'delete'] as const;

function basicCredentials(header: string | null): { username: string; password: string } | undefined {
  const match = /^basic\s+(\S+)$/i.exec(header?.trim() ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) } : undefined;
}

async function readCredentials(
  request: Request,
): Promise<{ ok: true; username: string; password: string } | { ok: false; error: string }> {
  const type = request.headers.get('content-type') ?? '';
  // Like the real backend, a bodiless login may carry the credentials as HTTP Basic.
  const fromHeader = basicCredentials(request.headers.get('authorization'));
  if (fromHeader && !type) return { ok: true, ...fromHeader };
  if (type.includes('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(await request.text());
    const username = form.get('username');
    const password = form.get('password');
    if (!username || !password) return { ok: false, error: 'username and password are required' };
    return { ok: true, username, password };
  }
  const body = await readJsonObject(request);
  if (!body.ok) return body;
  const { username, password } = body.value;
  if (typeof username !== 'string' || typeof password !== 'string' || !username.trim() || !password) {
    return { ok: false, error: 'username and password are required' };
  }
  return { ok: true, username: username.trim(), password };
}

/**
 * POST /auth/login: username (or email) and password → a 24 h bearer token the console keeps server-side. The token
 * is stateless (not in access_tokens): it lives no longer than the console's session, which the console revokes.
 * Repeated failures per account and per client address answer 429 with Retry-After (sign-in-throttle.ts).
 */
async function login(ctx: PublicContext): Promise<Response> {
  const credentials = await readCredentials(ctx.request);
  if (!credentials.ok) return errorResponse(400, credentials.error);
  const { authenticator, db } = ctx.services;
  // The console passes the proof of a device that signed in before (verified inside signIn, never trusted as is).
  const device = ctx.request.headers.get(DEVICE_HEADER) ?? undefined;
  const checked = await authenticator.signIn(
    credentials.username,
    credentials.password,
    peerAddress(ctx.request),
    device,
  );
  if ('retryAfterSeconds' in checked) return tooManyAttemptsResponse(checked.retryAfterSeconds);
  const identity = 'personId' in checked ? await authenticator.identityFor(checked.personId, 'bearer') : null;
  if (!identity) return errorResponse(401, 'invalid username or password');
  await db.query('UPDATE people SET last_login = now() WHERE id = $1', [identity.personId]);
  const token = signBackendToken({ sub: identity.personId, ttlSeconds: TOKEN_TTL_SECONDS });
  const { id, name, email, avatar } = identity.user;
  return jsonResponse({
    message: 'success',
    payload: {
      token,
      expires_at: new Date(Date.now() + TOKEN_TTL_SECONDS * 1000).toISOString(),
      user: { id, name, ...(email ? { email } : {}), ...(avatar ? { avatar } : {}) },
    },
  });
}

/**
 * whoami roles as the real backend lists them: the implicit roles (inherited, with `everyone`) followed by the
 * direct ones, duplicates included, plus team ids (backend-contract §2.2).
 */
export function whoamiRoles(identity: RequestIdentity): string[] {
  const direct = [...identity.roles, 'everyone', ...identity.teams];
  const implicit = [
    ...expandRoles(identity.roles).filter((r) => r !== 'everyone'),
    'everyone',
    ...identity.teams,
  ];
  const ordered = [...identity.roles, ...implicit.filter((r) => !identity.roles.includes(r))];
  return [...ordered, ...direct];
}

async function whoami(ctx: AuthedContext): Promise<Response> {
  const policies = await ctx.services.enforcer.listFor(ctx.identity);
  const permissions = policies.map((p) => ({
    id: p.id,
    subject: p.subject,
    object: p.object,
    action: p.action,
    ...(p.deny ? { deny: true } : {}),
    condition: p.condition ?? '',
  }));
  // What the caller may do on each object, as newer backends answer: the console offers nothing else (issue 37).
  const effective: Record<string, string[]> = {};
  for (const object of RBAC_OBJECTS) {
    const allowed: string[] = [];
    for (const action of CRUD_ACTIONS) {
      if (await ctx.services.enforcer.check(ctx.identity, object, action)) allowed.push(action);
    }
    if (allowed.length > 0) effective[object] = allowed;
  }
  // The real backend adds the server's host name; it tells a caller nothing it needs and maps the deployment.
  return jsonResponse({
    message: 'success',
    payload: {
      user: ctx.identity.user,
      roles: whoamiRoles(ctx.identity),
      permissions,
      effective_permissions: effective,
    },
  });
}

/** Tokens are stateless, so logout only acknowledges; the console drops its session itself. */
async function logout(): Promise<Response> {
  return jsonResponse({ message: 'logged out' });
}

export const authRoutes: Route[] = [
  { method: 'POST', path: '/auth/login', public: true, handle: login },
  { method: 'POST', path: '/auth/logout', public: true, handle: logout },
  { method: 'GET', path: '/auth/logout', public: true, handle: logout },
  { method: 'GET', path: '/auth/whoami', handle: whoami },
];
