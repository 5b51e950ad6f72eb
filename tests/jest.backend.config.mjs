import { makeConfig } from './jest.config.mjs';

// Contract tests of the embedded backend: real HTTP, real Postgres engines, node environment.
export default makeConfig({
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/backend/**/*.test.ts'],
  testTimeout: 120_000,
  // One seeded demo database per engine for the whole run, copied per backend (tests/backend/helpers/seeded-templates.ts).
  globalSetup: '<rootDir>/tests/backend/global-setup.ts',
  globalTeardown: '<rootDir>/tests/backend/global-teardown.ts',
});
