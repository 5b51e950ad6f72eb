import 'server-only';
import {
  Agent as HttpAgent,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { getEnv } from '@/lib/env';
import { BackendError } from '@/lib/backend/errors';

/**
 * How the server reaches the organization's backend: fetch() to BACKEND_URL (or a per-organization address),
 * or the embedded backend's Fetch-API handler in-process when no address is configured. Paths are backend
 * paths such as `/db/checks?…` or `/auth/whoami`.
 */
export type Transport = (path: string, init?: RequestInit) => Promise<Response>;

const EMBEDDED_ORIGIN = 'http://embedded.invalid';

let embeddedHandler: Promise<(request: Request) => Promise<Response>> | undefined;
let embeddedModule: { embeddedConnectionHeldSince(): number | undefined } | undefined;

async function loadEmbedded() {
  if (!embeddedHandler) {
    // Loaded on first use so that deployments with a real backend never start PGlite.
    embeddedHandler = import('@/lib/embedded-backend').then((m) => {
      embeddedModule = m;
      return m.handleBackendRequest;
    });
    embeddedHandler.catch(() => {
      embeddedHandler = undefined;
    });
  }
  return embeddedHandler;
}

/**
 * Since when (performance.now()) the running statement has held the in-process embedded backend's one database
 * connection (PGlite); undefined while it is free, on PostgreSQL, with a remote backend, or before first use.
 */
export function embeddedConnectionHeldSince(): number | undefined {
  return embeddedModule?.embeddedConnectionHeldSince();
}

export function embeddedTransport(): Transport {
  return async (path, init) => {
    const handle = await loadEmbedded();
    return handle(new Request(new URL(path, EMBEDDED_ORIGIN), init));
  };
}

/**
 * The backend over HTTP(S) through node:http with keep-alive agents instead of fetch(): per proxied call fetch()
 * cost about twice the CPU (undici's Fetch machinery, AbortSignal.any, and in route handlers Next's fetch patch),
 * which is the proxy's largest cost after Next itself. Semantics follow fetch with redirect 'manual': the answer's
 * body streams with backpressure, gzip/deflate/br bodies are decoded, aborts and time-outs reject (and cut a
 * body in flight) with the signal's reason, mapped by transportError.
 */
export function httpTransport(baseUrl: string, timeoutMs = getEnv().PROXY_TIMEOUT_MS): Transport {
  const base = baseUrl.replace(/\/+$/, '');
  return (path, init = {}) => nodeFetch(`${base}${path}`, init, timeoutMs);
}

const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, scheduling: 'lifo' });
const httpsAgent = new HttpsAgent({
  keepAlive: true,
  maxSockets: 256,
  maxFreeSockets: 64,
  scheduling: 'lifo',
});

/** Statuses whose Response may not carry a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
/** Stream high-water mark: a slow browser holds at most about this much of a download in memory. */
const BODY_HIGH_WATER_BYTES = 64 * 1024;

function requestHeaders(init: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const headers = init instanceof Headers ? init : new Headers(init);
  headers.forEach((value, name) => {
    out[name] = value;
  });
  // Loopback and in-cluster backends: compressing costs more CPU than the bytes it saves.
  out['accept-encoding'] ??= 'identity';
  return out;
}

function responseHeaders(raw: readonly string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i] ?? '', raw[i + 1] ?? '');
    } catch {
      // A header fetch() would reject too (invalid name or value) is dropped rather than failing the answer.
    }
  }
  return headers;
}

function decoded(message: IncomingMessage): Readable {
  const encoding = (message.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return message.pipe(createGunzip());
  if (encoding === 'deflate') return message.pipe(createInflate());
  if (encoding === 'br') return message.pipe(createBrotliDecompress());
  return message;
}

/**
 * A pull-driven web stream over a Node readable: it reads on only while the consumer keeps up. Events that arrive
 * after the stream is closed, errored or cancelled (e.g. a HEAD answer's body dropped by the server) are ignored:
 * touching a closed controller throws, outside any request, as an uncaught exception.
 */
export function webBody(source: Readable, onDone: () => void): ReadableStream<Uint8Array> {
  let finished = false;
  const done = () => {
    if (finished) return;
    finished = true;
    onDone();
  };
  let open = true;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        source.on('data', (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) source.pause();
        });
        source.once('end', () => {
          done();
          if (!open) return;
          open = false;
          controller.close();
        });
        source.once('error', (error) => {
          done();
          if (!open) return;
          open = false;
          controller.error(error);
        });
        source.pause();
      },
      pull() {
        source.resume();
      },
      cancel() {
        open = false;
        done();
        source.destroy();
      },
    },
    { highWaterMark: BODY_HIGH_WATER_BYTES, size: (chunk) => chunk?.byteLength ?? 0 },
  );
}

