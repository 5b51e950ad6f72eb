import { Authenticator } from './authenticate';
import { ClerkModeAuthenticator, clerkModeFromEnv, type ClerkModeOptions } from './clerk-auth';
import { engineErrorResponse } from './db/engine-errors';
import { EventHub, type EventHubOptions } from './events/hub';
import { observedDatabase } from './db/observed-database';
import type { Database } from './db/types';
import { NATIVE_ROUTES } from './endpoints';
import type { BackendServices, Route } from './endpoints/types';
import type { RequestIdentity } from './identity';
import { jsonResponse } from './http-util';
import { IDENTITY_LIMITS, IdentityLimiter, type IdentityLimits } from './identity-limiter';
import { createPostgrestHandler } from './postgrest';
import { ReadCache, readCacheKey, type ReadCacheOptions } from './read-cache';
import { Enforcer } from './rbac/enforcer';
import { gateDbRequest, relationAccess, requirePermission } from './rbac/gate';
import { createRouter } from './router';
import { checkSpecWrite } from './spec-guard';
import { log, probes } from '@/lib/telemetry/probes';
import { REQUEST_ID_HEADER } from '@/lib/telemetry/request-id';
import { backendPathTemplate } from '@/lib/telemetry/endpoint-template';

export type BackendHandler = ((request: Request) => Promise<Response>) & {
  services: BackendServices;
  readCache: ReadCache | null;
  limiter: IdentityLimiter;
};

export interface BackendHandlerOptions {
  /** The /db read cache (read-cache.ts); `false` serves every read fresh. */
  readCache?: ReadCacheOptions | false;
  /** Clerk mode (clerk-auth.ts); defaults to CLERK_JWKS_URL and CLERK_ORG_ID, `false` keeps it off. */
  clerk?: ClerkModeOptions | false;
  /** Requests per identity at once and queued (identity-limiter.ts); defaults to the engine's IDENTITY_LIMITS. */
  identityLimits?: IdentityLimits;
  /** GET /events tuning (events/hub.ts): coalescing window, replay window, streams per session, heartbeat. */
  events?: Partial<EventHubOptions>;
}

/**
 * /db writes to these change who may do what, so the RBAC and identity caches are dropped after them (an agent's
 * soft delete also deletes its person).
 */
const RBAC_TABLES = new Set([
  'permissions',
  'permission_groups',
  'team_members',
  'teams',
  'people',
  'identities',
  'casbin_rule',
  'agents',
]);

/** Builds the Fetch-API handler of the embedded backend over an already migrated database. */
export function createBackendHandler(
  engine: Database,
  routes: readonly Route[] = NATIVE_ROUTES,
  options: BackendHandlerOptions = {},
): BackendHandler {
  const db = observedDatabase(engine);
  const clerk = options.clerk === undefined ? clerkModeFromEnv() : options.clerk || undefined;
  const services: BackendServices = {
    db,
    enforcer: new Enforcer(db),
    authenticator: clerk ? new ClerkModeAuthenticator(db, clerk) : new Authenticator(db),
    postgrest: createPostgrestHandler(db),
    events: new EventHub(db, options.events),
  };
  const route = createRouter(routes);
  const readCache = options.readCache === false ? null : new ReadCache(db, options.readCache);
  const limiter = new IdentityLimiter(options.identityLimits ?? IDENTITY_LIMITS[db.kind]);

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const pathname = url.pathname.replace(/\/{2,}/g, '/');
    const match = route(request.method, pathname);
    if (match && 'route' in match && match.route.public) {
      return match.route.handle({ request, url, params: match.params, services, identity: null });
    }
    const auth = await services.authenticator.authenticate(request);
    if ('response' in auth) return auth.response;
    const { identity } = auth;
    // Everything past authentication may use the database: one identity's requests wait in its own queue.
    return limiter.run(
      identity.personId,
      () => serve(request, url, pathname, match, identity),
      pathname.startsWith('/db/') ? 'postgrest' : 'native',
    );
  };

  const serve = async (
    request: Request,
    url: URL,
    pathname: string,
    match: ReturnType<typeof route>,
    identity: RequestIdentity,
  ): Promise<Response> => {
    // Any other method may write; the snapshot key already misses old entries, this also frees them at once.
    if (readCache && request.method !== 'GET' && request.method !== 'HEAD') readCache.clear();

    if (match && 'route' in match && !match.route.public) {
      const { permission } = match.route;
      if (permission) {
        const denied = await requirePermission(
          services.enforcer,
          identity,
          permission.object,
          permission.action,
        );
        if (denied) return denied;
      }
      return match.route.handle({ request, url, params: match.params, services, identity });
    }
    if (match) return jsonResponse({ message: 'Method Not Allowed' }, 405);

    if (pathname.startsWith('/db/')) {
      let resource: string;
      try {
        resource = decodeURIComponent(pathname.slice('/db/'.length)).replace(/\/+$/, '');
      } catch {
        return new Response(null, { status: 404 });
      }
      const gate = await gateDbRequest(services.enforcer, identity, request.method, resource);
      if (!gate.allowed) return gate.response;
      const invalidSpec = await checkSpecWrite(request, resource);
      if (invalidSpec) return invalidSpec;
      const access = relationAccess(services.enforcer, identity);
      // Only table and view reads are shared: a function called by GET may still have side effects.
      if (
        readCache &&
        gate.action === 'read' &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !resource.startsWith('rpc/')
      ) {
        return readCache.serve(readCacheKey(request, url, identity), (snapshot) =>
          services.postgrest(request, resource, { personId: identity.personId, snapshot, access }),
        );
      }
      const response = await services.postgrest(request, resource, { personId: identity.personId, access });
      if (gate.action !== 'read' && RBAC_TABLES.has(resource)) {
        services.enforcer.invalidate();
        services.authenticator.invalidate();
      }
      return response;
    }
    return jsonResponse({ message: 'Not Found' }, 404);
  };

  const safe = (request: Request): Promise<Response> =>
    probes().backendRequest(request, () => answer(request));

  const answer = async (request: Request): Promise<Response> => {
    try {
      return await handle(request);
    } catch (error) {
      // A statement the engine cut or lost (authentication, RBAC lookups) is answered as such, not as a server fault.
      const engine = engineErrorResponse(error);
      if (engine) return engine;
      // The echo fallback of the real backend: a handler error becomes a generic 500, details go to the log.
      log.error(
        `[embedded-backend] ${request.method} ${backendPathTemplate(new URL(request.url).pathname)} failed`,
        { err: error, reqId: request.headers.get(REQUEST_ID_HEADER) },
      );
      return jsonResponse({ message: 'Internal Server Error' }, 500);
    }
  };
  return Object.assign(safe, { services, readCache, limiter });
}
