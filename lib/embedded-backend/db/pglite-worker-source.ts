/**
 * The program of the PGlite worker thread, as plain JavaScript evaluated with `new Worker(source, { eval: true })`.
 *
 * Why a string and not a file: the console runs this module bundled by Turbopack (`next start`, standalone output),
 * transformed by SWC under jest, and from source under tsx (`npm run backend`). A worker *file* has a different
 * path in each (and Turbopack rewrites or rejects `new Worker(new URL(…))` depending on the version), while a string
 * travels inside whatever bundle contains this module. The only thing the worker loads is PGlite itself, resolved at
 * run time from the working directory (project root for `next start`, jest and tsx; the standalone server chdirs to
 * its own folder, which carries node_modules) or from the directories the main thread adds.
 *
 * Protocol (one message at a time per id; the main thread serializes statements anyway):
 *   main → worker  { id, op: 'query', sql, params } | { id, op: 'exec', sql } | { id, op: 'close' }
 *                  | { id, op: 'listen', channel } | { id, op: 'unlisten', channel }
 *   worker → main  { type: 'ready' } | { type: 'fatal', error } | { id, ok: true, result } | { id, ok: false, error }
 *                  | { type: 'notify', channel, payload }
 */
export const PGLITE_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const path = require('node:path');

const ERROR_FIELDS = ['name', 'message', 'code', 'severity', 'detail', 'hint', 'position', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'];

function serializeError(error) {
  const out = {};
  if (error && typeof error === 'object') {
    for (const key of ERROR_FIELDS) {
      const value = error[key];
      if (typeof value === 'string' || typeof value === 'number') out[key] = value;
    }
  }
  if (typeof out.message !== 'string') out.message = String(error);
  return out;
}

function loadPglite(name) {
  const bases = [process.cwd(), ...(workerData.resolveFrom || [])];
  const tried = [];
  for (const base of bases) {
    try {
      return createRequire(path.join(base, 'noop.js'))(name);
    } catch (error) {
      if (!error || error.code !== 'MODULE_NOT_FOUND') throw error;
      tried.push(base);
    }
  }
  throw new Error(name + ' not found from ' + tried.join(', '));
}

let pg;
const unlisteners = new Map();
const opened = (async () => {
  const { PGlite } = loadPglite('@electric-sql/pglite');
  // pg_trgm (migration 0350's trigram search indexes): an extension PGlite ships, loaded into every instance.
  const { pg_trgm } = loadPglite('@electric-sql/pglite/contrib/pg_trgm');
  pg = new PGlite(workerData.dataDir, { extensions: { pg_trgm } });
  await pg.waitReady;
})();

opened.then(
  () => parentPort.postMessage({ type: 'ready' }),
  (error) => parentPort.postMessage({ type: 'fatal', error: serializeError(error) }),
);

parentPort.on('message', async (message) => {
  const { id, op } = message;
  try {
    await opened;
    let result = null;
    if (op === 'query') {
      const r = await pg.query(message.sql, message.params);
      result = {
        rows: r.rows,
        affectedRows: r.affectedRows,
        fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    } else if (op === 'exec') {
      await pg.exec(message.sql);
    } else if (op === 'listen') {
      if (!unlisteners.has(message.channel)) {
        const channel = message.channel;
        unlisteners.set(channel, await pg.listen(channel, (payload) => parentPort.postMessage({ type: 'notify', channel, payload })));
      }
    } else if (op === 'unlisten') {
      const unlisten = unlisteners.get(message.channel);
      unlisteners.delete(message.channel);
      if (unlisten) await unlisten();
    } else if (op === 'close') {
      await pg.close();
    } else {
      throw new Error('unknown operation ' + op);
    }
    parentPort.postMessage({ id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: serializeError(error) });
  }
});
`;
