/** @jest-environment node */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { CLIENT_ADDRESS_HEADER } from '@/lib/auth/sign-in-throttle';
import { clientAddress, guardServer, installFrontDoor, targetProblem } from '@/lib/server/front-door';
import { RESPONSE_STATUS_HEADER } from '@/lib/server/response-status';
import { API_RESPONSE_HEADERS, STATIC_SECURITY_HEADERS } from '@/lib/server/security-headers';

/**
 * The front door `next start` gets through instrumentation.ts, over real sockets: a stand-in for Next's request
 * listener records what reaches it.
 */

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: string;
  closed: boolean;
}

function send(server: Server, text: string, waitMs = 3_000): Promise<Raw> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    let closed = false;
    const done = () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body: rest.join('\r\n\r\n'),
        closed,
      });
    };
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
    });
    socket.on('close', () => {
      closed = true;
      done();
    });
    setTimeout(() => {
      socket.destroy();
    }, waitMs).unref();
  });
}

let server: Server;
const reached: IncomingMessage[] = [];

beforeAll(async () => {
  process.env.PROXY_MAX_BODY_BYTES = String(64 * 1024);
  process.env.SERVER_HEADERS_TIMEOUT_MS = '1000';
  process.env.SERVER_REQUEST_TIMEOUT_MS = '1500';
  // A short check interval so that the time-outs show within the test (Next's server checks every 30 s).
  server = createServer({ connectionsCheckingInterval: 100 }, (req, res) => {
    reached.push(req);
    res.setHeader('content-type', 'text/plain');
    // As middleware does for a refused page: it names the status, Next renders the page with 200.
    if (req.url === '/named') res.setHeader(RESPONSE_STATUS_HEADER, '403');
    if (req.url === '/named-redirect') {
      res.setHeader(RESPONSE_STATUS_HEADER, '403');
      res.statusCode = 307;
    }
    if (req.url === '/named-inline') res.writeHead(200, { [RESPONSE_STATUS_HEADER]: '403' });
    if (req.url === '/named-other') res.setHeader(RESPONSE_STATUS_HEADER, '200');
    // As the /api proxy does for a streamed body over the limit: it reads up to the limit, stops reading, answers 413
    // and closes the connection while the client may still be sending.
    if (req.url === '/early-413') {
      let read = 0;
      const overLimit = (chunk: Buffer) => {
        read += chunk.length;
        if (read <= 64 * 1024) return;
        req.off('data', overLimit);
        req.pause();
        res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
        res.end('{"error":"Request body is too large"}');
      };
      req.on('data', overLimit);
      return;
    }
    res.end('next');
  });
  guardServer(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  delete process.env.PROXY_MAX_BODY_BYTES;
  delete process.env.SERVER_HEADERS_TIMEOUT_MS;
  delete process.env.SERVER_REQUEST_TIMEOUT_MS;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function expectApiHeaders(raw: Raw): void {
  for (const [name, value] of Object.entries(API_RESPONSE_HEADERS))
    expect({ name, value: raw.headers[name.toLowerCase()] }).toEqual({ name, value });
  expect(raw.headers['content-type']).toBe('application/json');
}

describe('malformed targets never reach Next (issue 13 §12)', () => {
  it.each([
    '*',
    'http://evil.example/health',
    '/%ff',
    '/health%ff',
    '/api/db/%ff',
    '/api/db/checks%c0%af',
    '/%e2%82',
    '/%ed%a0%80',
    '/api/db/../connections',
    '/api/db/%2e%2e/auth/login',
    '/api/db/conn%2fections',
    '/api//db/checks',
  ])('GET %s → 400 JSON with the security headers', async (target) => {
    const before = reached.length;
    const raw = await send(server, `GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(raw.status).toBe(400);
    expect(JSON.parse(raw.body).error).toMatch(/^Invalid request path: /);
    expectApiHeaders(raw);
    expect(raw.closed).toBe(true);
    expect(reached.length).toBe(before);
  });

  it.each([
    '/health',
    '/health?q=%ff',
    '/api/db/conn%65ctions?select=id',
    '/topology/abc%20def',
    '/_next/static/x.js',
  ])('%s goes on to Next', (target) => {
    expect(targetProblem(target)).toBeUndefined();
  });

  it.each([
    'GET / HTTP/1.1\r\nHost: x\r\nBad header line\r\n\r\n',
    'GET /\u00ff HTTP/1.1\r\nHost: x\r\n\r\n',
    'GET /a\tb HTTP/1.1\r\n\r\n',
  ])('what Node cannot parse (%j) gets a JSON 400 with the headers instead of a bare one', async (text) => {
    const raw = await send(server, text);
    expect(raw.status).toBe(400);
    expectApiHeaders(raw);
  });
});

describe('bodies and time-outs (issue 13 §11)', () => {
  it('a declared body over the limit is refused before it is read, and the connection closes', async () => {
    const before = reached.length;
    const raw = await send(
      server,
      `POST /api/db/comments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${64 * 1024 + 1}\r\n\r\n{`,
    );
    expect(raw.status).toBe(413);
    expectApiHeaders(raw);
    expect(raw.closed).toBe(true);
    expect(reached.length).toBe(before);
  });

  it('after an answer before the body was read, the rest is read until the client stops: a lingering close, not a reset', async () => {
    const { port } = server.address() as AddressInfo;
    const chunked = (bytes: number) => `${bytes.toString(16)}\r\n${' '.repeat(bytes)}\r\n`;
    const outcome = await new Promise<{ answer: string; error?: string }>((resolve) => {
      let answer = '';
      let error: string | undefined;
      let sentMore = false;
      // Half-open, as a browser still uploading is: the server's end of its answer does not stop the sending.
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => {
        socket.write(
          'POST /early-413 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
        );
        socket.write(chunked(128 * 1024));
      });
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('latin1');
        if (sentMore || !answer.includes('Request body is too large')) return;
        sentMore = true;
        // The client is still sending when the answer comes, as a browser uploading a large body is: closing on it
        // would reset the connection (EPIPE or ECONNRESET here; a lost answer when the reset wins the race).
        setTimeout(() => {
          socket.write(chunked(256 * 1024));
          socket.end('0\r\n\r\n');
        }, 100);
      });
      socket.on('error', (e: Error & { code?: string }) => (error = e.code ?? e.message));
      socket.on('close', () => resolve({ answer, error }));
    });
    expect(outcome.answer.split(' ')[1]).toBe('413');
    expect(outcome.error).toBeUndefined();
  });

  it('sets the header and request time-outs on the server', () => {
    expect(server.headersTimeout).toBe(1000);
    expect(server.requestTimeout).toBe(1500);
  });

  it('headers that never finish get 408 JSON within the header time-out', async () => {
    const started = Date.now();
    const raw = await send(server, 'GET /health HTTP/1.1\r\nHost: x\r\n', 5_000);
    expect(raw.status).toBe(408);
    expectApiHeaders(raw);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('a body that stalls is cut at the request time-out', async () => {
    const started = Date.now();
    const raw = await send(
      server,
      'POST /api/db/comments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
      5_000,
    );
    expect(raw.closed).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('every request', () => {
  it('starts its response with the security headers (X-Frame-Options except on /view pages)', async () => {
    const page = await send(server, 'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(page.body).toBe('next');
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS))
      expect(page.headers[name.toLowerCase()]).toBe(value);
    expect(page.headers['x-frame-options']).toBe('DENY');
    const view = await send(server, 'GET /view/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(view.headers['x-frame-options']).toBeUndefined();
  });

  it('answers a page with the status middleware named (the Unauthorized page: 403 with its HTML), and drops the name', async () => {
    const get = (path: string) =>
      send(server, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    for (const path of ['/named', '/named-inline']) {
      const page = await get(path);
      expect({ path, status: page.status }).toEqual({ path, status: 403 });
      expect(page.body).toContain('next');
      expect(page.headers[RESPONSE_STATUS_HEADER]).toBeUndefined();
    }
    // A redirect keeps its own status; only 403 may be named; a page without the name is untouched.
    expect((await get('/named-redirect')).status).toBe(307);
    expect((await get('/named-other')).status).toBe(200);
    expect((await get('/health')).status).toBe(200);
  });

  it('records the client address from the socket, replacing what the client claims', async () => {
    await send(
      server,
      `GET /health HTTP/1.1\r\nHost: x\r\n${CLIENT_ADDRESS_HEADER}: 10.9.9.9\r\nX-Forwarded-For: 10.8.8.8\r\nConnection: close\r\n\r\n`,
    );
    const last = reached.at(-1);
    expect(last?.headers[CLIENT_ADDRESS_HEADER]).toBe('127.0.0.1');
    const raw = last?.rawHeaders.filter(
      (_, i, all) => i % 2 === 1 && all[i - 1]?.toLowerCase() === CLIENT_ADDRESS_HEADER,
    );
    expect(raw).toEqual(['127.0.0.1']);
  });

  it('behind trusted proxies, takes the address the nearest one appended', () => {
    const req = {
      socket: { remoteAddress: '10.0.0.2' },
      headers: { 'x-forwarded-for': '6.6.6.6, 1.2.3.4, 10.0.0.1' },
    } as unknown as IncomingMessage;
    expect(clientAddress(req, 0)).toBe('10.0.0.2');
    expect(clientAddress(req, 1)).toBe('10.0.0.1');
    expect(clientAddress(req, 2)).toBe('1.2.3.4');
    expect(clientAddress(req, 5)).toBe('10.0.0.2');
  });
});

it('installFrontDoor guards a server from its first request on (diagnostics channel), as in next start', async () => {
  const plain = createServer((_req, res) => res.end('next'));
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  try {
    installFrontDoor();
    const raw = await send(plain, 'GET * HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(raw.status).toBe(400);
    expectApiHeaders(raw);
    expect(plain.headersTimeout).toBe(1000);
  } finally {
    plain.closeAllConnections();
    await new Promise<void>((resolve) => plain.close(() => resolve()));
  }
});
