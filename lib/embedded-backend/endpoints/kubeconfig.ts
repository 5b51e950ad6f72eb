import { stringify } from 'yaml';
import { issueAccessToken } from '../access-tokens';
import { endpoint } from './shared/handler';
import type { AuthedContext, Route } from './types';

/** GET /kubeconfig (backend-contract §2.1): a kubeconfig for the caller, pointing at this backend's /kubeproxy. */

const TOKEN_TTL_SECONDS = 365 * 24 * 60 * 60;
const TENANT = 'mission-control';

/** The public origin as the caller reached us (proxy headers first, so the console's /api proxy is honoured). */
function publicOrigin(request: Request, url: URL): string {
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? url.host;
  const proto = request.headers.get('x-forwarded-proto') ?? url.protocol.replace(':', '');
  return `${proto.split(',')[0]?.trim() || 'http'}://${host.split(',')[0]?.trim() || url.host}`;
}

async function kubeconfig(ctx: AuthedContext): Promise<Response> {
  // Recorded (by hash only) and checked on every request: deleting its access_tokens row ends it at once.
  const { token } = await issueAccessToken(ctx.services.db, { personId: ctx.identity.personId, name: 'kubeconfig', ttlSeconds: TOKEN_TTL_SECONDS });
  const server = `${publicOrigin(ctx.request, ctx.url)}/kubeproxy`;
  const user = ctx.identity.user.email ?? ctx.identity.user.name;
  const doc = {
    apiVersion: 'v1',
    kind: 'Config',
    'current-context': TENANT,
    clusters: [{ name: TENANT, cluster: { server } }],
    users: [{ name: user, user: { token } }],
    contexts: [{ name: TENANT, context: { cluster: TENANT, user } }],
    preferences: {},
  };
  return new Response(stringify(doc), {
    status: 200,
    headers: {
      'Content-Type': 'text/yaml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${TENANT}-kubeconfig.yaml"`,
      'Cache-Control': 'no-store',
    },
  });
}

export const kubeconfigRoutes: Route[] = [
  { method: 'GET', path: '/kubeconfig', permission: { object: 'kubernetes-proxy', action: 'create' }, handle: endpoint(kubeconfig) },
];
