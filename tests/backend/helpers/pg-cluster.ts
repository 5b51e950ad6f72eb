import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '@/scripts/lib/free-port';

const run = promisify(execFile);

export const PG_BIN = '/usr/lib/postgresql/15/bin';

export interface PgCluster {
  /** Connection string of the throw-away database `appdb`. */
  url: string;
  port: number;
  dir: string;
  stop(): Promise<void>;
}

/** True when the PostgreSQL 15 server binaries are installed (the cluster tests skip otherwise). */
export function pgBinariesAvailable(): boolean {
  return existsSync(path.join(PG_BIN, 'initdb')) && existsSync(path.join(PG_BIN, 'pg_ctl'));
}

/** Runs a server binary as the postgres user when we are root (initdb refuses to run as root). */
async function asPostgres(binary: string, args: string[]): Promise<void> {
  const file = path.join(PG_BIN, binary);
  if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', file, ...args]);
  else await run(file, args);
}

/**
 * Starts a throw-away PostgreSQL 15 cluster in a temporary directory on a free loopback port (fsync off, trust
 * auth, user `app`) with an empty database `appdb`; stop() shuts it down and deletes the directory. serverOptions
 * are more `-c name=value` settings (bench:scale loads auto_explain).
 */
export async function startPgCluster(serverOptions = ''): Promise<PgCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ops-console-pg-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = path.join(dir, 'data');
  await asPostgres('initdb', [
    '-D',
    data,
    '-U',
    'app',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${serverOptions}`;
  await asPostgres('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start']);
  const admin = new pg.Client({ connectionString: `postgresql://app@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE appdb');
  await admin.end();
  return {
    url: `postgresql://app@127.0.0.1:${port}/appdb`,
    port,
    dir,
    stop: () => stopPgCluster(dir),
  };
}

/** Stops the cluster of a directory startPgCluster made (from any process) and deletes the directory. */
export async function stopPgCluster(dir: string): Promise<void> {
  await asPostgres('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', '-w', 'stop']).catch(
    () => undefined,
  );
  rmSync(dir, { recursive: true, force: true });
}
