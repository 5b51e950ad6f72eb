/** Ports and credentials of the Kratos-mode e2e project (playwright.config.ts, main.ts and the specs share them). */
export const KRATOS_E2E = {
  /** `next start` with AUTH_PROVIDER=kratos. */
  consolePort: Number(process.env.E2E_KRATOS_CONSOLE_PORT ?? 3312),
  /** The Kratos test server (KRATOS_URL). */
  kratosPort: Number(process.env.E2E_KRATOS_PORT ?? 3313),
  /** The backend in front of the embedded one, plus the test control API under /__test/. */
  backendPort: Number(process.env.E2E_KRATOS_BACKEND_PORT ?? 3314),
  /** The password of every seeded identity (the backend's demo password differs on purpose). */
  password: 'correct horse battery staple',
} as const;