type BodySource = { bytes: Uint8Array | string } | { stream: ReadableStream<Uint8Array> } | undefined;

/** Strings, bytes and streams go out as they are; other BodyInit kinds (form data, blobs) through Response. */
function bodySource(body: BodyInit | null | undefined, headers: Record<string, string>): BodySource {
  if (body === null || body === undefined) return undefined;
  if (typeof body === 'string') return { bytes: body };
  if (body instanceof Uint8Array) return { bytes: body };
  if (body instanceof ArrayBuffer) return { bytes: new Uint8Array(body) };
  if (ArrayBuffer.isView(body))
    return { bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) };
  if (body instanceof ReadableStream) return { stream: body as ReadableStream<Uint8Array> };
  const wrapped = new Response(body);
  const type = wrapped.headers.get('content-type');
  if (type && !headers['content-type']) headers['content-type'] = type;
  return wrapped.body ? { stream: wrapped.body } : undefined;
}

function drained(req: ClientRequest): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      req.off('drain', done).off('close', done);
      resolve();
    };
    req.on('drain', done).on('close', done);
  });
}

async function pumpRequestBody(stream: ReadableStream<Uint8Array>, req: ClientRequest): Promise<void> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (req.destroyed) throw new Error('request closed');
      if (!req.write(value)) await drained(req);
    }
    req.end();
  } catch (error) {
    req.destroy(error instanceof Error ? error : new Error(String(error)));
    await reader.cancel(error).catch(() => undefined);
  }
}

function nodeFetch(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = requestHeaders(init.headers);
    const source = bodySource(init.body, headers);
    if (source && 'bytes' in source) headers['content-length'] = String(Buffer.byteLength(source.bytes));
    // node:http frames DELETE and OPTIONS bodies only when told to (fetch always sends a stream chunked).
    else if (source && !headers['content-length']) headers['transfer-encoding'] = 'chunked';
    const signal = init.signal ?? undefined;
    let settled = false;
    let body: Readable | undefined;

    const cleanup = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    // Before the answer the promise rejects; afterwards the body stream errors, as with fetch().
    const fail = (reason: unknown) => {
      cleanup();
      req.destroy();
      body?.destroy(
        typeof reason === 'object' && reason !== null ? (reason as Error) : new Error(String(reason)),
      );
      if (!settled) {
        settled = true;
        reject(transportError(reason));
      }
    };
    const onAbort = () =>
      fail(signal?.reason ?? new DOMException('This operation was aborted', 'AbortError'));
    const timer = setTimeout(
      () => fail(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      timeoutMs,
    );

    const req = (secure ? httpsRequest : httpRequest)(
      target,
      { method, headers, agent: secure ? httpsAgent : httpAgent },
      (message) => {
        if (settled) {
          message.destroy();
          return;
        }
        const status = message.statusCode ?? 502;
        if (status < 200 || status > 599) {
          message.destroy();
          fail(new Error(`Unexpected status ${status}`));
          return;
        }
        settled = true;
        const withoutBody = method === 'HEAD' || NULL_BODY_STATUSES.has(status);
        body = withoutBody ? undefined : decoded(message);
        if (withoutBody) {
          message.resume();
          message.once('end', cleanup);
        }
        // A failing decoder must still fail the body, not vanish.
        if (body && body !== message) message.once('error', (error) => body?.destroy(error));
        resolve(
          new Response(body ? webBody(body, cleanup) : null, {
            status,
            statusText: message.statusMessage ?? '',
            headers: responseHeaders(message.rawHeaders),
          }),
        );
      },
    );
    req.on('error', (error) => fail(error));
    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    if (!source) req.end();
    else if ('bytes' in source) req.end(source.bytes);
    else void pumpRequestBody(source.stream, req);
  });
}

/** Network failures become BackendErrors that never carry the backend's address. */
export function transportError(error: unknown): BackendError {
  // By name, not instanceof: DOMException (abort reasons) is not an Error subclass in every realm.
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'TimeoutError') {
    return new BackendError({
      status: 504,
      code: 'timeout',
      message: 'Request timed out. Please try again.',
    });
  }
  if (name === 'AbortError') {
    return new BackendError({ status: 499, code: 'aborted', message: 'The request was cancelled.' });
  }
  return new BackendError({
    status: 502,
    code: 'unreachable',
    message: 'The backend is not reachable. Please try again.',
  });
}

/** The transport of this deployment (an organization's address overrides it in Clerk mode). */
export function defaultTransport(backendUrl = getEnv().BACKEND_URL): Transport {
  return backendUrl ? httpTransport(backendUrl) : embeddedTransport();
}

export function withBearer(init: RequestInit | undefined, token: string | undefined): RequestInit {
  const headers = new Headers(init?.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return { ...init, headers };
}
