// Completes `next build`'s standalone output into one runnable folder, exactly what the container image copies:
// Next leaves the browser assets (.next/static) and public/ out of .next/standalone on purpose (a CDN may serve
// them), so they are copied in here, with the image's health probe. It then checks that file tracing brought the
// embedded database's engine files along, because a missing wasm file only shows at the first query.
import { cpSync, existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const standalone = path.join(root, '.next', 'standalone');

function fail(message) {
  console.error(`[assemble-standalone] ${message}`);
  process.exit(1);
}

if (!existsSync(path.join(standalone, 'server.js'))) {
  fail('.next/standalone/server.js is missing: run `next build` with output: "standalone" first.');
}

for (const [from, to] of [
  [path.join(root, '.next', 'static'), path.join(standalone, '.next', 'static')],
  [path.join(root, 'public'), path.join(standalone, 'public')],
]) {
  rmSync(to, { recursive: true, force: true });
  if (existsSync(from)) cpSync(from, to, { recursive: true });
}
cpSync(path.join(root, 'scripts', 'healthcheck.mjs'), path.join(standalone, 'healthcheck.mjs'));

// PGlite's engine: loaded from node_modules at run time (serverExternalPackages), found by file tracing.
const pglite = path.join(standalone, 'node_modules', '@electric-sql', 'pglite', 'dist');
const missing = ['pglite.wasm', 'pglite.data', 'initdb.wasm', 'pg_trgm.tar.gz'].filter((file) => {
  const full = path.join(pglite, file);
  return !existsSync(full) || statSync(full).size === 0;
});
if (missing.length > 0)
  fail(`file tracing left out PGlite's ${missing.join(', ')} (expected in ${path.relative(root, pglite)}).`);

console.info(
  `[assemble-standalone] ${path.relative(root, standalone)} is complete: node ${path.relative(root, path.join(standalone, 'server.js'))}`,
);
