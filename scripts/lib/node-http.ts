import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

/**
 * Serves a Fetch-API handler over node:http without buffering, so that the proxy core can be measured and
 * contract-tested over real sockets outside Next.js. The handler also receives the raw request target, because
 * `new Request(url)` would normalise `..` and the proxy must see what the client actually sent.
 */
export type FetchHandler = (request: Request, rawTarget: string) => Promise<Response>;

const NO_BODY = new Set(['GET', 'HEAD']);

export function toFetchRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? '';
    const value = req.rawHeaders[i + 1] ?? '';
    // Pseudo and invalid header names would make the Headers constructor throw.
    if (/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) headers.append(name, value);
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const hasBody = !NO_BODY.has(method);
  const init: RequestInit & { duplex?: 'half' } = {
    method,
    headers,
    signal,
    body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>) : undefined,
    ...(hasBody ? { duplex: 'half' } : {}),
  };
  return new Request(`http://127.0.0.1${safeUrlPath(req.url)}`, init);
}

/** A URL the Request constructor accepts even for hostile targets (the raw target is passed on separately). */
function safeUrlPath(target: string | undefined): string {
  const value = `/${(target ?? '').replace(/^\/+/, '')}`;
  return value.replace(/[\\\s]/g, '_');
}

export async function writeFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (!response.body) {
    res.end();
    return;
  }
  await pumpBody(response.body, res);
}

/**
 * Copies a web stream to the socket chunk by chunk, waiting for 'drain' (Readable.fromWeb reads ahead and
 * held ~20 MB of a 50 MB download in memory; this loop holds one chunk).
 */
async function pumpBody(body: ReadableStream<Uint8Array>, res: ServerResponse): Promise<void> {
  const reader = body.getReader();
  // A closed socket cancels the reader, which ends the loop; no per-chunk promise races (they leak chunks).
  const onClose = () => void reader.cancel().catch(() => undefined);
  res.once('close', onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      if (!res.write(value)) await waitForDrain(res);
    }
    if (!res.destroyed) res.end();
  } catch {
    await reader.cancel().catch(() => undefined);
    res.destroy();
  } finally {
    res.off('close', onClose);
  }
}

function waitForDrain(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

export interface RunningServer {
  server: Server;
  url: string;
  port: number;
  close: () => Promise<void>;
}

export async function startFetchServer(handler: FetchHandler, port = 0): Promise<RunningServer> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    (async () => {
      let response: Response;
      try {
        response = await handler(toFetchRequest(req, controller.signal), req.url ?? '/');
      } catch {
        response = Response.json({ error: 'Internal error' }, { status: 500 });
      }
      await writeFetchResponse(res, response);
    })().catch(() => res.destroy());
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    server,
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
