import { stringify } from 'yaml';
import { issueAccessToken } from '../access-tokens';
import { endpoint } from './shared/handler';
import type { AuthedContext, Route } from './types';

/** GET /kubeconfig (backend-contract §2.1): a kubeconfig for the caller, pointing at this backend's /kubeproxy. */

const TOKEN_TTL_SECONDS = 365 * 24 * 60 * 60;
const TENANT = 'mission-control';

/**
 * Kubeconfig tokens one person keeps: a new download revokes all but the newest few, so repeated downloads (or a
 * script) cannot pile up year-long credentials (issue 31 item 15).
 */
export const KUBECONFIG_TOKENS_PER_PERSON = 3;

/** A path prefix the caller's proxy mounts us under (`/api` for the console): one or more plain segments. */
const PREFIX_RE = /^(?:\/[A-Za-z0-9._~-]+)+$/;

/**
 * The public address as the caller reached us: the proxy headers first (the console's /api proxy names the
 * console's origin and its `/api` prefix), else the request's own address.
 */
function publicBase(request: Request, url: URL): string {
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? url.host;
  const proto = request.headers.get('x-forwarded-proto') ?? url.protocol.replace(':', '');
  const prefix = request.headers.get('x-forwarded-prefix')?.trim() ?? '';
  const origin = `${proto.split(',')[0]?.trim() || 'http'}://${host.split(',')[0]?.trim() || url.host}`;
  return PREFIX_RE.test(prefix) && !prefix.split('/').some((s) => s === '.' || s === '..')
    ? `${origin}${prefix}`
    : origin;
}

async function kubeconfig(ctx: AuthedContext): Promise<Response> {
  // Recorded (by hash only) and checked on every request: deleting its access_tokens row ends it at once.
  const personId = ctx.identity.personId;
  const { token } = await ctx.services.db.transaction(async (tx) => {
    const issued = await issueAccessToken(tx, {
      personId,
      name: 'kubeconfig',
      ttlSeconds: TOKEN_TTL_SECONDS,
    });
    await tx.query(
      `DELETE FROM access_tokens WHERE person_id = $1 AND name = 'kubeconfig' AND id NOT IN (
         SELECT id FROM access_tokens WHERE person_id = $1 AND name = 'kubeconfig' ORDER BY created_at DESC, id DESC LIMIT $2)`,
      [personId, KUBECONFIG_TOKENS_PER_PERSON],
    );
    return issued;
  });
  const server = `${publicBase(ctx.request, ctx.url)}/kubeproxy`;
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
  {
    method: 'GET',
    path: '/kubeconfig',
    permission: { object: 'kubernetes-proxy', action: 'create' },
    handle: endpoint(kubeconfig),
  },
];
