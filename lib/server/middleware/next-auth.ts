import type { NextMiddleware } from 'next/server';
import { auth } from '@/lib/auth/next-auth';
import { toConsoleSession } from '@/lib/auth/session';
import { getEnv } from '@/lib/env';
import { gate } from '@/lib/server/middleware/page-gate';

/** basic and kratos: next-auth decrypts the session cookie and refreshes it from whoami when it is stale. */
const nextAuthMiddleware = auth(async (request) => {
  return gate(request, toConsoleSession(request.auth, getEnv().AUTH_PROVIDER));
}) as unknown as NextMiddleware | Promise<NextMiddleware>;

/** With a lazily built config, next-auth's auth(handler) resolves to the middleware instead of being it. */
export const withNextAuth: NextMiddleware = async (request, event) =>
  (await nextAuthMiddleware)(request, event);
