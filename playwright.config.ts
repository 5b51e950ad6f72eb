import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { CLERK_E2E } from './tests/clerk-server/e2e-env';
import { KRATOS_E2E } from './tests/kratos-server/e2e-env';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/lib/chromium';
import { CONSOLE_E2E } from './tests/e2e/console-env';
import { STANDALONE_E2E } from './tests/e2e/standalone-env';

const PORT = CONSOLE_E2E.port;
const baseURL = `http://127.0.0.1:${PORT}`;
const kratosConsoleURL = `http://127.0.0.1:${KRATOS_E2E.consolePort}`;
const clerkConsoleURL = CLERK_E2E.consoleUrl;
const standaloneURL = `http://127.0.0.1:${STANDALONE_E2E.port}`;
const AUTH_SECRET = 'e2e-secret-for-tests-only-0123456789';

/** Specs of the other sign-in modes, each run by its own project against its own server. */
const KRATOS_SPECS = /kratos-.*\.spec\.ts$/;
const CLERK_SPECS = /clerk-mode.*\.spec\.ts$/;
const STANDALONE_SPECS = /standalone-.*\.spec\.ts$/;

const serverOutput = { reuseExistingServer: false, stdout: 'pipe', stderr: 'pipe' } as const;
/** Warnings and errors reach the run's output; a line per request (LOG_LEVEL=info) would bury them. */
const LOG_LEVEL = 'warn';

/** One e2e server: started by tests/e2e/server-group.ts beside the others, ready when `url` answers. */
interface GroupedServer {
  name: string;
  command: string;
  url: string;
  env?: Record<string, string>;
}

const basicConsole: GroupedServer = {
  name: 'console',
  // `npm test` builds first; the server uses a fresh demo database of its own.
  command: `rm -rf .data/e2e && npx next start -H 127.0.0.1 -p ${PORT}`,
  url: `${baseURL}/api/health?ready=1`,
  env: {
    PGLITE_DIR: '.data/e2e/pglite',
    AUTH_SECRET,
    LOG_LEVEL,
    AUTH_PROVIDER: 'basic',
    DEMO_TICKER: 'false',
    // The status page spec waits for a failing check to show: 2 s of console cache instead of 30 (~30 s of a worker).
    STATUS_PAGE_CACHE_SECONDS: '2',
    NEXT_TELEMETRY_DISABLED: '1',
    METRICS_PORT: String(CONSOLE_E2E.metricsPort),
  },
};

