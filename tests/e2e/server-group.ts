import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';

/**
 * Starts several e2e servers at once and answers `GET /ready` on E2E_GROUP_READY_PORT once every one of them answers
 * its own address. Playwright starts its webServer entries one after another (each waits for the previous), which
 * cost CI ~47 s for the eight servers; started side by side they share that wait. Playwright stops this process's
 * whole process group at the end, which takes the servers with it.
 *
 * E2E_SERVER_GROUP is a JSON array of { name, command, url, env }.
 */

interface GroupedServer {
  name: string;
  command: string;
  url: string;
  env?: Record<string, string>;
}

const POLL_MS = 250;
// Five demo databases seed at once; on a busy 2-core machine that took over 180 s (idle: well under a minute).
const TIMEOUT_MS = 300_000;

const servers = JSON.parse(process.env.E2E_SERVER_GROUP ?? '[]') as GroupedServer[];
const readyPort = Number(process.env.E2E_GROUP_READY_PORT);
if (!servers.length || !Number.isInteger(readyPort)) {
  console.error('server-group: E2E_SERVER_GROUP and E2E_GROUP_READY_PORT are required');
  process.exit(2);
}

/** Playwright's own readiness rule for a webServer url: any 2xx or 3xx, or 400–403. */
async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
    return (
      (response.status >= 200 && response.status < 400) || (response.status >= 400 && response.status <= 403)
    );
  } catch {
    return false;
  }
}

function prefixed(name: string, stream: NodeJS.ReadableStream, out: NodeJS.WritableStream): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
}

async function main(): Promise<void> {
  // A server already answering would be tested instead of the fresh one (as reuseExistingServer: false refuses).
  for (const server of servers) {
    if (await answers(server.url)) throw new Error(`${server.url} (${server.name}) is already in use`);
  }
  const children: ChildProcess[] = [];
  const started = Date.now();
  const ready = servers.map((server) => {
    const child = spawn(server.command, {
      shell: true,
      env: { ...process.env, ...server.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    prefixed(server.name, child.stdout!, process.stdout);
    prefixed(server.name, child.stderr!, process.stderr);
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) => reject(new Error(`${server.name} exited (${signal ?? code})`))),
    );
    // Once every server is ready, a server that stops is reported by the tests that reach it, not by a crash here.
    exited.catch(() => undefined);
    const answered = (async () => {
      while (!(await answers(server.url))) {
        if (Date.now() - started > TIMEOUT_MS)
          throw new Error(`${server.name} did not answer ${server.url} in ${TIMEOUT_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      console.log(`[server-group] ${server.name} ready after ${Date.now() - started} ms`);
    })();
    return Promise.race([answered, exited]);
  });
  const stopAll = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
  // Playwright's graceful shutdown signals the whole group; waiting for every server lets each finish its own
  // shutdown (the standalone server deletes its temporary data) before this process reports that it closed.
  const stopped = () =>
    Promise.all(
      children.map((child) =>
        child.exitCode !== null || child.signalCode !== null
          ? undefined
          : new Promise((resolve) => child.once('exit', resolve)),
      ),
    );
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      stopAll();
      void Promise.race([stopped(), new Promise((resolve) => setTimeout(resolve, 15_000))]).then(() =>
        process.exit(0),
      );
    });
  }
  try {
    await Promise.all(ready);
  } catch (error) {
    stopAll();
    throw error;
  }
  createServer((request, response) => {
    response.statusCode = request.url === '/ready' ? 200 : 404;
    response.end();
  }).listen(readyPort, '127.0.0.1');
}

main().catch((error: unknown) => {
  console.error(`server-group: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
