import nextJest from 'next/jest.js';
import { fileURLToPath } from 'node:url';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const createJestConfig = nextJest({ dir: rootDir });
// ESM-only packages must be transformed to CJS for Jest on Node 20.
const esmOnly = [
  '@electric-sql/pglite',
  '@tanstack/react-table',
  '@tanstack/table-core',
  '@tanstack/react-store',
  '@tanstack/store',
  // next-auth v5 and its dependencies ship ESM only (middleware and session-cookie tests import them).
  'next-auth',
  '@auth/core',
  'jose',
  'oauth4webapi',
  '@panva/hkdf',
  'preact',
  'preact-render-to-string',
  // Not ESM, but its HTTP transport loads node:http with import(), which Jest runs only once transformed to require().
  '@opentelemetry/otlp-exporter-base',
];

export function makeConfig(overrides) {
  const config = createJestConfig({
    rootDir,
    testEnvironment: 'jsdom',
    setupFilesAfterEnv: ['<rootDir>/tests/setup.ts'],
    testMatch: ['<rootDir>/tests/unit/**/*.test.{ts,tsx}'],
    moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
    // The standalone build carries a copy of package.json (and traced modules) that must not shadow the project.
    modulePathIgnorePatterns: ['<rootDir>/.next/'],
    ...overrides,
  });
  return async () => {
    const c = await config();
    // next/jest only appends transformIgnorePatterns; replace its node_modules rule instead.
    c.transformIgnorePatterns = c.transformIgnorePatterns.map((p) =>
      p.startsWith('/node_modules/(?!.pnpm)') ? `/node_modules/(?!.pnpm)(?!(${esmOnly.join('|')})/)` : p,
    );
    // PGlite's CJS build uses dynamic import('fs'); transform .cjs so it becomes require() under Jest.
    c.transform['^.+\\.cjs$'] = c.transform['^.+\\.(js|jsx|ts|tsx|mjs)$'];
    return c;
  };
}

export default makeConfig({});
