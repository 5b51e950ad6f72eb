import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/**
 * The e2e stand-ins' reverse proxy: sends `req` on to `url` (no redirects followed) without the hop-by-hop headers
 * and those named in `drop`, with `set` added, and writes the answer to `res` (fetch has already decoded the body,
 * so its encoding and length headers are not passed on). The body streams through as it comes (an event stream
 * never ends), and the upstream request ends when the caller goes away.
 */
/** Headers of one connection, not of the request (a chunked body from the console is re-sent whole). */
const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'te',
  'trailer',
  'upgrade',
  'proxy-connection',
]);

export async function forwardRequest(
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
  { drop = [], set = {} }: { drop?: string[]; set?: Record<string, string> } = {},
): Promise<void> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(key) || drop.includes(key)) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  for (const [key, value] of Object.entries(set)) headers.set(key, value);
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(await readAll(req));
  const gone = new AbortController();
  res.once('close', () => gone.abort());
  const answer = await fetch(url, { method, headers, body, redirect: 'manual', signal: gone.signal });
  const out: Record<string, string> = {};
  answer.headers.forEach((value, key) => {
    if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(key))
      out[key] = value;
  });
  res.writeHead(answer.status, out);
  if (!answer.body) return void res.end();
  res.flushHeaders();
  await pipeline(Readable.fromWeb(answer.body as WebReadableStream<Uint8Array>), res).catch(
    (error: unknown) => {
      // The caller went away, or the upstream connection dropped (a backend restart): end this side too.
      if (!gone.signal.aborted) res.destroy(error instanceof Error ? error : undefined);
    },
  );
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
