import { Validator, type Schema } from '@cfworker/json-schema';
import canarySchema from './canary.spec.schema.json';
import configScraperSchema from './config_scraper.spec.schema.json';
import playbookSchema from './playbook-spec.schema.json';
import topologySchema from './topology.spec.schema.json';

/**
 * The JSON schemas of the specs the resource editor and the playbook editor write (canary, config scraper,
 * topology, playbook), served by GET /schemas/{file} and enforced on every /db write of a `spec` to the table that
 * stores it, so the editor's completion and lint and the backend's 400 come from the same file.
 */

/** Served file name → schema (the `.spec.schema.json` names the earlier console's editors load). */
export const SPEC_SCHEMA_FILES: Readonly<Record<string, Schema>> = {
  'canary.spec.schema.json': canarySchema as Schema,
  'config_scraper.spec.schema.json': configScraperSchema as Schema,
  'topology.spec.schema.json': topologySchema as Schema,
  'playbook-spec.schema.json': playbookSchema as Schema,
  // The same playbook schema under the name the other three follow.
  'playbook.spec.schema.json': playbookSchema as Schema,
};

/** The table whose `spec` column each schema governs. */
export const SPEC_TABLES: Readonly<Record<string, string>> = {
  canaries: 'canary.spec.schema.json',
  config_scrapers: 'config_scraper.spec.schema.json',
  topologies: 'topology.spec.schema.json',
  playbooks: 'playbook-spec.schema.json',
};

export interface SpecError {
  /** JSON pointer into the spec (`/http/0/url`), '' for the spec itself. */
  path: string;
  message: string;
}

const validators = new Map<string, Validator>();

function validatorFor(file: string): Validator | undefined {
  const schema = SPEC_SCHEMA_FILES[file];
  if (!schema) return undefined;
  let v = validators.get(file);
  if (!v) {
    v = new Validator(schema, '7', false);
    validators.set(file, v);
  }
  return v;
}

/** Keywords that only report that something below them failed; the leaf errors say what. */
const CASCADE = new Set([
  'properties',
  'items',
  '$ref',
  'allOf',
  'additionalProperties',
  'patternProperties',
]);

/** The validator's sentences, said the way a form would say them. */
function humanMessage(error: string, path: string): string {
  const required = /^Instance does not have required property "(.+)"\.$/.exec(error);
  if (required) return `"${required[1]}" is required`;
  const type = /^Instance type "(\w+)" is invalid\. Expected (.+)\.$/.exec(error);
  if (type) return `must be ${type[2]?.replace(/"/g, '')}, not ${type[1]}`;
  const oneOf = /^Instance does not match any of (.+)\.$/.exec(error);
  if (oneOf) return `must be one of ${oneOf[1]}`;
  if (error === 'False boolean schema.') return `unknown property "${path.split('/').pop() ?? ''}"`;
  return error.replace(/^Instance /, 'value ');
}

/**
 * The schema's complaints about a spec, most specific first and without duplicates; empty when it is valid. A spec
 * that is not a JSON object is one error.
 */
export function validateSpec(table: string, spec: unknown): SpecError[] {
  const file = SPEC_TABLES[table];
  const validator = file ? validatorFor(file) : undefined;
  if (!validator) return [];
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec))
    return [{ path: '', message: 'spec must be a JSON object' }];
  const result = validator.validate(spec);
  if (result.valid) return [];
  const seen = new Set<string>();
  const errors: SpecError[] = [];
  const push = (path: string, message: string) => {
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    errors.push({ path, message });
  };
  const leaves = result.errors.filter((e) => !CASCADE.has(e.keyword));
  // "one of these properties is required" alternatives (anyOf of `required`) become one message per place.
  const alternatives = new Map<string, string[]>();
  for (const e of leaves) {
    const path = e.instanceLocation.replace(/^#/, '');
    const required = /^Instance does not have required property "(.+)"\.$/.exec(e.error);
    if (required?.[1] && /\/anyOf\/\d+\/required$/.test(e.keywordLocation)) {
      alternatives.set(path, [...(alternatives.get(path) ?? []), required[1]]);
    }
  }
  for (const e of leaves.length ? leaves : result.errors) {
    const path = e.instanceLocation.replace(/^#/, '');
    if (e.keyword === 'anyOf' && alternatives.has(path)) {
      push(path, `needs one of ${(alternatives.get(path) ?? []).map((n) => `"${n}"`).join(', ')}`);
      continue;
    }
    if (/\/anyOf\/\d+\/required$/.test(e.keywordLocation)) continue;
    push(path, humanMessage(e.error, path));
  }
  // Deeper paths first: "http/0 is missing url" says more than "spec does not match".
  return errors.sort((a, b) => b.path.split('/').length - a.path.split('/').length).slice(0, 20);
}
