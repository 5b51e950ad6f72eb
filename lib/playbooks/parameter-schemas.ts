import type { CodeLanguage } from '@/lib/forms/code-value';
import type { JsonSchema } from '@/lib/forms/json-schema';
import {
  codeLanguage,
  parameterKind,
  stringProp,
  type ParameterDefinition,
} from '@/lib/playbooks/parameter-kinds';

/**
 * A code parameter's `jsonSchemaUrl` (spec 001 §3.6): the console validates the value against the schema it names
 * when the backend serves that schema (GET /schemas/{file}, through the same-origin proxy), and says so plainly
 * when it cannot be fetched. The browser never fetches a schema from another host (that host would learn who uses
 * the console, and it fails offline); the backend still validates the run. The validator (@cfworker/json-schema in
 * lib/forms/json-schema.ts) loads with the first such schema, never with a page.
 */

/** A loaded schema's check of a code value: the messages of its violations (none when it matches). */
export type SchemaCheck = (text: string) => string[];

/** The parameter's schema URL, when it is a code parameter in YAML or JSON that names one. */
export function jsonSchemaUrlOf(p: ParameterDefinition): string | undefined {
  const language = codeLanguage(p);
  if (language !== 'yaml' && language !== 'json') return undefined;
  return parameterKind(p) === 'code' ? stringProp(p, 'jsonSchemaUrl')?.trim() || undefined : undefined;
}

const SCHEMA_PATH = /^\/(?:api\/)?schemas\/([A-Za-z0-9][A-Za-z0-9._-]*\.json)$/;

/**
 * The file of a schema the backend serves, or undefined: `/api/schemas/{file}`, `/schemas/{file}` or `schemas/{file}`,
 * also as an absolute URL on the console's own origin. Any other host is not fetched.
 */
export function servedSchemaFile(url: string, origin?: string): string | undefined {
  const text = url.trim();
  let path: string;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//')) {
    let parsed: URL;
    try {
      parsed = new URL(text, origin ?? 'http://invalid.invalid');
    } catch {
      return undefined;
    }
    if (!origin || parsed.origin !== origin) return undefined;
    path = parsed.pathname;
  } else {
    path = `/${text.replace(/^\/+/, '')}`.split(/[?#]/)[0] as string;
  }
  return SCHEMA_PATH.exec(path)?.[1];
}

/** The field's note when its schema cannot be used: why, and that the backend still checks the run. */
export function schemaUnavailableMessage(url: string, reason: 'other-host' | 'not-found' | 'failed'): string {
  const why =
    reason === 'other-host'
      ? 'the console loads only schemas the backend serves'
      : reason === 'not-found'
        ? 'the backend does not serve it'
        : 'the request failed';
  return `The JSON schema ${url} could not be fetched (${why}); the value is checked when the playbook runs.`;
}

/** One violation as the field shows it: where, then what. */
function violationText(message: string, path: readonly (string | number)[]): string {
  return path.length > 0 ? `${path.join('.')}: ${message}` : message;
}

/** The validator (lib/forms/json-schema.ts with @cfworker/json-schema): loaded with the first schema, never with a page. */
export const loadSchemaDiagnostics = () => import('@/lib/forms/json-schema').then((m) => m.schemaDiagnostics);
export type SchemaDiagnostics = Awaited<ReturnType<typeof loadSchemaDiagnostics>>;

/** The check of a code value in `language` against a loaded `schema`. */
export function schemaCheck(
  diagnostics: SchemaDiagnostics,
  schema: JsonSchema,
  language: CodeLanguage,
): SchemaCheck {
  return (text) => diagnostics(schema, text, language).map((d) => violationText(d.message, d.path));
}

/** The field's error for a value with violations: the first, and how many more. */
export function schemaMismatchMessage(violations: readonly string[]): string | undefined {
  if (violations.length === 0) return undefined;
  const more = violations.length > 1 ? ` (and ${violations.length - 1} more)` : '';
  return `Does not match its JSON schema: ${violations[0]}${more}`;
}
