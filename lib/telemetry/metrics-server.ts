import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

/**
 * `/metrics` on a port of its own (METRICS_PORT), bound to 127.0.0.1 unless METRICS_HOST says otherwise, so the
 * console's public port never serves it; with METRICS_TOKEN, a scrape must send `Authorization: Bearer <token>`.
 */

export interface MetricsServerOptions {
  port: number;
  host: string;
  token?: string;
  register: Registry;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function startMetricsServer({ port, host, token, register }: MetricsServerOptions): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (token && !sameSecret(req.headers.authorization ?? '', `Bearer ${token}`)) {
      res
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
        .end('Unauthorized\n');
      return;
    }
    register.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': register.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      // A scrape endpoint must not keep a stopping server alive.
      server.unref();
      resolve(server);
    });
  });
}
