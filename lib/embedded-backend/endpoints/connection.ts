import { stableHash } from './shared/check-run';
import { endpoint } from './shared/handler';
import { badRequest, isUuid, json, notFound } from './shared/http';
import type { AuthedContext, Route } from './types';

/**
 * POST /connection/test/{id} (backend-contract §2.1). Nothing is dialled from the demo: the outcome is derived from
 * the saved connection alone, so it is the same every time. A connection fails when a value it needs is missing,
 * when its URL has no scheme where one is needed, when a secret reference names an object the demo does not have
 * (a name containing `missing`), or when its name or URL marks it as broken (`broken`, `expired`, `invalid`,
 * `unreachable`, or an `.invalid` host); the texts are what the real probes print for that type.
 */

export interface ConnectionRow {
  id: string;
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  properties: Record<string, unknown> | null;
  deleted_at: Date | null;
}

export interface ProbeResult {
  ok: boolean;
  /** The error text on failure; a one-line account of what answered on success. */
  text: string;
}

const BROKEN = /broken|expired|invalid|unreachable/i;

/** Types whose url column must hold a URL with a scheme (hosts without one are stored for the others). */
const SCHEME_URL = new Set([
  'anthropic',
  'openai',
  'ollama',
  'elasticsearch',
  'google_cloud',
  'generic_webhook',
  'http',
  'ldap',
  'mongo',
  'mysql',
  'postgres',
  'prometheus',
  'redis',
  'sql_server',
  'gcs',
]);
const NEEDS_URL = new Set([...SCHEME_URL, 'dynatrace', 'git', 'jmeter', 'restic', 'sftp', 'smb']);

function prop(c: ConnectionRow, key: string): string {
  const v = c.properties?.[key];
  return v === undefined || v === null ? '' : String(v);
}

