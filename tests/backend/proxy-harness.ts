import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { computeGrants, isRole, type Role } from '@/lib/auth/permissions';
import type { ConsoleSession } from '@/lib/auth/session';
import { apiRoute } from '@/lib/backend/api-route';
import { startFetchServer, type RunningServer } from '@/scripts/lib/node-http';
import { proxyRequest, type ProxyLimits } from '@/lib/backend/proxy';
import { restFromUrl } from '@/lib/backend/request-target';
import { httpTransport, type Transport } from '@/lib/backend/transport';
import type { AuthMode } from '@/lib/routes';

/** Shared by the proxy contract tests: a recording loopback upstream and proxyRequest served over node:http. */

export function sessionFor(role: Role, mode: AuthMode = 'basic'): ConsoleSession {
  return {
    mode,
    user: { id: `user-${role}`, name: role },
    roles: [role],
    grants: computeGrants([role]),
    features: {},
    refreshedAt: Date.now(),
  };
}

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bodyBytes: number;
}

export type UpstreamRoute = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface Upstream {
  server: Server;
  url: string;
  port: number;
  received: Recorded[];
  close: () => Promise<void>;
}

/** Answers 200 JSON with a few headers the proxy must pass or drop, unless a route handles the request. */
export async function startUpstream(routes: UpstreamRoute[] = []): Promise<Upstream> {
  const received: Recorded[] = [];
  const server = createServer((req, res) => {
    let bodyBytes = 0;
    req.on('data', (chunk: Buffer) => {
      bodyBytes += chunk.length;
    });
    req.on('error', () => undefined);
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, bodyBytes });
      if (routes.some((route) => route(req, res))) return;
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-range': '0-0/1',
        'cache-control': 'max-age=5',
        'x-rbac-subject': 'someone',
        'set-cookie': 'backend_session=secret; Path=/',
        server: 'upstream-secret',
        'x-powered-by': 'upstream',
        'x-backend-address': `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      });
      res.end(JSON.stringify({ ok: true, bodyBytes }));
    });
    // Routes that answer before the body ends (streaming) are called on 'end' too; body-less methods end at once.
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface ProxyServerOptions {
  transport: Transport;
  mode?: AuthMode;
  limits?: Partial<ProxyLimits>;
  healthSummaryPath?: string;
  /** The backend token of a role (default `token-<role>`). */
  tokenFor?: (role: Role) => string;
}

export const TEST_LIMITS: ProxyLimits = { maxBodyBytes: 1024 * 1024, timeoutMs: 800 };

/**
 * The proxy core inside the same route wrapper as app/api/[...path] (cross-site check, headers, no-store). The
 * role comes from a test-only header (which the proxy must not forward); no header = anonymous.
 */
export async function startProxy(options: ProxyServerOptions): Promise<RunningServer> {
  const handler = apiRoute((request: Request, rawTarget: string) => {
    const role = request.headers.get('x-test-role');
    const mode = options.mode ?? 'basic';
    const session = mode === 'none' ? sessionFor('viewer', 'none') : isRole(role) ? sessionFor(role) : null;
    return proxyRequest(request, {
      rest: restFromUrl(rawTarget),
      access: {
        session,
        token:
          session && mode !== 'none' && isRole(role)
            ? (options.tokenFor?.(role) ?? `token-${role}`)
            : undefined,
        transport: options.transport,
      },
      mode,
      limits: { ...TEST_LIMITS, ...options.limits },
      healthSummaryPath: options.healthSummaryPath,
    });
  });
  return startFetchServer(handler);
}

/**
 * A backend address nothing listens on. Not a port just closed: the proxy under test listens on port 0 and the
 * system may hand it that same port, so the proxy forwarded to itself and answered 401 (CI rehearsal 2026-12-06).
 * Port 1 is privileged and unused on a test machine: a connection is refused at once.
 */
export const UNREACHABLE_BACKEND_URL = 'http://127.0.0.1:1';

export function transportTo(url: string): Transport {
  return httpTransport(url, 60_000);
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A raw HTTP/1.1 request with the target sent exactly as given (fetch would normalise it). */
export function rawRequest(
  baseUrl: string,
  target: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const headers = { ...init.headers };
  if (init.body !== undefined && !headers['transfer-encoding'] && !headers['content-length']) {
    headers['content-length'] = String(Buffer.byteLength(init.body));
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: hostname, port, path: target, method: init.method ?? 'GET', headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A JSON POST through the proxy as admin, its body streamed (chunked, no content-length) as large bodies are. */
export function postChunked(proxyUrl: string, target: string, body: Buffer): Promise<RawResponse> {
  return rawRequest(proxyUrl, target, {
    method: 'POST',
    headers: { 'x-test-role': 'admin', 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    body,
  });
}
