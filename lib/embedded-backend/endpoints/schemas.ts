import { SPEC_SCHEMA_FILES } from '../schemas';
import { endpoint } from './shared/handler';
import { json, notFound } from './shared/http';
import type { AuthedContext, Route } from './types';

/**
 * GET /schemas/{file} (backend-contract §2.1, any signed-in person): the JSON schemas of the canary, config scraper,
 * topology and playbook specs, the same files the /db write guard validates against (spec-guard.ts). GET /schemas
 * lists the file names.
 */

async function getSchema(ctx: AuthedContext): Promise<Response> {
  const file = ctx.params.file ?? '';
  const schema = Object.hasOwn(SPEC_SCHEMA_FILES, file) ? SPEC_SCHEMA_FILES[file] : undefined;
  if (!schema)
    throw notFound(
      `schema ${file.slice(0, 100)} not found; available: ${Object.keys(SPEC_SCHEMA_FILES).join(', ')}`,
    );
  return json(schema, 200, { 'cache-control': 'private, max-age=300' });
}

async function listSchemas(): Promise<Response> {
  return json(Object.keys(SPEC_SCHEMA_FILES));
}

export const schemaRoutes: Route[] = [
  { method: 'GET', path: '/schemas', handle: endpoint(listSchemas) },
  { method: 'GET', path: '/schemas/:file', handle: endpoint(getSchema) },
];
