import type { Database } from '../db/types';
import { CountCache, handlePostgrest, type RelationAccess, type SchemaSource } from './executor';
import { BACKEND_EXPOSURE, type CatalogExposure } from './exposure';
import { loadSchemaCache, type SchemaCache } from './schema-cache';

/** The PostgREST-compatible `/db/*` engine of the embedded backend (reference §4). */

export type PostgrestAuth = {
  personId: string | null;
  /** The database snapshot a read is keyed under (read-cache.ts); lets pages of one filter share their exact count. */
  snapshot?: string;
  /** Decides the relations the request embeds and the private columns it may see (the root passed the gate). */
  access: RelationAccess;
};
export type PostgrestHandler = ((
  request: Request,
  resource: string,
  auth: PostgrestAuth,
) => Promise<Response>) & {
  /** Drops this handler's schema cache; the next request re-reads the catalog. */
  invalidateSchemaCache: () => void;
};

const liveSources = new Set<SchemaSource>();

/** Unknown names may reload the catalog (tables created after the first load), at most this often. */
const RELOAD_ON_MISS_MS = 1000;

function createSchemaSource(db: Database, exposure: CatalogExposure): SchemaSource {
  let pending: Promise<SchemaCache> | undefined;
  let loadedAt = 0;
  const source: SchemaSource = {
    get() {
      if (!pending) {
        const loading = loadSchemaCache(db, exposure);
        pending = loading;
        loadedAt = Date.now();
        // A failed load must not be cached, or one transient error would break every later request.
        loading.catch(() => {
          if (pending === loading) pending = undefined;
        });
      }
      return pending;
    },
    invalidate() {
      pending = undefined;
    },
    async refreshOnMiss() {
      if (Date.now() - loadedAt < RELOAD_ON_MISS_MS) return undefined;
      source.invalidate();
      return source.get();
    },
  };
  return source;
}

/** exposure: what of the schema the catalog shows (hidden relations, masked columns); the backend's by default. */
export function createPostgrestHandler(
  db: Database,
  exposure: CatalogExposure = BACKEND_EXPOSURE,
): PostgrestHandler {
  const source = createSchemaSource(db, exposure);
  liveSources.add(source);
  // Load the catalog now so the first request does not pay for it; a failure is retried on first use.
  source.get().catch(() => undefined);
  const counts = new CountCache();
  const handler = (request: Request, resource: string, auth: PostgrestAuth): Promise<Response> =>
    handlePostgrest(db, source, request, resource, {
      snapshot: auth.snapshot,
      personId: auth.personId,
      counts,
      access: auth.access,
    });
  return Object.assign(handler, { invalidateSchemaCache: () => source.invalidate() });
}

/** Drops the schema cache of every handler (call after migrations or DDL). */
export function invalidateSchemaCache(): void {
  for (const source of liveSources) source.invalidate();
}

export { PostgrestError } from './errors';
export { rewriteFilterExtension, DATE_FILTER_COLUMNS } from './filter-extension';
export { evaluateDatemath } from './datemath';
export { MAX_ROWS } from './compiler';
export { CAPS } from './caps';
export {
  APPROVER_ADDRESSES,
  BACKEND_EXPOSURE,
  MASKED_VALUE,
  type CatalogExposure,
  type ColumnMask,
} from './exposure';
export { maskAddressesAt } from './address-mask';
export type { AccessDecision, RelationAccess } from './executor';
