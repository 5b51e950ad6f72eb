import { CelError, parseCel } from './endpoints/shared/cel';
import { regexProblem } from './endpoints/shared/linear-regex';
import { SPEC_LISTS, selectorGlobProblems } from './endpoints/shared/playbook-target';
import { SPEC_TABLES, validateSpec, type SpecError } from './schemas';

/**
 * The /db write guard for specs (backend-contract §1.1 step 4, extended from playbooks to every table with a spec
 * schema): a POST or PATCH that sets `spec` on canaries, config_scrapers, topologies or playbooks is validated
 * against the schema GET /schemas/{file} serves, and refused with 400 before it reaches the database. The answer is
 * PostgREST-shaped (`code`, `message`, `details`, `hint`) plus `errors: [{path, message}]` for mapping onto fields.
 */

const KIND: Record<string, string> = {
  canaries: 'canary',
  config_scrapers: 'config scraper',
  topologies: 'topology',
  playbooks: 'playbook',
};

/**
 * What the schema cannot say about a playbook spec (issue 31 item 8): its selector globs run against every catalog
 * item a Playbooks tab shows, so they are bounded; its parameters' `regex` must be RE2 syntax, which is matched in
 * linear time (endpoints/shared/linear-regex.ts) — a backtracking-only construct is refused here, not at run time.
 */
function playbookSpecProblems(spec: Record<string, unknown>): SpecError[] {
  const errors: SpecError[] = Object.values(SPEC_LISTS).flatMap((list) =>
    selectorGlobProblems(spec[list], `/${list}`),
  );
  const parameters = Array.isArray(spec.parameters) ? (spec.parameters as unknown[]) : [];
  parameters.forEach((parameter, i) => {
    const regex = (parameter as { properties?: { regex?: unknown } } | null)?.properties?.regex;
    const problem = typeof regex === 'string' ? regexProblem(regex) : null;
    if (problem) errors.push({ path: `/parameters/${i}/properties/regex`, message: problem });
  });
  return errors;
}

function rowsOf(body: unknown): Record<string, unknown>[] {
  if (Array.isArray(body))
    return body.filter(
      (r): r is Record<string, unknown> => !!r && typeof r === 'object' && !Array.isArray(r),
    );
  return body && typeof body === 'object' ? [body as Record<string, unknown>] : [];
}

/**
 * Most characters of a comment or a description written through /db (issue 31 item 11): 64 KiB of text is pages of
 * markdown, and every viewer's browser renders it. Before, a comment could be 10 MB.
 */
export const MAX_TEXT_LENGTH = 65_536;
const CAPPED_TEXT_COLUMNS = ['comment', 'description'] as const;

/** The refusal of a write, PostgREST-shaped plus `errors: [{path, message}]`. */
function refusal(code: string, message: string, errors: SpecError[], hint: string | null): Response {
  return new Response(
    JSON.stringify({
      code,
      message,
      details: errors.map((e) => `${e.path || '/'}: ${e.message}`).join('; '),
      hint,
      errors,
    }),
    { status: 400, headers: { 'content-type': 'application/json; charset=utf-8' } },
  );
}

/** Why a row's long-text columns are refused, or null. */
export function textCapProblem(row: Record<string, unknown>): SpecError | null {
  for (const column of CAPPED_TEXT_COLUMNS) {
    const value = row[column];
    if (typeof value === 'string' && value.length > MAX_TEXT_LENGTH) {
      return {
        path: `/${column}`,
        message: `${column} is longer than ${MAX_TEXT_LENGTH} characters (${value.length})`,
      };
    }
  }
  return null;
}

/**
 * A 400 response when a /db write carries what the engine must not store: an invalid spec, a silence filter outside
 * the CEL subset (or with a regex RE2 refuses), a comment or description over MAX_TEXT_LENGTH; undefined to let the
 * request through.
 */
export async function checkSpecWrite(request: Request, resource: string): Promise<Response | undefined> {
  if (request.method !== 'POST' && request.method !== 'PATCH') return undefined;
  const file = SPEC_TABLES[resource];
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
    const where = rows.length > 1 ? ` (row ${i + 1})` : '';
    const long = textCapProblem(row);
    if (long)
      return refusal('22001', `${long.message}${where}`, [long], 'Shorten the text, or attach it as a file.');
    if (resource === 'notification_silences' && typeof row.filter === 'string' && row.filter.trim() !== '') {
      try {
        parseCel(row.filter);
      } catch (error) {
        if (!(error instanceof CelError)) throw error;
        const problem = { path: '/filter', message: error.message };
        return refusal('22023', `invalid filter${where}: ${error.message}`, [problem], null);
      }
    }
    if (!file || !('spec' in row) || row.spec === null) continue;
    let errors = validateSpec(resource, row.spec);
    if (errors.length === 0 && resource === 'playbooks')
      errors = playbookSpecProblems(row.spec as Record<string, unknown>);
    if (errors.length === 0) continue;
    const first = errors[0];
    const message = `invalid ${KIND[resource]} spec${where}: ${first?.path ? `${first.path} ` : ''}${first?.message ?? ''}`;
    return refusal('22023', message, errors, `The schema is served at /schemas/${file}`);
  }
  return undefined;
}
