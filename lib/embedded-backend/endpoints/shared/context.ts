import type { Database } from '../../db/types';

/** The signed-in caller as the endpoints see it (the router resolves it from Basic, cookie or bearer credentials). */
export interface EndpointIdentity {
  id: string;
  name?: string | null;
  email?: string | null;
}

/** What every native endpoint receives; `params` are the path parameters of the matched route. */
export interface EndpointContext {
  request: Request;
  db: Database;
  identity: EndpointIdentity | null;
  params: Record<string, string>;
  url: URL;
}

export type EndpointHandler = (ctx: EndpointContext) => Promise<Response>;

/** One native route: the router matches method + pattern (`:name` segments) and calls handler. */
export interface EndpointRoute {
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT';
  pattern: string;
  handler: EndpointHandler;
}
