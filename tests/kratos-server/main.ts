/**
 * The Kratos-mode e2e environment in one process (Playwright starts it as a web server): the Kratos test server,
 * and a backend that authenticates the way a Mission Control backend behind Kratos does (it asks the identity
 * server's /sessions/whoami with the forwarded session cookie) in front of the embedded demo backend. A test
 * control API under /__test/ on the backend port resets and shapes the identity server's state, restarts the
 * embedded backend (closed, then opened again on the same data and port), and can take its /events away (404, as
 * a backend without the change stream answers) or make it fail (503) while the rest of the backend answers.
 *
 * Usage: node --import tsx tests/kratos-server/main.ts (ports in e2e-env.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { startBackendServer, type BackendServer } from '@/scripts/lib/backend-http-server';
import { DEMO_PASSWORD, DEMO_ROLES, demoPersonEmail } from '@/lib/embedded-backend/seed';
import { forwardRequest } from '../helpers/forward-request';
import { KRATOS_E2E } from './e2e-env';
import { startKratosTestServer, type TestIdentity } from './server';
import { WEBAUTHN_RECORDER_SCRIPT } from './webauthn-recorder';

const { kratosPort, backendPort } = KRATOS_E2E;
const uiUrl = `http://127.0.0.1:${KRATOS_E2E.consolePort}`;

const DEMO_EMAILS = new Set<string>(DEMO_ROLES.map((role) => demoPersonEmail(role)));

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function main(): Promise<void> {
  const kratos = await startKratosTestServer({
    port: kratosPort,
    uiUrl,
    webauthnScript: WEBAUTHN_RECORDER_SCRIPT,
  });
  let backend: BackendServer | undefined = await startBackendServer({ port: 0 });
  const embeddedPort = backend.port;
  /** GET /events: served, absent (404, a backend without the change stream) or failing (503). */
  let events: 'served' | 'absent' | 'failing' = 'served';

  function reset(): void {
    kratos.identities.clear();
    kratos.sessions.clear();
    kratos.flows.clear();
    kratos.flowErrors.clear();
    kratos.privilegedMaxAgeMs = 15 * 60 * 1000;
    for (const role of DEMO_ROLES) {
      const email = demoPersonEmail(role);
      kratos.identities.set(`identity-${role}`, {
        id: `identity-${role}`,
        traits: { email, name: role },
        password: KRATOS_E2E.password,
      });
    }
    // Flow errors the /error page loads; 'forbidden' and 'gone' answer 403 and 410 (see server.ts).
    kratos.flowErrors.set('shown', {
      code: 500,
      status: 'Internal Server Error',
      reason: 'A test error',
      message: 'The flow failed in a test.',
    });
    kratos.flowErrors.set('forbidden', {});
    kratos.flowErrors.set('gone', {});
  }
  reset();

  async function control(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (path === '/__test/ready') return sendJson(res, 200, { ok: true });
    if (req.method !== 'POST') return sendJson(res, 405, { error: 'POST only' });
    if (path === '/__test/reset') {
      reset();
      events = 'served';
      if (!backend) backend = await startBackendServer({ port: embeddedPort });
      return sendJson(res, 200, { ok: true });
    }
    if (path === '/__test/backend') {
      const body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as {
        action?: 'stop' | 'start';
        events?: typeof events;
      };
      if (body.events) events = body.events;
      if (body.action === 'stop' && backend) {
        // Every open connection (event streams included) drops, and the database closes, as in a process restart.
        await backend.close();
        backend = undefined;
      }
      if (body.action === 'start' && !backend) backend = await startBackendServer({ port: embeddedPort });
      return sendJson(res, 200, { running: Boolean(backend), events });
    }
    if (path === '/__test/state') {
      const body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as {
        expireFlow?: string;
        privilegedMaxAgeMs?: number;
        identity?: { email: string } & Partial<Pick<TestIdentity, 'totp' | 'webauthn'>>;
      };
      if (body.expireFlow) kratos.expireFlow(body.expireFlow);
      if (typeof body.privilegedMaxAgeMs === 'number') kratos.privilegedMaxAgeMs = body.privilegedMaxAgeMs;
      if (body.identity) {
        const identity = [...kratos.identities.values()].find((i) => i.traits.email === body.identity?.email);
        if (!identity) return sendJson(res, 404, { error: 'no such identity' });
        if (body.identity.totp !== undefined) identity.totp = body.identity.totp;
        if (body.identity.webauthn !== undefined) identity.webauthn = body.identity.webauthn;
      }
      return sendJson(res, 200, { ok: true });
    }
    return sendJson(res, 404, { error: 'unknown control path' });
  }

  /** The backend: toSession with the forwarded cookie, then the embedded backend as that person (guest if unknown). */
  async function proxy(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const who = await fetch(`${kratos.url}/sessions/whoami`, {
      headers: { cookie: req.headers.cookie ?? '' },
    });
    if (!who.ok) {
      res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Unauthorized');
      return;
    }
    const session = (await who.json()) as { identity?: { traits?: { email?: string } } };
    const email = session.identity?.traits?.email ?? '';
    const account = DEMO_EMAILS.has(email) ? email : demoPersonEmail('guest');
    if (events !== 'served' && new URL(req.url ?? '/', 'http://gateway.invalid').pathname === '/events')
      return sendJson(res, events === 'absent' ? 404 : 503, { error: `events ${events}` });
    // The backend signs in the demo account of the identity's email with basic auth; the browser's cookie stays here.
    // While it is stopped the address refuses connections, as a restarting backend's does.
    await forwardRequest(req, res, `http://127.0.0.1:${embeddedPort}${req.url ?? '/'}`, {
      drop: ['cookie', 'authorization'],
      set: { authorization: `Basic ${Buffer.from(`${account}:${DEMO_PASSWORD}`).toString('base64')}` },
    });
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://gateway.invalid').pathname;
    const work = path.startsWith('/__test/') ? control(req, res, path) : proxy(req, res);
    work.catch((error: unknown) => {
      // The caller went away (a closed event stream): nothing failed.
      if (error instanceof Error && error.name === 'AbortError') return void res.end();
      console.error('[kratos-e2e] request failed:', error);
      if (!res.headersSent) sendJson(res, 500, { error: String(error) });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(backendPort, '127.0.0.1', resolve));
  console.info(
    `[kratos-e2e] identity server ${kratos.url}, backend http://127.0.0.1:${backendPort} (embedded at ${backend.url})`,
  );

  const stop = () => {
    server.close();
    void Promise.all([kratos.close(), backend?.close()]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('[kratos-e2e] failed to start:', error);
  process.exit(1);
});
