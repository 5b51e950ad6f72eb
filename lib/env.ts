import { z } from 'zod';

/**
 * The only reader of process.env. Parsed lazily (and re-parsed when the environment changes in tests) so that a
 * misconfiguration fails with a clear message at the first use instead of a crash deep inside a request.
 */
const booleanText = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes' || v === 'on');

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Address of a real Mission Control backend; unset = the embedded backend in-process. */
  BACKEND_URL: optionalUrl.optional(),
  /** Embedded backend on a real PostgreSQL server instead of PGlite. */
  DATABASE_URL: z.string().trim().optional(),
  /** PGlite data directory of the embedded backend. */
  PGLITE_DIR: z.string().trim().default('.data/pglite'),
  /**
   * Longest a single statement of the embedded backend may run (ms) before it is cancelled and answered 504; 0
   * disables it. On PGlite an overrun also restarts the engine's worker thread (see db/pglite-database.ts).
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  /** Port of `npm run backend`. */
  EMBEDDED_BACKEND_PORT: z.coerce.number().int().min(1).max(65535).default(3100),
  /**
   * Demo data and demo accounts (admin … guest, password `demo`) in the embedded backend, and the sign-in page
   * saying so. Default: on, except for a production server on a shared PostgreSQL (NODE_ENV=production with
   * DATABASE_URL), where well-known passwords must be asked for explicitly (demoDataEnabled).
   */
  DEMO_DATA: booleanText.optional(),
  /** Demo ticker of the embedded backend (appends check statuses, advances playbook runs). */
  DEMO_TICKER: booleanText.default(true),
  AUTH_PROVIDER: z.enum(['basic', 'kratos', 'clerk', 'none']).default('basic'),
  /** Secret for the session cookie and the tokens the console hands the embedded backend. */
  AUTH_SECRET: z.string().min(16, 'AUTH_SECRET must be at least 16 characters').optional(),
  KRATOS_URL: optionalUrl.optional(),
  NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: z.string().optional(),
  CLERK_SECRET_KEY: z.string().optional(),
  /** Embedded backend in Clerk mode (backend-contract §3.3): the instance's JWKS and the one organization it serves. */
  CLERK_JWKS_URL: optionalUrl.optional(),
  CLERK_ORG_ID: z.string().trim().optional(),
  /**
   * The console's origins (space- or comma-separated, e.g. `https://console.example`) whose Clerk tokens (`azp`) the
   * embedded backend in Clerk mode accepts; required with CLERK_JWKS_URL and CLERK_ORG_ID.
   */
  CLERK_AUTHORIZED_PARTIES: z
    .string()
    .default('')
    .transform((v) => v.split(/[\s,]+/).filter(Boolean)),
  /** Path of the health summary call, relative to the backend (spec 001 §7: overridable). */
  HEALTH_SUMMARY_PATH: z.string().default('/canary/api/summary'),
  /**
   * How long a public status page (/status/{slug}) is answered from this process's cache before the backend is asked
   * again (issue 38: a busy page must not reach the backend more than a few times a minute).
   */
  STATUS_PAGE_CACHE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Origins allowed to frame the /view pages (space-separated), e.g. wall-display hosts. */
  VIEW_FRAME_ANCESTORS: z.string().default(''),
  PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  PROXY_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /** next start: time allowed for a request's headers, and for the whole request (headers and body) to arrive. */
  SERVER_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
  SERVER_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Reverse proxies in front of the console that append to X-Forwarded-For (0: the socket's address is the client's). */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  DOCS_URL: z.string().default('https://docs.flanksource.com'),
  PRODUCT_NAME: z.string().default('Mission Control'),
  /** Preview deployment: its own temporary demo data, a banner naming it on every page, X-Robots-Tag: noindex. */
  PREVIEW: booleanText.default(false),
  /** Name of the preview shown in its banner (e.g. the pull request); setting it also turns preview mode on. */
  PREVIEW_LABEL: z.string().trim().max(80, 'PREVIEW_LABEL must be at most 80 characters').optional(),
  /** Commit the preview was built from, shown in its banner. */
  PREVIEW_COMMIT: z
    .string()
    .trim()
    .regex(/^[\w.-]{0,64}$/, 'PREVIEW_COMMIT must be a commit id (letters, digits, . _ -)')
    .optional(),
  /** CI's usual names, used for the preview banner when PREVIEW_LABEL / PREVIEW_COMMIT are not set (GitHub, GitLab). */
  GITHUB_HEAD_REF: z.string().optional(),
  GITHUB_SHA: z.string().optional(),
  CI_COMMIT_REF_NAME: z.string().optional(),
  CI_COMMIT_SHA: z.string().optional(),
  /** Upper bound of a graceful shutdown (SIGTERM): requests in flight, then the database; keep it below the orchestrator's kill delay. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(8000),
  /** Time between readiness turning 503 and the listener closing on SIGTERM, so a load balancer stops sending first. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(0),
  /** Lowest level written to the server log (pino's levels; `silent` writes nothing). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `json` (one object per line, for log collectors) or `pretty` (short lines for people); default pretty in development. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** Port of the Prometheus `/metrics` server (its own listener, never the public port); unset: no metrics server. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Address the metrics server binds; loopback unless a scraper elsewhere must reach it. */
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Bearer token a scrape must send (401 without it). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** OpenTelemetry's standard switches (the exporter reads the rest itself): traces are on only when one of them asks. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalUrl.optional(),
  OTEL_TRACES_EXPORTER: z.string().trim().toLowerCase().optional(),
  OTEL_SDK_DISABLED: booleanText.default(false),
  OTEL_SERVICE_NAME: z.string().trim().min(1).optional(),
});

