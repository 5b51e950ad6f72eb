import { basic, startCoreBackend, type CoreBackend, type Engine } from './helpers/core-backend';

/** Shared plumbing of the native-endpoint contract tests: one seeded backend per file and engine, role-based calls. */

export const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer', 'guest'] as const;
export type Role = (typeof ROLES)[number];

export interface EndpointsFixture {
  backend: CoreBackend;
  /** Calls the backend over HTTP as a demo person (HTTP Basic `<role>:demo`); JSON bodies are serialized. */
  call(
    method: string,
    path: string,
    options?: { as?: Role; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
  /** First column of the first row of a query on the backend's own database (ids of seeded rows). */
  one<T = string>(sql: string, params?: unknown[]): Promise<T>;
  dispose(): Promise<void>;
}

export async function openEndpointsFixture(engine: Engine): Promise<EndpointsFixture> {
  // The ticker is driven by the tests through tick(now), never by a timer.
  process.env.DEMO_TICKER = 'false';
  const backend = await startCoreBackend(engine);
  return {
    backend,
    call: (method, path, options = {}) => {
      const headers: Record<string, string> = {
        authorization: basic(options.as ?? 'admin'),
        ...(options.headers ?? {}),
      };
      let body: string | undefined;
      if (options.body !== undefined) {
        body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
        headers['content-type'] = 'application/json';
      }
      return fetch(`${backend.url}${path}`, { method, headers, body });
    },
    one: async <T = string>(sql: string, params: unknown[] = []) => {
      const r = await backend.db.query<Record<string, unknown>>(sql, params);
      const row = r.rows[0];
      if (!row) throw new Error(`no row for ${sql}`);
      return Object.values(row)[0] as T;
    },
    dispose: () => backend.dispose(),
  };
}

/** Asserts the RBAC middleware's denial: 403 text plus the X-Rbac-* headers naming subject, object and action. */
export async function expectDenied(response: Response, object: string, action: string): Promise<void> {
  expect(response.status).toBe(403);
  expect(await response.text()).toBe('unauthorized. Access Denied');
  expect(response.headers.get('x-rbac-object')).toBe(object);
  expect(response.headers.get('x-rbac-action')).toBe(action);
  expect(response.headers.get('x-rbac-subject')).toMatch(/^[0-9a-f-]{36}$/);
}

/** Asserts the duty error envelope `{error}` with a status. */
export async function expectError(
  response: Response,
  status: number,
  pattern?: RegExp,
): Promise<Record<string, unknown>> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(typeof body.error).toBe('string');
  if (pattern) expect(String(body.error)).toMatch(pattern);
  return body;
}
