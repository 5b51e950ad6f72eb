import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import {
  createBackendHandler,
  type BackendHandler,
  type BackendHandlerOptions,
} from '@/lib/embedded-backend/backend-handler';
import {
  closeEmbeddedBackend,
  getEmbeddedBackend,
  prepareDatabase,
  type EmbeddedBackend,
} from '@/lib/embedded-backend/bootstrap';
import type { Database } from '@/lib/embedded-backend/db/types';
import type { SeedOptions } from '@/lib/embedded-backend/seed';
import { setPeerAddress } from '@/lib/embedded-backend/peer-address';

export interface BackendServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Loopback only by default (and by design): the backend trusts its caller's bearer tokens. */
  host?: string;
  /** Serve this database (migrated and seeded here) instead of the process-wide one. The caller closes it. */
  database?: Database;
  seed?: SeedOptions | false;
  /** The statement timeout once the database is prepared (default DB_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /** The /db read cache of a handler built here over `database` (tests compare against `false`). */
  readCache?: BackendHandlerOptions['readCache'];
  /** Clerk mode of a handler built here over `database` (the process-wide one reads CLERK_JWKS_URL and CLERK_ORG_ID). */
  clerk?: BackendHandlerOptions['clerk'];
  /** GET /events tuning of a handler built here over `database`. */
  events?: BackendHandlerOptions['events'];
}

export interface BackendServer {
  server: Server;
  url: string;
  port: number;
  handler: BackendHandler;
  database: Database;
  /** Startup figures when the process-wide backend was opened here. */
  startup?: EmbeddedBackend['startup'];
  /** Stops listening; also closes the database when this server opened it. */
  close(): Promise<void>;
}

function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (hasBody) {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  return new Request(new URL(req.url ?? '/', origin), init);
}

async function writeResponse(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') res.setHeader(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (!response.body || req.method === 'HEAD') {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  // A client that goes away ends the body (an event stream would otherwise live until its next write).
  res.once('close', () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // Respect backpressure so a large body never piles up in memory for a slow client.
      if (!res.write(value)) await once(res, 'drain');
    }
    res.end();
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    res.destroy(error instanceof Error ? error : undefined);
  }
}

/** Serves the embedded backend's Fetch handler over node:http (used by `npm run backend` and the tests). */
export async function startBackendServer(options: BackendServerOptions): Promise<BackendServer> {
  const host = options.host ?? '127.0.0.1';
  let handler: BackendHandler;
  let database: Database;
  let startup: EmbeddedBackend['startup'] | undefined;
  const ownsDatabase = !options.database;
  if (options.database) {
    database = options.database;
    await prepareDatabase(database, { seed: options.seed, statementTimeoutMs: options.statementTimeoutMs });
    handler = createBackendHandler(database, undefined, {
      readCache: options.readCache,
      clerk: options.clerk,
      events: options.events,
    });
  } else {
    const backend = await getEmbeddedBackend({
      seed: options.seed,
      statementTimeoutMs: options.statementTimeoutMs,
    });
    database = backend.db;
    handler = backend.handler;
    startup = backend.startup;
  }

  const server = createServer((req, res) => {
    const origin = `http://${req.headers.host ?? `${host}`}`;
    let request: Request;
    const aborted = new AbortController();
    res.once('close', () => aborted.abort());
    try {
      request = toRequest(req, origin, aborted.signal);
      setPeerAddress(request, req.socket.remoteAddress);
    } catch {
      res.statusCode = 400;
      res.end();
      return;
    }
    handler(request)
      .then((response) => writeResponse(response, req, res))
      .catch((error: unknown) => {
        console.error('[embedded-backend] response failed:', error);
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
  });
  server.listen(options.port, host);
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;

  return {
    server,
    url: `http://${host}:${port}`,
    port,
    handler,
    database,
    startup,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (ownsDatabase) await closeEmbeddedBackend();
    },
  };
}
