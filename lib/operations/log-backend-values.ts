import { z } from 'zod';
import type { LogBackend, LogBackendBody } from '@/lib/operations/endpoints';
import { stringifyCode, codeText } from '@/lib/forms/code-value';
import { keyValueMap, requiredText, toKeyValuePairs, type KeyValuePair } from '@/lib/forms/schema';

/**
 * The log-backend form (upstream §4.2, 001 §2.4 "The log-backend form needs a name"): name required, labels, spec
 * (a YAML object when typed). An empty spec is written as `{}`, since the column is NOT NULL (issue 37).
 */
export const logBackendSchema = z.object({
  name: requiredText(),
  labels: keyValueMap(),
  spec: codeText({ language: 'yaml', object: true }).transform((spec) => spec ?? {}),
});

export interface LogBackendFormValues {
  name: string;
  labels: KeyValuePair[];
  spec: string;
}

/** The form's start: empty for a new backend, the stored record for an edit (the earlier console started empty). */
export function logBackendFormValues(
  record?: Pick<LogBackend, 'name' | 'labels' | 'spec'> | null,
): LogBackendFormValues {
  return {
    name: record?.name ?? '',
    labels: toKeyValuePairs(record?.labels ?? {}),
    spec: record?.spec === undefined || record?.spec === null ? '' : stringifyCode(record.spec, 'yaml'),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** An update's body: only the columns that changed, never created_by, created_at or updated_at (upstream §9.16). */
export function logBackendChanges(
  original: Pick<LogBackend, 'name' | 'labels' | 'spec'>,
  next: LogBackendBody,
): Partial<LogBackendBody> {
  const body: Partial<LogBackendBody> = {};
  if (next.name !== original.name) body.name = next.name;
  if (!same(next.labels, original.labels ?? {})) body.labels = next.labels;
  if (!same(next.spec, original.spec)) body.spec = next.spec;
  return body;
}