export type Env = z.infer<typeof envSchema>;

let cached: { source: NodeJS.ProcessEnv; snapshot: string; env: Env } | undefined;

export function getEnv(): Env {
  const snapshot = JSON.stringify(pickKnown(process.env));
  if (cached && cached.snapshot === snapshot) return cached.env;
  const parsed = envSchema.safeParse(pickKnown(process.env));
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${details}`);
  }
  const problem = authConfigurationProblem(parsed.data) ?? deploymentConfigurationProblem(parsed.data);
  if (problem) throw new Error(`Invalid configuration: ${problem}`);
  cached = { source: process.env, snapshot, env: parsed.data };
  return parsed.data;
}

/** A sign-in mode that cannot work without its settings is refused at start (instrumentation.ts), not per request. */
export function authConfigurationProblem(env: Env): string | undefined {
  if (env.AUTH_PROVIDER === 'clerk' && (!env.NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY || !env.CLERK_SECRET_KEY)) {
    return 'AUTH_PROVIDER=clerk needs NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY and CLERK_SECRET_KEY (from the Clerk dashboard, API keys).';
  }
  if (env.AUTH_PROVIDER === 'kratos' && !env.KRATOS_URL) {
    return 'AUTH_PROVIDER=kratos needs KRATOS_URL (the identity server public API, e.g. http://kratos:4433).';
  }
  return undefined;
}

/** Deployment settings that contradict each other are refused at start with what to change. */
export function deploymentConfigurationProblem(env: Env): string | undefined {
  if (isPreview(env) && env.DATABASE_URL) {
    return 'a preview deployment (PREVIEW=1 or PREVIEW_LABEL) keeps its own temporary demo data: unset DATABASE_URL so it never writes to a shared database.';
  }
  if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.AUTH_SECRET) {
    return 'DATABASE_URL shares one database between instances: set AUTH_SECRET (the same value on every instance) so a session made on one instance is valid on the others.';
  }
  return undefined;
}

/** True for a preview deployment: PREVIEW=1, or a preview label set. */
export function isPreview(env: Env): boolean {
  return env.PREVIEW || Boolean(env.PREVIEW_LABEL);
}

function pickKnown(source: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const known: Record<string, string | undefined> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    if (value !== undefined) known[key] = value;
  }
  return known;
}

/**
 * Whether the embedded backend seeds (and the sign-in pages advertise) the demo data and accounts: DEMO_DATA when
 * set, else everywhere but a production server on DATABASE_URL (issue 31 item 15: it used to seed admin/demo there).
 */
export function demoDataEnabled(env: Env = getEnv()): boolean {
  return env.DEMO_DATA ?? !(env.NODE_ENV === 'production' && Boolean(env.DATABASE_URL));
}

/** True when the console talks to its embedded backend (no BACKEND_URL). */
export function isEmbeddedBackend(): boolean {
  return !getEnv().BACKEND_URL;
}
