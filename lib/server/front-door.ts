import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { CLIENT_ADDRESS_HEADER } from '@/lib/auth/sign-in-throttle';
import { parseProxyTarget } from '@/lib/backend/request-target';
import { getEnv } from '@/lib/env';
import { previewRobotsTag } from '@/lib/preview';
import { applyNamedStatus } from '@/lib/server/response-status';
import { API_RESPONSE_HEADERS, STATIC_SECURITY_HEADERS } from '@/lib/server/security-headers';
import { probes } from '@/lib/telemetry/probes';
import { acceptRequestId, REQUEST_ID_HEADER } from '@/lib/telemetry/request-id';

/**
 * The console's front door in `next start`: what has to happen to every request before Next.js parses it, set
 * up from instrumentation.ts (Next gives an app no other hook on its HTTP server). Node publishes each request on
 * the `http.server.request.start` diagnostics channel before the server's 'request' event, which hands us the
 * server once; from then on:
 * - header and request time-outs bound how long a request may take to arrive (Node's defaults: 60 s for the
 *   headers, 5 minutes for the body);
 * - targets Next would answer with a bare 500 or 400 (`GET *`, `%ff`, invalid UTF-8, /api dot segments that the
 *   URL parser would fold away before the route handler sees them) get a 400 JSON error with security headers;
 * - a declared body over the limit gets 413 before a byte of it is read;
 * - an answer sent before its request's body was read closes the connection lingering: what the client still sends is
 *   read and dropped for at most 2 s (16 MB), so the client reads the answer instead of a reset;
 * - every response starts with the static security headers, whatever part of Next answers it;
 * - a page middleware refused answers with the status it named (lib/server/response-status.ts);
 * - the client's address is recorded from the socket (or the trusted proxies), not from what the client claims;
 * - every request gets its id (`x-request-id`: the caller's when valid, else a new one) on the request and the
 *   answer, and is logged and counted once answered (lib/telemetry).
 */

export const FRONT_DOOR_MESSAGES = {
  badTarget: 'Invalid request path',
  tooLarge: 'Request body is too large',
  badRequest: 'Bad request',
  timeout: 'Request timed out',
  headersTooLarge: 'Request headers are too large',
} as const;

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** Why a request target is refused, or undefined when it may go on to Next. */
export function targetProblem(target: string | undefined): string | undefined {
  if (!target?.startsWith('/')) return 'Request target must be a path';
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  if (/[^\u0021-\u007e]/.test(path)) return 'Request path contains a character that must be encoded';
  try {
    decodeURIComponent(path);
  } catch {
    return 'Request path is not valid UTF-8';
  }
  if (path.startsWith('/api/')) {
    const parsed = parseProxyTarget(target.slice('/api'.length));
    if (!parsed.ok) return parsed.reason;
  }
  return undefined;
}

/** The client's address: the socket's peer, or the address the nearest trusted proxy appended to X-Forwarded-For. */
export function clientAddress(req: IncomingMessage, trustedHops: number): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (trustedHops === 0) return peer;
  const forwarded = req.headers['x-forwarded-for'];
  const list = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  return list.length >= trustedHops ? (list[list.length - trustedHops] ?? peer) : peer;
}

function errorBody(
  status: number,
  message: string,
  extra: Record<string, string> = {},
): { head: Record<string, string>; body: string } {
  const body = JSON.stringify({ error: message });
  const robots = previewRobotsTag();
  return {
    head: {
      ...API_RESPONSE_HEADERS,
      ...(robots ? { 'X-Robots-Tag': robots } : {}),
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(body)),
      Connection: 'close',
      ...extra,
    },
    body,
  };
}

function refuse(res: ServerResponse, status: number, message: string): void {
  const { head, body } = errorBody(status, message);
  res.shouldKeepAlive = false;
  res.writeHead(status, head);
  res.end(body);
}

/** Replaces a request header in both views of the headers Node keeps, whatever the client sent under its name. */
function replaceRequestHeader(req: IncomingMessage, name: string, value: string): void {
  req.headers[name] = value;
  for (let i = req.rawHeaders.length - 2; i >= 0; i -= 2) {
    if (req.rawHeaders[i]?.toLowerCase() === name) req.rawHeaders.splice(i, 2);
  }
  req.rawHeaders.push(name, value);
}