/** The Kratos mode's servers: the Kratos test server with its backend, and the console in Kratos mode. */
const kratosServers: GroupedServer[] = [
  {
    name: 'kratos',
    // Kratos mode: the Kratos test server and a backend that checks its sessions, over a demo database of its own.
    command: 'rm -rf .data/e2e-kratos && node --import tsx tests/kratos-server/main.ts',
    url: `http://127.0.0.1:${KRATOS_E2E.backendPort}/__test/ready`,
    env: { PGLITE_DIR: '.data/e2e-kratos/pglite', AUTH_SECRET, LOG_LEVEL, DEMO_TICKER: 'false' },
  },
  {
    name: 'kratos console',
    // The same build in Kratos mode.
    command: `npx next start -H 127.0.0.1 -p ${KRATOS_E2E.consolePort}`,
    url: `${kratosConsoleURL}/api/health?ready=1`,
    env: {
      AUTH_SECRET,
      LOG_LEVEL,
      AUTH_PROVIDER: 'kratos',
      KRATOS_URL: `http://127.0.0.1:${KRATOS_E2E.kratosPort}`,
      BACKEND_URL: `http://127.0.0.1:${KRATOS_E2E.backendPort}`,
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
];

/** The servers of the other sign-in modes (Kratos, Clerk), each with the backends it needs. */
const otherModeServers: GroupedServer[] = [
  ...kratosServers,
  {
    name: 'clerk stand-in',
    // Clerk mode: the Clerk stand-in (Backend API, JWKS, test control) with recording gateways to the backends.
    command: 'node --import tsx tests/clerk-server/main.ts',
    url: `${CLERK_E2E.standInUrl}/__test/ready`,
  },
  // One embedded backend per organization in Clerk mode, each with its own data and demo names.
  ...Object.entries(CLERK_E2E.backends).map(([name, backend]) => ({
    name: `clerk backend ${name}`,
    command: `rm -rf .data/e2e-clerk/${name} && node --import tsx scripts/backend.ts --name-prefix ${name}`,
    url: `http://127.0.0.1:${backend.port}/health`,
    env: {
      PGLITE_DIR: `.data/e2e-clerk/${name}/pglite`,
      EMBEDDED_BACKEND_PORT: String(backend.port),
      CLERK_JWKS_URL: CLERK_E2E.jwksUrl,
      CLERK_ORG_ID: backend.orgId,
      CLERK_AUTHORIZED_PARTIES: CLERK_E2E.consoleUrl,
      AUTH_SECRET,
      LOG_LEVEL,
      DEMO_TICKER: 'false',
    },
  })),
  {
    name: 'clerk console',
    // The same build in Clerk mode, bound to localhost (loopback), pointed at the stand-in with Clerk's own settings.
    command: `npx next start -H localhost -p ${CLERK_E2E.consolePort}`,
    url: `${clerkConsoleURL}/api/health?ready=1`,
    env: {
      // Clerk mode never opens the embedded backend; should anything do so, it stays out of the developer's data.
      PGLITE_DIR: '.data/e2e-clerk/console/pglite',
      AUTH_SECRET,
      LOG_LEVEL,
      AUTH_PROVIDER: 'clerk',
      NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: CLERK_E2E.publishableKey,
      CLERK_SECRET_KEY: CLERK_E2E.secretKey,
      CLERK_API_URL: CLERK_E2E.standInUrl,
      NEXT_PUBLIC_CLERK_TELEMETRY_DISABLED: '1',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
];

const standaloneServer: GroupedServer = {
  name: 'standalone',
  // The container image's entry point (npm run start:standalone = node .next/standalone/server.js) as a preview
  // deployment: its own temporary demo data, deleted by the graceful shutdown that SIGTERM starts.
  command: 'npm run start:standalone',
  url: `${standaloneURL}/api/health?ready=1`,
  env: {
    PORT: String(STANDALONE_E2E.port),
    HOSTNAME: '127.0.0.1',
    AUTH_SECRET,
    LOG_LEVEL,
    AUTH_PROVIDER: 'basic',
    PREVIEW: '1',
    PREVIEW_LABEL: STANDALONE_E2E.previewLabel,
    PREVIEW_COMMIT: STANDALONE_E2E.previewCommit,
    DEMO_TICKER: 'false',
    NEXT_TELEMETRY_DISABLED: '1',
    // Traces on, as an operator turns them on: standalone-telemetry.spec.ts receives them (exported every 200 ms,
    // not every 5 s, so the test waits less); until that spec listens, the exporter's posts fail and are dropped.
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${STANDALONE_E2E.otlpPort}`,
    OTEL_BSP_SCHEDULE_DELAY: '200',
  },
};

type WebServer = Extract<PlaywrightTestConfig['webServer'], unknown[]>[number];

/**
 * Playwright starts webServer entries one after another; all eight start side by side in one group instead
 * (tests/e2e/server-group.ts). `E2E_SERVERS=basic` starts only the basic-mode console (for `--project=chromium`
 * runs beside another suite's servers), `E2E_SERVERS=standalone` only the standalone server (`--project=standalone`),
 * `E2E_SERVERS=kratos` only the Kratos mode's two (`--project=kratos`).
 */
function startedServers(): WebServer[] {
  const group = (members: GroupedServer[]): WebServer => ({
    command: 'node --import tsx tests/e2e/server-group.ts',
    url: `http://127.0.0.1:${CONSOLE_E2E.groupReadyPort}/ready`,
    timeout: 320_000,
    ...serverOutput,
    // The standalone server deletes its temporary demo data on SIGTERM; the group waits for every server to stop.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      E2E_SERVER_GROUP: JSON.stringify(members),
      E2E_GROUP_READY_PORT: String(CONSOLE_E2E.groupReadyPort),
    },
  });
  if (process.env.E2E_SERVERS === 'kratos') return [group(kratosServers)];
  const only = { basic: basicConsole, standalone: standaloneServer }[process.env.E2E_SERVERS ?? ''];
  if (only) {
    const { command, url, env } = only;
    // SIGTERM starts the graceful shutdown (the standalone server deletes its temporary demo data then).
    const gracefulShutdown = { signal: 'SIGTERM', timeout: 20_000 } as const;
    return [{ command, url, env, timeout: 180_000, gracefulShutdown, ...serverOutput }];
  }
  return [group([basicConsole, ...otherModeServers, standaloneServer])];
}

export default defineConfig({
  testDir: './tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    // Recording a trace costs every test CPU (snapshots at each step), also when it passes and the trace is dropped;
    // CI's one retry records it for the test that failed, and `--trace on` does so locally.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [KRATOS_SPECS, CLERK_SPECS, STANDALONE_SPECS],
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'standalone',
      testMatch: STANDALONE_SPECS,
      use: { ...devices['Desktop Chrome'], baseURL: standaloneURL },
    },
    {
      name: 'kratos',
      testMatch: KRATOS_SPECS,
      // One Kratos test server for both spec files, whose every test resets it (flows, sessions, identities): on two
      // workers a reset wiped the other file's flow mid sign-in ('The requested resource could not be found', the
      // Kratos flakes of several CI runs). The other worker meanwhile runs other projects' tests.
      workers: 1,
      use: { ...devices['Desktop Chrome'], baseURL: kratosConsoleURL },
    },
    {
      name: 'clerk',
      testMatch: CLERK_SPECS,
      use: {
        ...devices['Desktop Chrome'],
        baseURL: clerkConsoleURL,
        // The console must be reached as localhost (Clerk's development pages loop on 127.0.0.1), which resolves here to loopback only.
        launchOptions: {
          executablePath: CHROMIUM,
          args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP localhost 127.0.0.1'],
        },
      },
    },
  ],
  webServer: startedServers(),
});
