import 'server-only';
import { randomUUID } from 'node:crypto';
import NextAuth, { CredentialsSignin, type NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { BackendError } from '@/lib/backend/errors';
import { defaultTransport, type Transport } from '@/lib/backend/transport';
import { loadIdentity, loginWithPassword, type Identity } from '@/lib/auth/identity';
import { rememberIdentity, sessionIdentityKey, withNewestIdentity } from '@/lib/auth/newest-identity';
import { safeReturnTo } from '@/lib/auth/return-to';
import { getAuthSecret } from '@/lib/auth/secret';
import { SESSION_MAX_AGE_SECONDS, SESSION_REFRESH_MS } from '@/lib/auth/session';
import { isSessionRevoked, revokeSession } from '@/lib/auth/session-revocation';
import {
  cookieValue,
  DEVICE_COOKIE,
  DEVICE_MAX_AGE_SECONDS,
  deviceProofFor,
  rememberDevice,
} from '@/lib/auth/sign-in-device';
import {
  CLIENT_ADDRESS_HEADER,
  recordSignInFailure,
  recordSignInSuccess,
  signInWaitSeconds,
} from '@/lib/auth/sign-in-throttle';
import { getEnv } from '@/lib/env';
import { log, probes, type SignInOutcome } from '@/lib/telemetry/probes';

/** Where next-auth lives: /api/auth/* belongs to the backend (whoami), so the console's own routes move here. */
export const AUTH_BASE_PATH = '/api/session';

class InvalidCredentials extends CredentialsSignin {
  code = 'invalid_credentials';
}

class BackendUnavailable extends CredentialsSignin {
  code = 'backend_unavailable';
}

/** Sign-in refused by the backoff; the sign-in form shows 'Too many attempts, try again in N seconds'. */
export class TooManyAttempts extends CredentialsSignin {
  code = 'too_many_attempts';
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

/** The wait a backend's 429 names ('… try again in N seconds'), or a minute when it names none. */
export function retryAfterSeconds(message: string): number {
  const seconds = Number(/try again in (\d+) seconds?/i.exec(message)?.[1]);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 60;
}

/** A redirect target of next-auth (callbackUrl, redirectTo) on this origin, through the one return_to check. */
export function safeRedirect(url: string, baseUrl: string): string {
  const origin = new URL(baseUrl).origin;
  if (url.startsWith('/')) return `${origin}${safeReturnTo(url)}`;
  try {
    const target = new URL(url);
    if (target.origin === origin)
      return `${origin}${safeReturnTo(`${target.pathname}${target.search}${target.hash}`)}`;
  } catch {
    // not a URL
  }
  return `${origin}/`;
}

interface SignInUser {
  id: string;
  backendToken?: string;
  backendCookie?: string;
  identity: Identity;
}

/** The encrypted JWT inside the session cookie; the backend credential never leaves the server. */
export interface SessionToken {
  sub?: string;
  /** The session id minted at sign-in; sign-out records it as ended (lib/auth/session-revocation). */
  sid?: string;
  /** Epoch ms of the sign-in (a password change ends the sessions signed in before it). */
  signedInAt?: number;
  /** Epoch seconds the JWT expires (set by next-auth). */
  exp?: number;
  /** Basic mode: the bearer token the backend's login endpoint issued. */
  backendToken?: string;
  /** Kratos mode: the identity server's session cookie, which the backend validates with toSession. */
  backendCookie?: string;
  identity?: Identity;
  refreshedAt?: number;
}

/** The transport that presents a session's backend credential: a bearer token or the Kratos session cookie. */
export function credentialTransport(credential: { backendToken?: string; backendCookie?: string }): {
  transport: Transport;
  token: string | undefined;
} {
  const base = defaultTransport();
  if (!credential.backendCookie) return { transport: base, token: credential.backendToken };
  const cookie = credential.backendCookie;
  return {
    transport: (path, init) => {
      const headers = new Headers(init?.headers);
      headers.set('cookie', cookie);
      return base(path, { ...init, headers });
    },
    token: undefined,
  };
}

/**
 * Leaves the device proof of a successful sign-in in its httpOnly cookie (lib/auth/sign-in-device.ts). Server
 * actions and route handlers may set cookies; anywhere else (a call outside a request) there is nothing to set.
 */
async function rememberThisDevice(
  request: Request | undefined,
  username: string,
  personId: string,
): Promise<void> {
  try {
    const { cookies } = await import('next/headers');
    const value = rememberDevice(
      cookieValue(request?.headers.get('cookie'), DEVICE_COOKIE),
      { account: username, personId },
      getAuthSecret(),
    );
    const https =
      request?.headers.get('x-forwarded-proto') === 'https' ||
      (request ? new URL(request.url).protocol === 'https:' : false);
    (await cookies()).set(DEVICE_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: https,
      path: '/',
      maxAge: DEVICE_MAX_AGE_SECONDS,
    });
  } catch {
    // Not inside a request: the sign-in stands, the device is just not remembered.
  }
}

/** The basic mode's password check against the backend, with the sign-in backoff (issue 13). */
async function authorizePassword(
  credentials: Partial<Record<'username' | 'password', unknown>> | undefined,
  request: Request | undefined,
): Promise<SignInUser> {
  const username = typeof credentials?.username === 'string' ? credentials.username.trim() : '';
  const password = typeof credentials?.password === 'string' ? credentials.password : '';
  // Passwords are the console's to check in basic mode only (Kratos checks its own; standalone has none).
  if (!username || !password || getEnv().AUTH_PROVIDER !== 'basic') throw new InvalidCredentials();
  // The form, kiosk links and POSTs to /api/session/callback/credentials all end here.
  const address = request?.headers?.get(CLIENT_ADDRESS_HEADER);
  // A device that signed in to this account before passes the account's lock (not the address's).
  const device = deviceProofFor(
    cookieValue(request?.headers?.get('cookie'), DEVICE_COOKIE),
    username,
    getAuthSecret(),
  );
  const wait = signInWaitSeconds(username, address, Date.now(), {
    trustedDevice: device !== undefined,
  });
  if (wait > 0) throw new TooManyAttempts(wait);
  const transport = defaultTransport();
  try {
    const { token } = await loginWithPassword(transport, username, password, device);
    const identity = await loadIdentity(transport, token);
    recordSignInSuccess(username);
    await rememberThisDevice(request, username, identity.user.id);
    const user: SignInUser = { id: identity.user.id, backendToken: token, identity };
    return user;
  } catch (error) {
    if (error instanceof BackendError && (error.status === 401 || error.status === 400)) {
      recordSignInFailure(username, address);
      throw new InvalidCredentials();
    }
    // The backend backs off too (it counts the console's own address when reached over HTTP).
    if (error instanceof BackendError && error.status === 429)
      throw new TooManyAttempts(retryAfterSeconds(error.message));
    log.error('[auth] sign-in failed', { err: error });
    throw new BackendUnavailable();
  }
}

/** What a password sign-in came to, for the sign-in metric and span. */
function signInOutcome(error: unknown): SignInOutcome {
  if (error === undefined) return 'success';
  if (error instanceof TooManyAttempts) return 'throttled';
  if (error instanceof BackendUnavailable) return 'unavailable';
  if (error instanceof InvalidCredentials) return 'invalid';
  return 'error';
}

function config(): NextAuthConfig {
  return {
    basePath: AUTH_BASE_PATH,
    secret: getAuthSecret(),
    trustHost: true,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/login', error: '/login', signOut: '/logout' },
    logger: {
      // A wrong password is a normal event, not a server error with a stack trace.
      error(error) {
        if (error instanceof CredentialsSignin || error.name === 'CredentialsSignin') return;
        log.error(`[auth] ${error.name}: ${error.message}`);
      },
    },
    providers: [
      Credentials({
        credentials: { username: { label: 'Username' }, password: { label: 'Password', type: 'password' } },
        authorize: (credentials, request) =>
          // Every password sign-in (form, kiosk link, API callback) ends here: one place to count its outcome.
          probes().signIn(
            () => authorizePassword(credentials, request),
            (_user, error) => signInOutcome(error),
          ),
      }),
      Credentials({
        // Kratos mode: the session was established with the identity server; the backend's whoami, called with
        // its session cookie, says who this is. A forged cookie fails whoami, so posting here proves nothing.
        id: 'kratos',
        credentials: { cookie: { label: 'Kratos session cookie' } },
        async authorize(credentials) {
          const cookie = typeof credentials?.cookie === 'string' ? credentials.cookie : '';
          if (!cookie || getEnv().AUTH_PROVIDER !== 'kratos') throw new InvalidCredentials();
          try {
            const { transport } = credentialTransport({ backendCookie: cookie });
            const identity = await loadIdentity(transport, undefined);
            const user: SignInUser = { id: identity.user.id, backendCookie: cookie, identity };
            return user;
          } catch (error) {
            if (error instanceof BackendError && (error.status === 401 || error.status === 403))
              throw new InvalidCredentials();
            log.error('[auth] kratos session could not be loaded', { err: error });
            throw new BackendUnavailable();
          }
        },
      }),
    ],
    events: {
      // Every copy of the cookie stops working: the session id is recorded as ended (issue 13 §9).
      async signOut(message) {
        const token = 'token' in message ? (message.token as SessionToken | null) : null;
        if (token?.sid)
          await revokeSession(token.sid, (token.exp ?? Date.now() / 1000 + SESSION_MAX_AGE_SECONDS) * 1000);
      },
    },
    callbacks: {
      redirect({ url, baseUrl }) {
        return safeRedirect(url, baseUrl);
      },
      async jwt({ token, user, trigger }) {
        const t = token as typeof token & SessionToken;
        if (user) {
          const u = user as unknown as SignInUser;
          const now = Date.now();
          return {
            ...token,
            sub: u.id,
            sid: randomUUID(),
            signedInAt: now,
            backendToken: u.backendToken,
            backendCookie: u.backendCookie,
            identity: u.identity,
            refreshedAt: now,
          };
        }
        if (!t.identity || (!t.backendToken && !t.backendCookie)) return null;
        // Runs for every page in middleware: a signed-out session is cleared from the browser too.
        if (await isSessionRevoked({ sid: t.sid, userId: t.sub, signedInAt: t.signedInAt })) return null;
        // An older copy of the cookie (a response that raced the last re-read) cannot roll the identity back.
        const current = withNewestIdentity(t);
        // Runs in middleware too (auth() wrapper): a refreshed token is written back as the new session cookie.
        // 'update' (refreshSessionAction): the flags or grants just changed, so whoami is read again now.
        if (trigger === 'update' || Date.now() - (current.refreshedAt ?? 0) > SESSION_REFRESH_MS) {
          const startedAt = Date.now();
          try {
            const { transport, token: bearer } = credentialTransport(t);
            const read = { identity: await loadIdentity(transport, bearer), refreshedAt: startedAt };
            rememberIdentity(sessionIdentityKey(t.sid), read);
            return { ...token, ...read };
          } catch (error) {
            // A rejected token ends the session; a backend hiccup keeps the last known identity.
            if (error instanceof BackendError && error.status === 401) return null;
            return current;
          }
        }
        return current;
      },
      session({ session, token }) {
        const t = token as typeof token & SessionToken;
        // Only what the page needs; the token is deliberately left out.
        return { ...session, identity: t.identity, refreshedAt: t.refreshedAt } as typeof session;
      },
    },
  };
}

export const { handlers, auth, signIn, signOut, unstable_update: updateSession } = NextAuth(() => config());

export function authModeIsNextAuth(): boolean {
  const mode = getEnv().AUTH_PROVIDER;
  return mode === 'basic' || mode === 'kratos';
}
