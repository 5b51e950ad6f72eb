import { makeConfig } from './jest.config.mjs';

// Contract tests of the embedded backend: real HTTP, real Postgres engines, node environment.
export default makeConfig({
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/backend/**/*.test.ts'],
  testTimeout: 120_000,
});
