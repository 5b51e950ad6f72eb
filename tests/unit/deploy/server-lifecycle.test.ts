/** @jest-environment node */
import { EventEmitter } from 'node:events';
import {
  installGracefulShutdown,
  isDraining,
  resetServerLifecycleForTests,
  type ProcessLike,
} from '@/lib/server/lifecycle';

/** A stand-in for `process`: real listeners, and an exit that records instead of ending the test run. */
function fakeProcess() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  const proc = {
    listeners: (event: string) => emitter.listeners(event),
    removeListener: (event: string, listener: (...args: unknown[]) => void) =>
      emitter.removeListener(event, listener),
    on: (event: string, listener: (...args: unknown[]) => void) => emitter.on(event, listener),
    exit: ((code?: number) => {
      exits.push(code ?? 0);
    }) as ProcessLike['exit'],
  };
  return { proc: proc as unknown as ProcessLike, emitter, exits };
}

/** Next's handler as start-server.js has it: close the server (requests finish), then exit 143 (130 on SIGINT) at once. */
function nextLikeHandler(proc: ProcessLike, serverClosed: Promise<void>, log: string[]) {
  return (signal: string) => {
    log.push(`next:${signal}`);
    void serverClosed.then(() => {
      log.push('next:exit');
      proc.exit(signal === 'SIGINT' ? 130 : 143);
    });
  };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

beforeEach(() => {
  jest.useFakeTimers();
  resetServerLifecycleForTests();
});
afterEach(() => {
  jest.useRealTimers();
  resetServerLifecycleForTests();
});

describe('graceful shutdown', () => {
  it('drains, lets Next close its server after the drain pause, and exits only once the database is closed', async () => {
    const { proc, emitter, exits } = fakeProcess();
    const log: string[] = [];
    const requestsDone = deferred();
    const dbClosed = deferred();
    emitter.on('SIGTERM', nextLikeHandler(proc, requestsDone.promise, log));
    installGracefulShutdown({
      proc,
      timeoutMs: 10_000,
      drainMs: 500,
      log: () => undefined,
      close: async () => {
        log.push('close:start');
        await dbClosed.promise;
        log.push('close:end');
      },
    });

    expect(isDraining()).toBe(false);
    emitter.emit('SIGTERM', 'SIGTERM');
    expect(isDraining()).toBe(true);
    // Next's handler waits for the drain pause: the listener stays open while load balancers notice the 503.
    expect(log).toEqual([]);
    await jest.advanceTimersByTimeAsync(500);
    expect(log).toEqual(['next:SIGTERM']);

    // Requests in flight finish; Next's exit is held until the database is closed.
    requestsDone.resolve();
    await jest.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['next:SIGTERM', 'next:exit', 'close:start']);
    expect(exits).toEqual([]);
    dbClosed.resolve();
    await jest.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['next:SIGTERM', 'next:exit', 'close:start', 'close:end']);
    expect(exits).toEqual([143]);
  });

  it('a second signal during shutdown changes nothing', async () => {
    const { proc, emitter, exits } = fakeProcess();
    const log: string[] = [];
    emitter.on('SIGTERM', nextLikeHandler(proc, Promise.resolve(), log));
    emitter.on('SIGINT', nextLikeHandler(proc, Promise.resolve(), log));
    installGracefulShutdown({
      proc,
      timeoutMs: 10_000,
      drainMs: 0,
      log: () => undefined,
      close: async () => undefined,
    });
    emitter.emit('SIGTERM', 'SIGTERM');
    emitter.emit('SIGINT', 'SIGINT');
    emitter.emit('SIGTERM', 'SIGTERM');
    await jest.advanceTimersByTimeAsync(10);
    expect(log).toEqual(['next:SIGTERM', 'next:exit']);
    expect(exits).toEqual([143]);
  });

  it('bounds a request that never ends: the database closes and the process exits at the timeout', async () => {
    const { proc, emitter, exits } = fakeProcess();
    const log: string[] = [];
    emitter.on('SIGTERM', nextLikeHandler(proc, new Promise<void>(() => undefined), log));
    const close = jest.fn(async () => undefined);
    installGracefulShutdown({ proc, timeoutMs: 3000, drainMs: 0, log: () => undefined, close });
    emitter.emit('SIGTERM', 'SIGTERM');
    await jest.advanceTimersByTimeAsync(2999);
    expect(close).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(close).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([143]);
  });

  it('exits even when closing hangs or fails', async () => {
    const hung = fakeProcess();
    hung.emitter.on('SIGTERM', nextLikeHandler(hung.proc, Promise.resolve(), []));
    installGracefulShutdown({
      proc: hung.proc,
      timeoutMs: 2000,
      drainMs: 0,
      log: () => undefined,
      close: () => new Promise(() => undefined),
    });
    hung.emitter.emit('SIGTERM', 'SIGTERM');
    await jest.advanceTimersByTimeAsync(1999);
    expect(hung.exits).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(hung.exits).toEqual([143]);

    resetServerLifecycleForTests();
    const failing = fakeProcess();
    failing.emitter.on('SIGINT', nextLikeHandler(failing.proc, Promise.resolve(), []));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    installGracefulShutdown({
      proc: failing.proc,
      timeoutMs: 2000,
      drainMs: 0,
      log: () => undefined,
      close: async () => Promise.reject(new Error('pool gone')),
    });
    failing.emitter.emit('SIGINT', 'SIGINT');
    await jest.advanceTimersByTimeAsync(0);
    expect(failing.exits).toEqual([130]);
    expect(error).toHaveBeenCalledWith('[server] closing failed', 'pool gone');
    error.mockRestore();
  });

  it('without a server handler to wait for, closes and exits after the drain pause', async () => {
    const { proc, emitter, exits } = fakeProcess();
    const close = jest.fn(async () => undefined);
    installGracefulShutdown({ proc, timeoutMs: 5000, drainMs: 200, log: () => undefined, close });
    emitter.emit('SIGTERM', 'SIGTERM');
    await jest.advanceTimersByTimeAsync(199);
    expect(close).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(close).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([143]);
  });

  it('closes keep-alive connections as they turn idle while the server closes, instead of waiting for their timeout', async () => {
    const { proc, emitter } = fakeProcess();
    emitter.on('SIGTERM', nextLikeHandler(proc, new Promise<void>(() => undefined), []));
    const server = { closeIdleConnections: jest.fn() };
    installGracefulShutdown({
      proc,
      timeoutMs: 5000,
      drainMs: 300,
      servers: () => [server],
      log: () => undefined,
      close: async () => undefined,
    });
    emitter.emit('SIGTERM', 'SIGTERM');
    await jest.advanceTimersByTimeAsync(299);
    expect(server.closeIdleConnections).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(server.closeIdleConnections).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(server.closeIdleConnections.mock.calls.length).toBeGreaterThanOrEqual(10);
  });

  it('installs once per process', () => {
    const { proc } = fakeProcess();
    expect(installGracefulShutdown({ proc, timeoutMs: 1, drainMs: 0, close: async () => undefined })).toBe(
      true,
    );
    expect(installGracefulShutdown({ proc, timeoutMs: 1, drainMs: 0, close: async () => undefined })).toBe(
      false,
    );
  });
});
