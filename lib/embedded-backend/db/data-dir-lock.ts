import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { log } from '@/lib/telemetry/probes';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Marks a PGlite data directory as used by this process with a `<dir>.lock` file beside it, and warns loudly when
 * another live process already uses it: two processes on one directory (e.g. `next start` in-process and
 * `npm run backend`) corrupt it. Returns a release function; best effort where the lock cannot be written.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  let holder: number | undefined;
  try {
    holder = Number(readFileSync(lockPath, 'utf8').trim());
  } catch {
    holder = undefined;
  }
  if (holder && Number.isInteger(holder) && holder !== process.pid && alive(holder)) {
    log.warn(
      `[embedded-backend] WARNING: PGlite data directory ${dataDir} is also open in process ${holder}; two processes on one directory corrupt it. Stop one, or set PGLITE_DIR to another directory (delete ${lockPath} if it is stale).`,
    );
  }
  try {
    writeFileSync(lockPath, String(process.pid));
  } catch {
    return () => undefined;
  }
  return () => {
    try {
      if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) rmSync(lockPath, { force: true });
    } catch {
      // already gone
    }
  };
}
