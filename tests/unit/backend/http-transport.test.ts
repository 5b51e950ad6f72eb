/** @jest-environment node */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { BackendError } from '@/lib/backend/errors';
import { httpTransport } from '@/lib/backend/transport';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  remotePort: number;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
let route: (req: IncomingMessage, res: ServerResponse) => boolean = () => false;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        remotePort: req.socket.remotePort ?? 0,
      });
      if (route(req, res)) return;
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-range': '0-1/2',
        'x-rbac-subject': 'a',
      });
      res.end('[1,2]');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen.length = 0;
  route = () => false;
});

function rejection(promise: Promise<unknown>): Promise<BackendError> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as BackendError,
  );
}

describe('httpTransport (node:http, keep-alive)', () => {
  it('sends the path and query byte for byte with the given headers and answers like fetch', async () => {
    const transport = httpTransport(`${base}/`, 5_000);
    const path = '/db/checks?select=id,name&name=ilike.*a%20b*&or=(status.eq.healthy,status.is.null)';
    const response = await transport(path, {
      headers: new Headers({ accept: 'application/json', authorization: 'Bearer t' }),
    });
    expect(seen[0]?.url).toBe(path);
    expect(seen[0]?.headers.authorization).toBe('Bearer t');
    expect(seen[0]?.headers['accept-encoding']).toBe('identity');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('0-1/2');
    expect(response.headers.get('x-rbac-subject')).toBe('a');
    expect(await response.json()).toEqual([1, 2]);
  });

  it('reuses one connection for consecutive calls', async () => {
    const transport = httpTransport(base, 5_000);
    for (let i = 0; i < 3; i++) await (await transport('/db/x')).text();
    expect(new Set(seen.map((s) => s.remotePort)).size).toBe(1);
  });

  it('sends string, byte and streamed bodies, DELETE included', async () => {
    const transport = httpTransport(base, 5_000);
    await (
      await transport('/a', {
        method: 'POST',
        body: '{"a":1}',
        headers: { 'content-type': 'application/json' },
      })
    ).text();
    await (await transport('/b', { method: 'PATCH', body: new TextEncoder().encode('bytes') })).text();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"id":'));
        controller.enqueue(new TextEncoder().encode('1}'));
        controller.close();
      },
    });
    await (await transport('/c', { method: 'DELETE', body: stream, duplex: 'half' } as RequestInit)).text();
    await (await transport('/d', { method: 'POST', body: new URLSearchParams({ q: 'x y' }) })).text();
    expect(seen.map((s) => [s.method, s.body])).toEqual([
      ['POST', '{"a":1}'],
      ['PATCH', 'bytes'],
      ['DELETE', '{"id":1}'],
      ['POST', 'q=x+y'],
    ]);
    expect(seen[0]?.headers['content-length']).toBe('7');
    expect(seen[2]?.headers['transfer-encoding']).toBe('chunked');
    expect(seen[3]?.headers['content-type']).toContain('application/x-www-form-urlencoded');
  });

  it('decodes a gzip answer, and gives no body for HEAD and 204', async () => {
    route = (req, res) => {
      if (req.url === '/gz') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync('{"zipped":true}'));
        return true;
      }
      if (req.url === '/empty') {
        res.writeHead(204);
        res.end();
        return true;
      }
      return false;
    };
    const transport = httpTransport(base, 5_000);
    expect(await (await transport('/gz')).json()).toEqual({ zipped: true });
    const empty = await transport('/empty', { method: 'DELETE' });
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    const head = await transport('/db/x', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
  });

  it('times out a slow backend with a 504 BackendError and maps aborts by their reason', async () => {
    route = (req) => req.url === '/slow';
    const transport = httpTransport(base, 200);
    const timedOut = await rejection(transport('/slow'));
    expect(timedOut).toBeInstanceOf(BackendError);
    expect(timedOut.status).toBe(504);

    const slowTransport = httpTransport(base, 60_000);
    const controller = new AbortController();
    const pending = rejection(slowTransport('/slow', { signal: controller.signal }));
    controller.abort();
    expect((await pending).status).toBe(499);

    const reason = new DOMException('The backend did not answer in time', 'TimeoutError');
    expect((await rejection(slowTransport('/slow', { signal: AbortSignal.abort(reason) }))).status).toBe(504);
  });

  it('cuts a body in flight when the signal aborts after the headers', async () => {
    route = (req, res) => {
      if (req.url !== '/trickle') return false;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first chunk');
      return true;
    };
    const controller = new AbortController();
    const response = await httpTransport(base, 60_000)('/trickle', { signal: controller.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first chunk');
    controller.abort();
    await expect(reader.read()).rejects.toBeDefined();
  });

  it('answers 502 without the address when the backend is unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await rejection(httpTransport(`http://127.0.0.1:${port}`, 5_000)('/db/checks'));
    expect(error.status).toBe(502);
    expect(error.message).not.toContain(String(port));
  });
});

describe('webBody', () => {
  it('ignores events that arrive after the reader cancelled (a dropped HEAD body), and reports done once', async () => {
    const { PassThrough } = await import('node:stream');
    const { webBody } = await import('@/lib/backend/transport');
    const source = new PassThrough();
    const onDone = jest.fn();
    const reader = webBody(source, onDone).getReader();
    await reader.cancel();
    expect(() => {
      source.emit('data', Buffer.from('late'));
      source.emit('end');
    }).not.toThrow();
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('ignores an error after the body ended', async () => {
    const { PassThrough } = await import('node:stream');
    const { webBody } = await import('@/lib/backend/transport');
    const source = new PassThrough();
    const reader = webBody(source, () => undefined).getReader();
    source.emit('data', Buffer.from('ok'));
    source.emit('end');
    expect(() => source.emit('error', new Error('late'))).not.toThrow();
    const first = await reader.read();
    expect(Buffer.from(first.value!).toString()).toBe('ok');
    expect((await reader.read()).done).toBe(true);
  });
});
