import type { Authenticator } from '../authenticate';
import type { Database } from '../db/types';
import type { EventHub } from '../events/hub';
import type { RequestIdentity } from '../identity';
import type { PostgrestHandler } from '../postgrest';
import type { Enforcer } from '../rbac/enforcer';

/** What every endpoint may use: the database and the shared auth, RBAC and /db machinery. */
export interface BackendServices {
  db: Database;
  enforcer: Enforcer;
  authenticator: Authenticator;
  postgrest: PostgrestHandler;
  /** The change events of GET /events (events/hub.ts). */
  events: EventHub;
}

interface BaseContext {
  request: Request;
  url: URL;
  /** Named segments of the route pattern (`/playbook/run/:id` → { id }). */
  params: Record<string, string>;
  services: BackendServices;
}

export interface PublicContext extends BaseContext {
  identity: RequestIdentity | null;
}

export interface AuthedContext extends BaseContext {
  identity: RequestIdentity;
}

interface RouteBase {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Backend path; `:name` matches one segment, a trailing `*` the rest of the path. */
  path: string;
}

export interface PublicRoute extends RouteBase {
  public: true;
  handle(ctx: PublicContext): Promise<Response>;
}

export interface AuthedRoute extends RouteBase {
  public?: false;
  /** RBAC object and action checked before the handler runs (the real middleware's check). */
  permission?: { object: string; action: string };
  handle(ctx: AuthedContext): Promise<Response>;
}

export type Route = PublicRoute | AuthedRoute;
