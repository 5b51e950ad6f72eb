/** @jest-environment node */
import { getEnv } from '@/lib/env';

// What the start sequence calls, not what it starts: the embedded backend and the shutdown handler.
const mockGetEmbeddedBackend = jest.fn(() => new Promise(() => undefined));
const mockInstallGracefulShutdown = jest.fn();
jest.mock('@/lib/embedded-backend/bootstrap', () => ({
  getEmbeddedBackend: () => mockGetEmbeddedBackend(),
  closeEmbeddedBackend: jest.fn(),
}));
jest.mock('@/lib/server/lifecycle', () => ({
  installGracefulShutdown: (options: unknown) => mockInstallGracefulShutdown(options),
}));

import { startConsoleServer } from '@/lib/server/start';

const production = (overrides: Partial<ReturnType<typeof getEnv>>) => ({
  ...getEnv(),
  NODE_ENV: 'production' as const,
  ...overrides,
});

beforeEach(() => {
  mockGetEmbeddedBackend.mockClear();
  mockInstallGracefulShutdown.mockClear();
});

describe('startConsoleServer', () => {
  it('opens the embedded backend at once when it is the deployment backend', () => {
    startConsoleServer(production({ AUTH_PROVIDER: 'basic', BACKEND_URL: undefined }));
    expect(mockInstallGracefulShutdown).toHaveBeenCalledTimes(1);
    expect(mockGetEmbeddedBackend).toHaveBeenCalledTimes(1);
  });

  it('opens none with BACKEND_URL, nor in hosted (Clerk) mode, where every organization has a backend of its own', () => {
    startConsoleServer(production({ AUTH_PROVIDER: 'basic', BACKEND_URL: 'http://backend.test' }));
    startConsoleServer(production({ AUTH_PROVIDER: 'clerk', BACKEND_URL: undefined }));
    expect(mockInstallGracefulShutdown).toHaveBeenCalledTimes(2);
    expect(mockGetEmbeddedBackend).not.toHaveBeenCalled();
  });
});
