/** @jest-environment node */
import {
  installGracefulShutdown,
  resetServerLifecycleForTests,
  type ProcessLike,
} from '@/lib/server/lifecycle';

// The route's dependencies, not the route: whether the backend has started and whether it answers.
const backendState = { ready: false, healthy: true, startCalls: 0 };
jest.mock('@/lib/embedded-backend/bootstrap', () => ({
  embeddedBackendReady: () => backendState.ready,
  getEmbeddedBackend: () => {
    backendState.startCalls += 1;
    return new Promise(() => undefined);
  },
}));
jest.mock('@/lib/backend/backend-access', () => ({
  deploymentTransport: () => () => Promise.reject(new Error('unused')),
}));
jest.mock('@/lib/backend/health', () => ({ checkBackendHealth: async () => backendState.healthy }));

import { GET } from '@/app/api/health/route';

const get = async (query = '') => {
  const response = await GET(new Request(`http://console.test/api/health${query}`));
  return {
    status: response.status,
    body: (await response.json()) as Record<string, string>,
    cache: response.headers.get('cache-control'),
  };
};

beforeEach(() => {
  Object.assign(backendState, { ready: false, healthy: true, startCalls: 0 });
  resetServerLifecycleForTests();
  delete (process.env as Record<string, string | undefined>).BACKEND_URL;
  delete (process.env as Record<string, string | undefined>).AUTH_PROVIDER;
});

describe('/api/health', () => {
  it('liveness answers 200 while the backend is still starting, and is never cached', async () => {
    expect(await get()).toEqual({ status: 200, body: { status: 'ok' }, cache: 'no-store' });
    expect(backendState.startCalls).toBe(0);
  });

  it('readiness is 503 while the embedded backend starts (and starts it), 200 once it is up and answers', async () => {
    expect(await get('?ready=1')).toMatchObject({ status: 503, body: { status: 'starting' } });
    expect(backendState.startCalls).toBe(1);
    backendState.ready = true;
    expect(await get('?ready=1')).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(await get('?ready=true')).toMatchObject({ status: 200 });
  });

  it('hosted (Clerk) mode has no deployment backend: readiness never opens an embedded one', async () => {
    Object.assign(process.env, {
      AUTH_PROVIDER: 'clerk',
      NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: 'pk_test_x',
      CLERK_SECRET_KEY: 'sk_test_x',
    });
    try {
      expect(await get('?ready=1')).toMatchObject({ status: 200, body: { status: 'ready' } });
      expect(backendState.startCalls).toBe(0);
    } finally {
      delete (process.env as Record<string, string | undefined>).NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY;
      delete (process.env as Record<string, string | undefined>).CLERK_SECRET_KEY;
    }
  });

  it('readiness is 503 when the backend does not answer', async () => {
    backendState.ready = true;
    backendState.healthy = false;
    expect(await get('?ready=1')).toMatchObject({
      status: 503,
      body: { status: 'unavailable', error: 'The backend is not reachable' },
    });
  });

  it('readiness of a remote backend depends on its answer only', async () => {
    (process.env as Record<string, string>).BACKEND_URL = 'http://backend.internal:8080';
    expect(await get('?ready=1')).toMatchObject({ status: 200 });
    expect(backendState.startCalls).toBe(0);
  });

  it('readiness turns 503 at the shutdown signal while liveness stays 200', async () => {
    backendState.ready = true;
    const proc = {
      listeners: () => [],
      removeListener: () => undefined,
      on: () => undefined,
      exit: () => undefined,
    } as unknown as ProcessLike;
    let handler: ((signal: 'SIGTERM') => void) | undefined;
    proc.on = ((event: string, listener: (signal: 'SIGTERM') => void) => {
      if (event === 'SIGTERM') handler = listener;
    }) as ProcessLike['on'];
    installGracefulShutdown({
      proc,
      timeoutMs: 60_000,
      drainMs: 60_000,
      log: () => undefined,
      close: async () => undefined,
    });
    jest.useFakeTimers();
    handler?.('SIGTERM');
    expect(await get('?ready=1')).toMatchObject({ status: 503, body: { status: 'draining' } });
    expect(await get()).toMatchObject({ status: 200 });
    jest.clearAllTimers();
    jest.useRealTimers();
  });

  it('refuses a readiness parameter it does not know with a clear 400', async () => {
    expect(await get('?ready=maybe')).toEqual({
      status: 400,
      body: { error: "ready must be '1' (readiness) or absent (liveness)" },
      cache: 'no-store',
    });
  });
});
