/** Ports of the basic-mode console under test (playwright.config.ts and the specs share them). */
export const CONSOLE_E2E = {
  port: Number(process.env.E2E_PORT ?? 3311),
  /** Its Prometheus metrics server (METRICS_PORT): loopback only, never the console's own port. */
  metricsPort: Number(process.env.E2E_METRICS_PORT ?? Number(process.env.E2E_PORT ?? 3311) + 5000),
} as const;
