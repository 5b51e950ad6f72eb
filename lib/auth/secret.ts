import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getEnv } from '@/lib/env';

let generated: string | undefined;

/**
 * The secret that signs session cookies and the bearer tokens the console hands the embedded backend.
 * AUTH_SECRET wins; with no configuration a random secret is created once and kept in .data/ (or the temporary
 * folder on read-only hosts) so that `npm run backend` in another process verifies the same tokens.
 */
export function getAuthSecret(): string {
  const configured = getEnv().AUTH_SECRET;
  if (configured) return configured;
  if (generated) return generated;
  for (const dir of [path.resolve('.data'), path.join(tmpdir(), 'ops-console')]) {
    const file = path.join(dir, 'auth-secret');
    try {
      generated = readFileSync(file, 'utf8').trim();
      if (generated.length >= 32) return generated;
    } catch {
      // not created yet
    }
    try {
      mkdirSync(dir, { recursive: true });
      const secret = randomBytes(32).toString('base64url');
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      generated = secret;
      return secret;
    } catch {
      // read-only or raced by another process: try to read again, then the next folder
      try {
        generated = readFileSync(file, 'utf8').trim();
        if (generated.length >= 32) return generated;
      } catch {
        /* next folder */
      }
    }
  }
  throw new Error('AUTH_SECRET is not set and no writable folder was found to keep a generated one.');
}
