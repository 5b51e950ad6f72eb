/** Ports of the basic-mode console under test (playwright.config.ts and the specs share them). */
export const CONSOLE_E2E = {
  port: Number(process.env.E2E_PORT ?? 3311),
  /** Its Prometheus metrics server (METRICS_PORT): loopback only, never the console's own port. */
  metricsPort: Number(process.env.E2E_METRICS_PORT ?? Number(process.env.E2E_PORT ?? 3311) + 5000),
  /** tests/e2e/server-group.ts answers here once every grouped e2e server is ready. */
  groupReadyPort: Number(process.env.E2E_GROUP_READY_PORT ?? Number(process.env.E2E_PORT ?? 3311) + 6000),
} as const;
