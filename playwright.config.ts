import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3311);
const baseURL = `http://127.0.0.1:${PORT}`;

/** Flags for Debian's Chromium on a machine with no network beyond the package registries. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: './tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // `npm test` builds first; the server uses a fresh demo database of its own.
    command: `rm -rf .data/e2e && npx next start -H 127.0.0.1 -p ${PORT}`,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PGLITE_DIR: '.data/e2e/pglite',
      AUTH_SECRET: 'e2e-secret-for-tests-only-0123456789',
      AUTH_PROVIDER: 'basic',
      DEMO_TICKER: 'false',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
});
