import { ROLES, type Role } from '@/lib/auth/permissions';
import type { RunningServer } from '@/scripts/lib/node-http';
import { startCoreBackend, type CoreBackend, type Engine } from './helpers/core-backend';
import { rawRequest, startProxy, transportTo, type RawResponse } from './proxy-harness';

/**
 * One embedded backend per engine for the security suites, with the console's /api proxy in front of it, a token per
 * demo role, and known secret values written into every column that holds one, so a test can grep any response
 * body for them.
 */

/** Values that no /db response may ever contain, whoever asks. */
export const SECRET = {
  password: 'sec-canary-password-4f1c9a',
  certificate: '-----BEGIN CERTIFICATE----- sec-canary-cert-88d2',
  tls: 'sec-canary-agent-tls-0b7e',
  token: 'sec-canary-access-token-5a61',
} as const;

/** People's private data: only readers of identities (admin) may see these. */
export const PRIVATE = {
  phone: 'private-phone-2e9d71',
  externalId: 'private-external-c04b13',
} as const;

export interface SecurityFixture {
  engine: Engine;
  backend: CoreBackend;
  proxy: RunningServer;
  tokens: Map<Role, string>;
  ids: Map<Role, string>;
  /** Every credential value stored in the database (the seeded secrets plus every password hash and token). */
  secrets: string[];
  close(): Promise<void>;
}

export type Via = 'direct' | 'proxy';

export interface CallInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A JSON write (return=representation) as a role: what the authorization suites send to /db and native routes. */
export function writeAs(
  f: SecurityFixture,
  via: Via,
  role: Role,
  method: string,
  path: string,
  body?: unknown,
): Promise<RawResponse> {
  return callAs(f, via, role, path, {
    method,
    headers: { 'content-type': 'application/json', prefer: 'return=representation' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The first row of a query on the fixture's database (an empty object when there is none). */
export async function firstRow(
  f: SecurityFixture,
  sql: string,
  params: unknown[] = [],
): Promise<Record<string, unknown>> {
  const result = await f.backend.db.query<Record<string, unknown>>(sql, params);
  return result.rows[0] ?? {};
}

/** A request as a role, straight to the backend or through the console's /api proxy. */
export function callAs(
  f: SecurityFixture,
  via: Via,
  role: Role,
  path: string,
  init: CallInit = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = { ...init.headers };
  if (via === 'direct') {
    headers.authorization = `Bearer ${f.tokens.get(role) ?? ''}`;
    return rawRequest(f.backend.url, path, { method: init.method, headers, body: init.body });
  }
  headers['x-test-role'] = role;
  // A browser's same-origin request, for a proxy that checks where writes come from.
  headers.origin = f.proxy.url;
  headers['sec-fetch-site'] = 'same-origin';
  return rawRequest(f.proxy.url, `/api${path}`, { method: init.method, headers, body: init.body });
}

export async function startSecurityFixture(engine: Engine): Promise<SecurityFixture> {
  process.env.DEMO_TICKER = 'false';
  const backend = await startCoreBackend(engine);
  const tokens = new Map<Role, string>();
  const ids = new Map<Role, string>();
  for (const role of ROLES) {
    const response = await fetch(`${backend.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: role, password: 'demo' }),
    });
    const body = (await response.json()) as { payload?: { token?: string; user?: { id?: string } } };
    tokens.set(role, body.payload?.token ?? '');
    ids.set(role, body.payload?.user?.id ?? '');
  }
  const db = backend.db;
  await db.query('UPDATE connections SET password = $1, certificate = $2', [
    SECRET.password,
    SECRET.certificate,
  ]);
  await db.query('UPDATE agents SET tls = $1', [SECRET.tls]);
  await db.query('UPDATE people SET phone = $1, external_id = $2', [PRIVATE.phone, PRIVATE.externalId]);
  const admin = ids.get('admin');
  await db.query(
    `INSERT INTO access_tokens (name, person_id, value, expires_at) VALUES ('security-suite', $1, $2, now() + interval '1 day')`,
    [admin, SECRET.token],
  );
  // Rows that reach a connection through every foreign key pointing at connections, so embeds of it carry data.
  await db.query(
    `UPDATE notification_send_history SET connection_id = (SELECT id FROM connections ORDER BY name LIMIT 1)
     WHERE id IN (SELECT id FROM notification_send_history ORDER BY created_at DESC LIMIT 3)`,
  );
  await db.query(
    `UPDATE artifacts SET connection_id = (SELECT id FROM connections ORDER BY name LIMIT 1)
     WHERE id IN (SELECT id FROM artifacts ORDER BY created_at DESC LIMIT 3)`,
  );
  await db.query(
    `INSERT INTO permissions (name, subject, subject_type, action, object, connection_id)
     VALUES ('security-suite-connection', 'nobody', 'role', 'read', 'connection', (SELECT id FROM connections ORDER BY name LIMIT 1))`,
  );
  const stored = await db.query<{ value: string }>(
    `SELECT password_hash AS value FROM people_passwords UNION ALL SELECT value FROM access_tokens`,
  );
  const secrets = [...Object.values(SECRET), ...stored.rows.map((r) => r.value)];
  // Requests of the suites run several at a time against one PGlite, so the proxy's backend timeout is generous.
  const proxy = await startProxy({
    transport: transportTo(backend.url),
    tokenFor: (role) => tokens.get(role) ?? '',
    limits: { timeoutMs: 30_000 },
  });
  return {
    engine,
    backend,
    proxy,
    tokens,
    ids,
    secrets,
    close: async () => {
      await proxy.close();
      await backend.dispose();
    },
  };
}

/** The stored secrets (and, for a non-admin, people's private data) that a body contains. */
export function leakedIn(f: SecurityFixture, role: Role, body: string): string[] {
  const found = f.secrets.filter((s) => body.includes(s));
  if (role !== 'admin') found.push(...Object.values(PRIVATE).filter((s) => body.includes(s)));
  return found;
}
