import { SPEC_TABLES, validateSpec } from './schemas';

/**
 * The /db write guard for specs (backend-contract §1.1 step 4, extended from playbooks to every table with a spec
 * schema): a POST or PATCH that sets `spec` on canaries, config_scrapers, topologies or playbooks is validated
 * against the schema GET /schemas/{file} serves, and refused with 400 before it reaches the database. The answer is
 * PostgREST-shaped (`code`, `message`, `details`, `hint`) plus `errors: [{path, message}]` for mapping onto fields.
 */

const KIND: Record<string, string> = { canaries: 'canary', config_scrapers: 'config scraper', topologies: 'topology', playbooks: 'playbook' };

function rowsOf(body: unknown): Record<string, unknown>[] {
  if (Array.isArray(body)) return body.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && !Array.isArray(r));
  return body && typeof body === 'object' ? [body as Record<string, unknown>] : [];
}

/** A 400 response when the write carries an invalid spec; undefined to let the request through. */
export async function checkSpecWrite(request: Request, resource: string): Promise<Response | undefined> {
  const file = SPEC_TABLES[resource];
  if (!file || (request.method !== 'POST' && request.method !== 'PATCH')) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(await request.clone().text());
  } catch {
    // Not JSON: the engine answers that itself.
    return undefined;
  }
  const rows = rowsOf(body);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Record<string, unknown>;
    if (!('spec' in row) || row.spec === null) continue;
    const errors = validateSpec(resource, row.spec);
    if (errors.length === 0) continue;
    const where = rows.length > 1 ? ` (row ${i + 1})` : '';
    const first = errors[0];
    const message = `invalid ${KIND[resource]} spec${where}: ${first?.path ? `${first.path} ` : ''}${first?.message ?? ''}`;
    return new Response(
      JSON.stringify({
        code: '22023',
        message,
        details: errors.map((e) => `${e.path || '/'}: ${e.message}`).join('; '),
        hint: `The schema is served at /schemas/${file}`,
        errors,
      }),
      { status: 400, headers: { 'content-type': 'application/json; charset=utf-8' } },
    );
  }
  return undefined;
}
