/**
 * The Clerk-mode e2e environment's stand-in process (Playwright starts it as a web server): the Clerk stand-in,
 * gateways at /backends/{name} that forward to the organizations' own backends and record what the console sends
 * them, a backend whose every answer is 500 (/backends/broken), and a test control API under /__test/ that does
 * what a browser's clerk-js does through Clerk's Frontend API (sign in, switch organization).
 *
 * Usage: node --import tsx tests/clerk-server/main.ts (ports in e2e-env.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLERK_E2E, CLERK_E2E_ORGANIZATIONS, CLERK_E2E_USERS, type ReceivedRequest } from './e2e-env';
import { forwardRequest } from '../helpers/forward-request';
import { readBody, startClerkStandIn } from './server';

const received: ReceivedRequest[] = [];

const upstreams: Record<string, string | undefined> = {
  acme: `http://127.0.0.1:${CLERK_E2E.backends.acme.port}`,
  bolt: `http://127.0.0.1:${CLERK_E2E.backends.bolt.port}`,
  broken: undefined,
};

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The organization and user a Bearer JWT names, read without verifying (the backend behind verifies). */
function tokenSubject(authorization: string | undefined): { orgId: string | null; userId: string | null } {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  try {
    const payload = JSON.parse(
      Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    const compact = (payload.o ?? {}) as Record<string, unknown>;
    const orgId = payload.org_id ?? compact.id;
    const userId = payload.user_id ?? payload.sub;
    return {
      orgId: typeof orgId === 'string' ? orgId : null,
      userId: typeof userId === 'string' ? userId : null,
    };
  } catch {
    return { orgId: null, userId: null };
  }
}

async function gateway(req: IncomingMessage, res: ServerResponse, name: string, rest: string): Promise<void> {
  received.push({
    backend: name,
    method: req.method ?? 'GET',
    path: rest.split('?')[0] ?? rest,
    ...tokenSubject(req.headers.authorization),
    cookie: Boolean(req.headers.cookie),
  });
  const upstream = upstreams[name];
  if (!upstream) return sendJson(res, 500, { error: 'internal server error' });
  await forwardRequest(req, res, `${upstream}${rest}`);
}

async function main(): Promise<void> {
  const clerk = await startClerkStandIn({
    port: CLERK_E2E.standInPort,
    frontendApiHost: CLERK_E2E.frontendApiHost,
    secretKey: CLERK_E2E.secretKey,
    authorizedParty: CLERK_E2E.consoleUrl,
    users: CLERK_E2E_USERS,
    organizations: CLERK_E2E_ORGANIZATIONS,
    // Clerk's tokens live 60 s and clerk-js renews them in the browser; clerk-js does not run offline, so they last the run.
    sessionTokenTtlSeconds: 15 * 60,
    fallback: async (req, res, path) => {
      const backend = /^\/backends\/([a-z]+)(\/.*)$/.exec(path);
      if (backend) {
        const raw = req.url ?? '/';
        const search = raw.includes('?') ? raw.slice(raw.indexOf('?')) : '';
        await gateway(req, res, backend[1] ?? '', `${backend[2] ?? '/'}${search}`);
        return true;
      }
      if (!path.startsWith('/__test/')) return false;
      await control(req, res, path);
      return true;
    },
  });

  async function control(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (path === '/__test/ready') return sendJson(res, 200, { ok: true });
    if (path === '/__test/received' && req.method === 'GET') return sendJson(res, 200, received);
    if (path === '/__test/clerk-requests' && req.method === 'GET') return sendJson(res, 200, clerk.requests);
    if (req.method !== 'POST') return sendJson(res, 405, { error: 'POST only' });
    const body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as {
      userId?: string;
      orgId?: string | null;
      version?: 1 | 2;
    };
    if (path === '/__test/reset') {
      received.length = 0;
      clerk.requests.length = 0;
      return sendJson(res, 200, { ok: true });
    }
    try {
      if (path === '/__test/sessions') {
        const { session, token, issuedAt } = clerk.createSession(
          body.userId ?? '',
          body.orgId ?? null,
          body.version ?? 2,
        );
        return sendJson(res, 200, { sessionId: session.id, token, issuedAt });
      }
      const organization = /^\/__test\/sessions\/([^/]+)\/organization$/.exec(path);
      if (organization)
        return sendJson(res, 200, {
          token: clerk.setActiveOrganization(organization[1] ?? '', body.orgId ?? null),
        });
      const template = /^\/__test\/sessions\/([^/]+)\/backend-token$/.exec(path);
      if (template) return sendJson(res, 200, { token: clerk.backendTemplateToken(template[1] ?? '') });
    } catch (error) {
      return sendJson(res, 400, { error: error instanceof Error ? error.message : String(error) });
    }
    return sendJson(res, 404, { error: 'unknown control path' });
  }

  console.info(`[clerk-e2e] stand-in at ${clerk.url} (JWKS ${clerk.jwksUrl})`);
  const stop = () => {
    void clerk.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('[clerk-e2e] failed to start:', error);
  process.exit(1);
});
