import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The e2e stand-ins' reverse proxy: sends `req` on to `url` (no redirects followed) without the hop-by-hop headers
 * and those named in `drop`, with `set` added, and writes the answer to `res` (fetch has already decoded the body,
 * so its encoding and length headers are not passed on).
 */
export async function forwardRequest(
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
  { drop = [], set = {} }: { drop?: string[]; set?: Record<string, string> } = {},
): Promise<void> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || ['host', 'connection', 'content-length', ...drop].includes(key)) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  for (const [key, value] of Object.entries(set)) headers.set(key, value);
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(await readAll(req));
  const answer = await fetch(url, { method, headers, body, redirect: 'manual' });
  const out: Record<string, string> = {};
  answer.headers.forEach((value, key) => {
    if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(key))
      out[key] = value;
  });
  res.writeHead(answer.status, out);
  res.end(Buffer.from(await answer.arrayBuffer()));
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
