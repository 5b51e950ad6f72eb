import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getEnv } from '@/lib/env';

let generated: string | undefined;

/**
 * Whether a kept secret (or its folder) is this process's own: owned by its user, and nobody else may read the file
 * or write the folder. The temporary folder is shared by every user of the host: another one could create
 * `ops-console/auth-secret` first and then forge every session and backend token (issue 31 item 15).
 */
function isPrivate(file: string, kind: 'file' | 'dir'): boolean {
  const uid = process.getuid?.();
  const stat = lstatSync(file);
  if (kind === 'file' ? !stat.isFile() : !stat.isDirectory()) return false;
  if (uid !== undefined && stat.uid !== uid) return false;
  // The file 0600 (no group or other bits); the folder not writable by group or others.
  return kind === 'file' ? (stat.mode & 0o077) === 0 : (stat.mode & 0o022) === 0;
}

class SecretNotPrivate extends Error {}

/**
 * The secret kept in `file`, when it exists; refused (an error) when it is not this process's own. The folder is
 * checked too when it is shared (`sharedDir`: the temporary folder), where another user could swap the file.
 */
function readKept(dir: string, file: string, sharedDir: boolean): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
  if ((sharedDir && !isPrivate(dir, 'dir')) || !isPrivate(file, 'file')) {
    throw new SecretNotPrivate(
      `The generated secret in ${file} is not private to this user (owner ${process.getuid?.() ?? '?'}, mode 0600, in a folder only it may write): refusing to use it. Set AUTH_SECRET, or remove the file.`,
    );
  }
  return text.length >= 32 ? text : undefined;
}

/**
 * The secret that signs session cookies and the bearer tokens the console hands the embedded backend.
 * AUTH_SECRET wins; with no configuration a random secret is created once and kept in .data/ (or the temporary
 * folder on read-only hosts) so that `npm run backend` in another process verifies the same tokens.
 */
export function getAuthSecret(): string {
  const configured = getEnv().AUTH_SECRET;
  if (configured) return configured;
  if (generated) return generated;
  const local = path.resolve('.data');
  for (const dir of [local, path.join(tmpdir(), 'ops-console')]) {
    const file = path.join(dir, 'auth-secret');
    const shared = dir !== local;
    const kept = readKept(dir, file, shared);
    if (kept) return (generated = kept);
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const secret = randomBytes(32).toString('base64url');
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      // A folder made by someone else (the shared temporary folder) is refused even for a file we just wrote.
      const again = readKept(dir, file, shared);
      if (again === secret) return (generated = secret);
    } catch (error) {
      if (error instanceof SecretNotPrivate) throw error;
      // read-only or raced by another process: try to read again, then the next folder
      const raced = readKept(dir, file, shared);
      if (raced) return (generated = raced);
    }
  }
  throw new Error('AUTH_SECRET is not set and no writable folder was found to keep a generated one.');
}
