import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '@/scripts/lib/free-port';

/** The production entry point the container image runs (`npm run build` writes it). */
export const STANDALONE_SERVER = path.resolve('.next/standalone/server.js');

/** Fails with what to do when there is no standalone build: this suite runs the real server, not a stand-in. */
export function requireStandaloneBuild(): void {
  if (!existsSync(STANDALONE_SERVER) || !existsSync(path.resolve('.next/standalone/.next/static'))) {
    throw new Error(
      `${STANDALONE_SERVER} is missing or incomplete: run \`npm run build\` first (npm test builds before the backend suite).`,
    );
  }
}

export interface ConsoleInstance {
  name: string;
  base: string;
  pid: number;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves when the process ended (code, or the signal that killed it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Polls readiness (/api/health?ready=1) until 200. */
  waitReady(timeoutMs?: number): Promise<void>;
  signal(signal: NodeJS.Signals): void;
}

/** Starts one console server (node .next/standalone/server.js) on a free loopback port with the given settings. */
export async function startConsoleInstance(
  name: string,
  env: Record<string, string>,
): Promise<ConsoleInstance> {
  requireStandaloneBuild();
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [STANDALONE_SERVER], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env, HOSTNAME: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  let ended = false;
  void exited.then(() => (ended = true));
  return {
    name,
    base,
    pid: child.pid ?? -1,
    output: () => output,
    exited,
    signal: (signal) => {
      if (!ended) child.kill(signal);
    },
    async waitReady(timeoutMs = 90_000) {
      const started = Date.now();
      for (;;) {
        if (ended) throw new Error(`${name} exited before it was ready:\n${output}`);
        const status = await fetch(`${base}/api/health?ready=1`).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) return;
        if (Date.now() - started > timeoutMs)
          throw new Error(`${name} not ready after ${timeoutMs} ms (last status ${status}):\n${output}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
  };
}

/**
 * The cookies of a Set-Cookie list whose names start with prefix, as Cookie header pairs. A later cookie of the
 * same name wins, as in a browser (next-auth's middleware and route handler may both set the CSRF cookie), and
 * next-auth may split a large session cookie into numbered parts.
 */
function cookiePairs(setCookies: string[], prefix: string): string[] {
  const byName = new Map<string, string>();
  for (const header of setCookies) {
    const pair = header.split(';')[0] ?? '';
    const name = pair.slice(0, pair.indexOf('='));
    if (name.startsWith(prefix)) byName.set(name, pair);
  }
  return [...byName.values()].filter((pair) => !pair.endsWith('='));
}

/** Signs in through next-auth's credentials endpoint (what the sign-in form ends in); returns the Cookie header. */
export async function signInOverHttp(base: string, username: string, password = 'demo'): Promise<string> {
  const csrf = await fetch(`${base}/api/session/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = cookiePairs(csrf.headers.getSetCookie(), 'authjs.csrf-token').join('; ');
  const response = await fetch(`${base}/api/session/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookie },
    body: new URLSearchParams({ username, password, csrfToken, callbackUrl: '/' }),
  });
  const session = cookiePairs(response.headers.getSetCookie(), 'authjs.session-token');
  if (response.status !== 302 || session.length === 0)
    throw new Error(
      `sign-in of ${username} on ${base} failed: HTTP ${response.status} ${response.headers.get('location') ?? ''}`,
    );
  return [csrfCookie, ...session].join('; ');
}

/** Signs out through next-auth's endpoint (what the sign-out form ends in). */
export async function signOutOverHttp(base: string, cookie: string): Promise<void> {
  const csrf = await fetch(`${base}/api/session/csrf`, { headers: { cookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/session/signout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ csrfToken, callbackUrl: '/login' }),
  });
  if (response.status !== 302) throw new Error(`sign-out on ${base} failed: HTTP ${response.status}`);
}
