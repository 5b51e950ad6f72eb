/** Port and preview identity of the standalone smoke project (playwright.config.ts and the spec share them). */
export const STANDALONE_E2E = {
  /** `npm run start:standalone`, the container image's entry point, as a preview deployment. */
  port: Number(process.env.E2E_STANDALONE_PORT ?? 3315),
  /** The in-process OTLP receiver of standalone-telemetry.spec.ts, where this server exports its traces. */
  otlpPort: Number(
    process.env.E2E_STANDALONE_OTLP_PORT ?? Number(process.env.E2E_STANDALONE_PORT ?? 3315) + 5010,
  ),
  previewLabel: 'e2e smoke',
  previewCommit: '0123456789abcdef0123456789abcdef01234567',
} as const;