/** The guard for one request: true when it was answered here. */
export function screenRequest(req: IncomingMessage, res: ServerResponse): boolean {
  const env = getEnv();
  // First, so that even a refused request is logged under the id its answer names.
  const requestId = acceptRequestId(req.headers[REQUEST_ID_HEADER]);
  replaceRequestHeader(req, REQUEST_ID_HEADER, requestId);
  res.setHeader(REQUEST_ID_HEADER, requestId);
  probes().exchange(req, res, requestId);
  replaceRequestHeader(req, CLIENT_ADDRESS_HEADER, clientAddress(req, env.TRUSTED_PROXY_HOPS));
  // The same header set Next's pages and the /api handlers set; middleware replaces the CSP of pages (and only
  // /view pages may be framed, by their CSP).
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) res.setHeader(name, value);
  // The public status pages (issue 38) set a CSP of their own (their hashed style sheet); a second policy from here
  // would be enforced as well and block it, so it is left to them.
  if (!req.url?.startsWith('/status/'))
    res.setHeader('Content-Security-Policy', API_RESPONSE_HEADERS['Content-Security-Policy'] as string);
  if (!req.url?.startsWith('/view/')) res.setHeader('X-Frame-Options', 'DENY');
  const robots = previewRobotsTag(env);
  if (robots) res.setHeader('X-Robots-Tag', robots);
  applyNamedStatus(res);

  const problem = targetProblem(req.url);
  if (problem) {
    refuse(res, 400, `${FRONT_DOOR_MESSAGES.badTarget}: ${problem}`);
    return true;
  }
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > env.PROXY_MAX_BODY_BYTES) {
    refuse(res, 413, FRONT_DOOR_MESSAGES.tooLarge);
    return true;
  }
  return false;
}

/** Node's own answers to requests it could not parse (bad syntax, header overflow, time-outs), in JSON with the headers. */
function onClientError(error: Error & { code?: string }, socket: Socket): void {
  // As Node does by default: no error answer into a response that has already started.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, FRONT_DOOR_MESSAGES.timeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, FRONT_DOOR_MESSAGES.headersTooLarge]
        : [400, FRONT_DOOR_MESSAGES.badRequest];
  const { head, body } = errorBody(status, message);
  const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}`);
  socket.end(
    `HTTP/1.1 ${status} ${status === 408 ? 'Request Timeout' : status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n${lines.join('\r\n')}\r\n\r\n${body}`,
  );
}

/** How long, and for how many bytes, a refused request's body is still read after its answer (a lingering close). */
const LINGER_MS = 2_000;
const LINGER_BYTES = 16 * 1024 * 1024;

/** The request each connection is on now (keep-alive connections carry several, one after the other). */
const currentRequest = new WeakMap<Socket, IncomingMessage>();

/**
 * An answer sent before its request's body was read (a 413, a refusal) closes the connection. Closing a socket while
 * the client's data still arrives makes the kernel reset it, and a client still sending then often reads the reset
 * instead of the answer (a browser shows a connection error, not the 413's message; the e2e test of a chunked body
 * over the limit lost its answer 3 times in 120, none with this). So the connection is half-closed after the answer
 * and the rest is read and dropped until the client stops sending, for at most LINGER_MS and LINGER_BYTES — a
 * lingering close, as HTTP servers do — and only then destroyed.
 */
function lingerAfterEarlyAnswer(req: IncomingMessage): void {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  const patched = currentRequest.has(socket);
  currentRequest.set(socket, req);
  const destroySoon = socket.destroySoon;
  if (patched || typeof destroySoon !== 'function') return;
  // Node's server calls destroySoon() once the last answer on a connection is sent.
  socket.destroySoon = function lingeringDestroySoon(this: Socket) {
    if (currentRequest.get(this)?.complete !== false || this.destroyed) return destroySoon.call(this);
    let read = 0;
    const stop = () => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(stop, LINGER_MS);
    timer.unref();
    this.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_BYTES) stop();
    });
    this.once('end', stop);
    this.end();
    this.resume();
  };
}

const guarded = new WeakSet<Server>();

/** Puts the front door in front of a server's request listeners (once per server). */
export function guardServer(server: Server): void {
  if (guarded.has(server)) return;
  guarded.add(server);
  const env = getEnv();
  server.headersTimeout = env.SERVER_HEADERS_TIMEOUT_MS;
  server.requestTimeout = Math.max(env.SERVER_REQUEST_TIMEOUT_MS, env.SERVER_HEADERS_TIMEOUT_MS);
  const listeners = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    lingerAfterEarlyAnswer(req);
    if (screenRequest(req, res)) return;
    for (const listener of listeners) listener.call(server, req, res);
  });
  server.on('clientError', onClientError);
}

let installed = false;

/** instrumentation.ts: guards the HTTP server `next start` created, from its first request on. */
export function installFrontDoor(): void {
  if (installed) return;
  installed = true;
  // The message arrives before the server emits 'request', so even the first request meets the guard.
  subscribe('http.server.request.start', (message) => {
    const { server } = message as { server?: Server };
    if (server) guardServer(server);
  });
}
