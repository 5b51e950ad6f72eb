import 'server-only';
import NextAuth, { CredentialsSignin, type NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { BackendError } from '@/lib/backend/errors';
import { defaultTransport } from '@/lib/backend/transport';
import { loadIdentity, loginWithPassword, type Identity } from '@/lib/auth/identity';
import { getAuthSecret } from '@/lib/auth/secret';
import { SESSION_MAX_AGE_SECONDS, SESSION_REFRESH_MS } from '@/lib/auth/session';
import { getEnv } from '@/lib/env';

/** Where next-auth lives: /api/auth/* belongs to the backend (whoami), so the console's own routes move here. */
export const AUTH_BASE_PATH = '/api/session';

class InvalidCredentials extends CredentialsSignin {
  code = 'invalid_credentials';
}

class BackendUnavailable extends CredentialsSignin {
  code = 'backend_unavailable';
}

interface SignInUser {
  id: string;
  backendToken: string;
  identity: Identity;
}

/** The encrypted JWT inside the session cookie; the backend token never leaves the server. */
export interface SessionToken {
  sub?: string;
  backendToken?: string;
  identity?: Identity;
  refreshedAt?: number;
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
        console.error('[auth]', error.name, error.message);
      },
    },
    providers: [
      Credentials({
        credentials: { username: { label: 'Username' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials) {
          const username = typeof credentials?.username === 'string' ? credentials.username.trim() : '';
          const password = typeof credentials?.password === 'string' ? credentials.password : '';
          if (!username || !password) throw new InvalidCredentials();
          const transport = defaultTransport();
          try {
            const { token } = await loginWithPassword(transport, username, password);
            const identity = await loadIdentity(transport, token);
            const user: SignInUser = { id: identity.user.id, backendToken: token, identity };
            return user;
          } catch (error) {
            if (error instanceof BackendError && (error.status === 401 || error.status === 400)) {
              throw new InvalidCredentials();
            }
            console.error('[auth] sign-in failed:', error instanceof Error ? error.message : error);
            throw new BackendUnavailable();
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        const t = token as typeof token & SessionToken;
        if (user) {
          const u = user as unknown as SignInUser;
          return { ...token, sub: u.id, backendToken: u.backendToken, identity: u.identity, refreshedAt: Date.now() };
        }
        if (!t.identity || !t.backendToken) return null;
        if (Date.now() - (t.refreshedAt ?? 0) > SESSION_REFRESH_MS) {
          try {
            const identity = await loadIdentity(defaultTransport(), t.backendToken);
            return { ...token, identity, refreshedAt: Date.now() };
          } catch (error) {
            // A rejected token ends the session; a backend hiccup keeps the last known identity.
            if (error instanceof BackendError && error.status === 401) return null;
            return token;
          }
        }
        return token;
      },
      session({ session, token }) {
        const t = token as typeof token & SessionToken;
        // Only what the page needs; the token is deliberately left out.
        return { ...session, identity: t.identity, refreshedAt: t.refreshedAt } as typeof session;
      },
    },
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => config());

export function authModeIsNextAuth(): boolean {
  const mode = getEnv().AUTH_PROVIDER;
  return mode === 'basic';
}
