import { z } from 'zod';
import { WRITABLE_COLUMNS, type ConnectionPayload, type ConnectionRecord } from '@/lib/connections/types';
import { codeText, stringifyCode } from '@/lib/forms/code-value';

/**
 * A stored connection whose type the console does not know is edited as YAML of its writable columns. The save
 * sends the columns that differ from the stored row; a secret read back masked stays as it is unless replaced.
 */

const LOCKED = ['name', 'namespace', 'type'] as const;
const STRING_COLUMNS = ['url', 'username', 'password', 'certificate'] as const;

export function recordAsYaml(record: ConnectionRecord): string {
  const shown: Record<string, unknown> = {};
  for (const column of WRITABLE_COLUMNS) {
    const value = record[column];
    if (value !== undefined && value !== null) shown[column] = value;
  }
  return stringifyCode(shown, 'yaml');
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export interface YamlFallbackValues {
  spec: string;
}

export function yamlFallbackSchema(
  original: ConnectionRecord,
): z.ZodType<ConnectionPayload, YamlFallbackValues> {
  return z
    .object({ spec: codeText({ language: 'yaml', required: true, object: true }) })
    .superRefine(({ spec }, ctx) => {
      const doc = (spec ?? {}) as Record<string, unknown>;
      const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['spec'], message });
      for (const key of Object.keys(doc)) {
        if (!(WRITABLE_COLUMNS as readonly string[]).includes(key))
          issue(`Unknown field "${key}"; a connection has ${WRITABLE_COLUMNS.join(', ')}`);
      }
      for (const key of LOCKED)
        if (key in doc && !same(doc[key], original[key]))
          issue(`The ${key} of a saved connection cannot be changed`);
      for (const key of STRING_COLUMNS)
        if (doc[key] !== undefined && doc[key] !== null && typeof doc[key] !== 'string')
          issue(`${key} must be text`);
      if (
        doc.insecure_tls !== undefined &&
        doc.insecure_tls !== null &&
        typeof doc.insecure_tls !== 'boolean'
      )
        issue('insecure_tls must be true or false');
      if (
        doc.properties !== undefined &&
        doc.properties !== null &&
        (typeof doc.properties !== 'object' || Array.isArray(doc.properties))
      ) {
        issue('properties must be a map of keys to values');
      }
    })
    .transform(({ spec }) => {
      const doc = (spec ?? {}) as Record<string, unknown>;
      const payload: Record<string, unknown> = {};
      for (const column of WRITABLE_COLUMNS) {
        if ((LOCKED as readonly string[]).includes(column)) continue;
        // A column left out of the YAML is cleared, as the person removed it.
        const next = column in doc ? doc[column] : null;
        if (!same(next, original[column])) payload[column] = next;
      }
      return payload as ConnectionPayload;
    }) as unknown as z.ZodType<ConnectionPayload, YamlFallbackValues>;
}