/** host[:port] of the connection, for messages. */
function hostOf(c: ConnectionRow, fallbackPort = ''): string {
  const raw = c.url ?? prop(c, 'host');
  const stripped = raw.replace(/^[a-z][a-z0-9+.-]*:(\/\/)?/i, '').replace(/^[^@/]*@/, '');
  const host = stripped.split(/[/?#]/)[0] ?? '';
  if (!host) return c.type;
  return host.includes(':') || !fallbackPort ? host : `${host}:${fallbackPort}`;
}

/** A stable private address for a host, so "connection refused" names the same address every time. */
function addressOf(host: string): string {
  const h = stableHash(host);
  return `10.${(h >>> 16) & 0xff}.${(h >>> 8) & 0xff}.${(h & 0xfe) + 1}`;
}

function hostnameOf(c: ConnectionRow, port = ''): string {
  return (hostOf(c, port).split(':')[0] ?? c.type) || c.type;
}

const requestId = (c: ConnectionRow) => {
  const h = stableHash(`${c.id}:request`).toString(16).padStart(8, '0');
  return `${h}-${h.slice(0, 4)}-4${h.slice(1, 4)}-a${h.slice(2, 5)}-${h}${h.slice(0, 4)}`;
};

/** What the real probe prints when the connection is broken, by type. */
function failureText(c: ConnectionRow): string {
  const host = hostOf(c);
  switch (c.type) {
    case 'postgres': {
      const h = hostOf(c, '5432');
      const db = (c.url ?? '').split('/').pop()?.split('?')[0] ?? 'postgres';
      return `failed to connect to \`host=${h.split(':')[0]} user=${c.username?.startsWith('secret://') ? 'app' : (c.username ?? 'app')} database=${db}\`: dial error (dial tcp ${addressOf(h)}:${h.split(':')[1] ?? '5432'}: connect: connection refused)`;
    }
    case 'mysql':
    case 'sql_server':
    case 'mongo':
    case 'redis':
    case 'ldap': {
      const ports: Record<string, string> = {
        mysql: '3306',
        sql_server: '1433',
        mongo: '27017',
        redis: '6379',
        ldap: '636',
      };
      const h = hostOf(c, ports[c.type]);
      return `dial tcp ${addressOf(h)}:${h.split(':')[1] ?? ports[c.type]}: connect: connection refused`;
    }
    case 'http':
    case 'prometheus':
    case 'elasticsearch':
    case 'generic_webhook':
    case 'dynatrace':
    case 'ollama':
      return `Get "${c.url ?? `https://${host}`}": dial tcp: lookup ${hostnameOf(c)} on 10.96.0.10:53: no such host`;
    case 'aws':
    case 's3':
      return `operation error STS: GetCallerIdentity, https response error StatusCode: 403, RequestID: ${requestId(c)}, api error InvalidClientTokenId: The security token included in the request is invalid.`;
    case 'azure':
    case 'azure_devops':
      return `ClientSecretCredential authentication failed\nPOST https://login.microsoftonline.com/${prop(c, 'tenant') || 'common'}/oauth2/v2.0/token\n--------------------------------------------------------------------------------\nRESPONSE 401 Unauthorized\n--------------------------------------------------------------------------------\nAADSTS7000222: The provided client secret keys for app '${c.username ?? ''}' are expired.`;
    case 'kubernetes':
      return 'Get "https://10.0.0.1:6443/version?timeout=32s": dial tcp 10.0.0.1:6443: i/o timeout';
    case 'git':
      return c.certificate
        ? `ssh: handshake failed: ssh: unable to authenticate, attempted methods [none publickey], no supported methods remain`
        : `authentication required: Invalid username or password.`;
    case 'github':
      return 'GET https://api.github.com/user: 401 Bad credentials []';
    case 'gitlab':
      return 'GET https://gitlab.com/api/v4/user: 401 {message: 401 Unauthorized}';
    case 'openai':
      return 'error, status code: 401, status: 401 Unauthorized, message: Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.';
    case 'anthropic':
      return 'POST "https://api.anthropic.com/v1/messages": 401 Unauthorized {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}';
    case 'slack':
      return 'failed to send message: slack: invalid_auth';
    case 'email':
      return `failed to send message: dial tcp ${addressOf(prop(c, 'host'))}:${prop(c, 'port') || '587'}: i/o timeout`;
    case 'google_cloud':
    case 'gcs':
      return "google: could not find default credentials: invalid character '-' in numeric literal";
    case 'sftp':
      return `ssh: handshake failed: dial tcp ${addressOf(host)}:22: connect: no route to host`;
    case 'smb':
      return `dial tcp ${addressOf(host)}:445: connect: connection refused`;
    case 'restic':
      return 'Fatal: unable to open config file: Stat: The specified key does not exist.\nIs there a repository at the following location?';
    default:
      return `failed to send test message: ${c.type}: 401 Unauthorized`;
  }
}

/** What answered, by type, when the probe succeeds (no stored value is ever repeated in it). */
function successText(c: ConnectionRow): string {
  const host = hostOf(c);
  const ms = 20 + (stableHash(`${c.id}:ms`) % 400);
  switch (c.type) {
    case 'postgres':
      return `connected to PostgreSQL 15.6 on ${hostOf(c, '5432')} in ${ms}ms`;
    case 'mysql':
      return `connected to MySQL 8.0.36 on ${hostOf(c, '3306')} in ${ms}ms`;
    case 'sql_server':
      return `connected to Microsoft SQL Server 2022 (16.0.4105.2) on ${hostOf(c, '1433')} in ${ms}ms`;
    case 'mongo':
      return `connected to MongoDB 7.0.5 (replica set rs0) on ${hostOf(c, '27017')} in ${ms}ms`;
    case 'redis':
      return `PING → PONG from Redis 7.2.4 on ${hostOf(c, '6379')} (db ${prop(c, 'db') || '0'}) in ${ms}ms`;
    case 'ldap':
      return `bound to ${host} as ${c.username?.includes('://') ? 'the referenced user' : c.username} in ${ms}ms`;
    case 'http':
    case 'generic_webhook':
      return `${c.type === 'generic_webhook' ? prop(c, 'requestMethod') || 'POST' : 'GET'} ${c.url ?? host} → 200 OK in ${ms}ms`;
    case 'prometheus':
      return `Prometheus 2.51.2 at ${host} is ready (GET /-/ready → 200 in ${ms}ms)`;
    case 'elasticsearch':
      return `cluster "logs" at ${host} is green (8.13.0, 3 nodes)`;
    case 'aws':
    case 's3':
      return `authenticated as arn:aws:iam::123456789012:user/mission-control in ${prop(c, 'region') || 'us-east-1'}${c.type === 's3' ? `; bucket ${prop(c, 'bucket')} is readable` : ''}`;
    case 'azure':
      return `token acquired for tenant ${prop(c, 'tenant')}; 3 subscriptions visible`;
    case 'azure_devops':
      return `authenticated to https://dev.azure.com/${c.username ?? ''}; 12 projects visible`;
    case 'kubernetes':
      return 'connected to Kubernetes v1.29.4 (https://10.0.0.1:6443), 42 namespaces visible';
    case 'git':
      return `ls-remote ${c.url ?? host}: ref ${prop(c, 'ref') || 'main'} found (${stableHash(c.id).toString(16).padStart(8, '0')})`;
    case 'github':
      return 'authenticated to api.github.com as mission-control-bot (scopes: repo, workflow)';
    case 'gitlab':
      return 'authenticated to gitlab.com as mission-control-bot';
    case 'openai':
    case 'anthropic':
    case 'ollama':
      return `listed models at ${c.url ?? host}: ${prop(c, 'model') || 'default model'} is available`;
    case 'email':
      return `SMTP ${prop(c, 'host')}:${prop(c, 'port') || '587'} accepted the credentials (${prop(c, 'encryptionMethod') || 'Auto'})`;
    case 'folder':
      return `${prop(c, 'path')} is readable (128 entries)`;
    case 'sftp':
    case 'smb':
      return `logged in to ${host}; listing of the home directory succeeded`;
    case 'restic':
      return `repository ${c.url ?? host} opened (42 snapshots)`;
    default:
      return `test message delivered through ${c.type}`;
  }
}

function missingValue(c: ConnectionRow): string | null {
  if (NEEDS_URL.has(c.type) && !c.url) return `${c.type} connection "${c.name}" has no url`;
  if (c.url && SCHEME_URL.has(c.type) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(c.url))
    return `invalid url "${c.url}": missing protocol scheme`;
  for (const [field, value] of [
    ['username', c.username],
    ['password', c.password],
    ['certificate', c.certificate],
  ] as const) {
    const m = /^(configmap|secret):\/\/([^/]+)\/(.+)$/.exec(value ?? '');
    if (m && /missing/i.test(m[2] ?? ''))
      return `failed to resolve ${field}: ${m[1]} "${m[2]}" not found in namespace "${c.namespace}"`;
  }
  return null;
}

/** The deterministic outcome of testing a saved connection. */
export function probeConnection(c: ConnectionRow): ProbeResult {
  const missing = missingValue(c);
  if (missing) return { ok: false, text: missing };
  if (BROKEN.test(c.name) || BROKEN.test(c.url ?? '') || /\.invalid(?:[:/]|$)/i.test(c.url ?? ''))
    return { ok: false, text: failureText(c) };
  return { ok: true, text: successText(c) };
}

async function testConnection(ctx: AuthedContext): Promise<Response> {
  const id = ctx.params.id ?? '';
  if (!isUuid(id)) throw notFound('connection was not found');
  const r = await ctx.services.db.query<ConnectionRow>(
    'SELECT id, name, namespace, type, url, username, password, certificate, properties, deleted_at FROM connections WHERE id = $1',
    [id],
  );
  const c = r.rows[0];
  if (!c || c.deleted_at) throw notFound('connection was not found');
  const result = probeConnection(c);
  if (!result.ok) throw badRequest(result.text);
  return json({ message: 'ok', payload: { payload: { type: c.type, name: c.name, result: result.text } } });
}

export const connectionRoutes: Route[] = [
  {
    method: 'POST',
    path: '/connection/test/:id',
    permission: { object: 'connection', action: 'update' },
    handle: endpoint(testConnection),
  },
];
