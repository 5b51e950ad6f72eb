import { z } from 'zod';
import { parseCode, stringifyCode } from '@/lib/forms/code-value';
import { NUMBER_MESSAGE, REQUIRED_MESSAGE } from '@/lib/forms/messages';
import {
  keyValueMap,
  optionalText,
  requiredText,
  secretField,
  toKeyValuePairs,
  type KeyValuePair,
} from '@/lib/forms/schema';
import { scheduleText } from '@/lib/forms/schedules';
import type { SecretValue } from '@/lib/forms/secret-value';
import type { ResourceTableDefinition } from '@/lib/resources/resource-tables';
import {
  activeSpecFields,
  cloneSpec,
  specToValues,
  valuesToSpec,
  type Spec,
  type SpecFormValues,
} from '@/lib/resources/spec-mapping';
import { fieldKey, type SpecField, type SpecTypeDef } from '@/lib/resources/spec-types';

/**
 * The one schema of the resource editor (spec 001 §2.7, §4, §5): header fields, then either the Form tab's fields of
 * the spec type or the Code tab's YAML. Its output is the request body: every set column on create, only the
 * changed writable columns on edit (upstream §9.16: never created_by, created_at, …).
 */

/** A resource row as the editor reads it (the columns of the five tables it edits). */
export interface ResourceRecord {
  id?: string;
  name?: string | null;
  namespace?: string | null;
  icon?: string | null;
  labels?: Record<string, unknown> | null;
  spec?: unknown;
  source?: string | null;
  agent_id?: string | null;
  [column: string]: unknown;
}

/** What a save sends. */
export type ResourcePayload = Partial<{
  name: string;
  namespace: string;
  icon: string | null;
  labels: Record<string, string>;
  spec: Spec | null;
  source: string;
}>;

export type EditorTab = 'form' | 'code';

export interface ResourceEditorValues {
  name: string;
  icon: string;
  namespace: string;
  schedule: string;
  labels: KeyValuePair[];
  /** The open tab; a code-only type is always 'code'. */
  tab: EditorTab;
  /** The Form tab's spec fields. */
  spec: SpecFormValues;
  /** The Code tab's YAML of the whole spec. */
  code: string;
  /** The spec the form edits on top of (the stored one, the type's template, or the last parsed code). */
  base: Spec;
}

/** The Code-only definition of tables without spec types (teams, rules, topologies). */
export const WHOLE_SPEC_TYPE: SpecTypeDef = {
  name: 'spec',
  label: 'Spec',
  icon: 'code',
  mode: 'code',
  template: {},
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The spec the values describe (Form tab: the form's entry on top of `base`, with the header's schedule). */
export function specOfValues(
  table: ResourceTableDefinition,
  type: SpecTypeDef,
  values: ResourceEditorValues,
): Spec | undefined {
  if (values.tab === 'code' || type.mode === 'code') {
    const parsed = parseCode(values.code, 'yaml');
    return parsed.ok && isObject(parsed.value) ? parsed.value : undefined;
  }
  const spec = valuesToSpec(type, values.spec, values.base, values.name);
  if (table.header.includes('schedule')) {
    const schedule = values.schedule.trim();
    if (schedule === '') delete spec.schedule;
    else {
      // One cadence: a schedule replaces the seconds interval (the ticker reads either); it leads the YAML.
      delete spec.interval;
      return { schedule, ...Object.fromEntries(Object.entries(spec).filter(([k]) => k !== 'schedule')) };
    }
  }
  return spec;
}

/** The Code tab's text for the Form tab's values (switching Form → Code). */
export function codeOfValues(
  table: ResourceTableDefinition,
  type: SpecTypeDef,
  values: ResourceEditorValues,
): string {
  const spec = specOfValues(table, type, { ...values, tab: 'form' }) ?? {};
  return Object.keys(spec).length === 0 ? '' : stringifyCode(spec, 'yaml');
}

/** The Form tab's values for the Code tab's text (switching Code → Form); undefined while the YAML does not parse. */
export function formOfCode(
  type: SpecTypeDef,
  code: string,
): { spec: SpecFormValues; base: Spec; schedule: string } | undefined {
  const parsed = parseCode(code, 'yaml');
  if (!parsed.ok) return undefined;
  const base = isObject(parsed.value) ? parsed.value : {};
  return {
    spec: specToValues(type, base),
    base,
    schedule: typeof base.schedule === 'string' ? base.schedule : '',
  };
}

/** The editor's starting values: the stored row's, or the table's and type's defaults. */
export function initialEditorValues(
  table: ResourceTableDefinition,
  type: SpecTypeDef,
  record?: ResourceRecord,
): ResourceEditorValues {
  const stored = isObject(record?.spec) ? record.spec : undefined;
  const base: Spec = stored ?? cloneSpec(type.template ?? {});
  const tab: EditorTab = type.mode === 'form' ? 'form' : 'code';
  return {
    name: record?.name ?? '',
    icon: record?.icon ?? table.defaults.icon ?? '',
    namespace: record?.namespace ?? table.defaults.namespace ?? '',
    schedule: typeof base.schedule === 'string' ? base.schedule : '',
    labels: toKeyValuePairs(record?.labels),
    tab,
    spec: specToValues(type, type.mode === 'form' ? base : undefined),
    code: Object.keys(base).length > 0 ? stringifyCode(base, 'yaml') : '',
    base,
  };
}

// ---- validation of the spec fields -------------------------------------------------------------------------------

function isBlank(field: SpecField, value: unknown): boolean {
  if (field.kind === 'checkbox') return false;
  if (field.kind === 'multiselect' || field.kind === 'keyValue')
    return !Array.isArray(value) || value.length === 0;
  if (field.kind === 'envVar') {
    const v = value as SecretValue | undefined;
    return (
      !v ||
      (v.source === 'static'
        ? v.value === ''
        : v.source === 'stored'
          ? false
          : v.name.trim() === '' && v.key.trim() === '')
    );
  }
  return String(value ?? '').trim() === '';
}

const envVarRule = secretField();
const keyValueRule = keyValueMap();

function checkSpecFields(type: SpecTypeDef, spec: SpecFormValues, ctx: z.RefinementCtx): void {
  for (const field of activeSpecFields(type, spec)) {
    const key = fieldKey(field.path);
    const value = spec[key];
    const path = ['spec', key];
    if (field.required && isBlank(field, value)) {
      ctx.addIssue({ code: 'custom', path, message: REQUIRED_MESSAGE });
      continue;
    }
    if (
      field.kind === 'number' &&
      String(value ?? '').trim() !== '' &&
      !/^[-+]?\d+$/.test(String(value).trim())
    ) {
      ctx.addIssue({ code: 'custom', path, message: NUMBER_MESSAGE });
    } else if (field.kind === 'envVar') {
      const result = envVarRule.safeParse(value);
      if (!result.success)
        ctx.addIssue({ code: 'custom', path, message: result.error.issues[0]?.message ?? 'Invalid value' });
    } else if (field.kind === 'keyValue') {
      const result = keyValueRule.safeParse(value ?? []);
      if (!result.success)
        for (const issue of result.error.issues)
          ctx.addIssue({
            code: 'custom',
            path: [...path, ...(issue.path as (string | number)[])],
            message: issue.message,
          });
    }
  }
}

// ---- the schema --------------------------------------------------------------------------------------------------

const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (isObject(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical(value[k])]),
    );
  return value ?? null;
}

/** Whether a table's spec may be empty (teams, rules and topologies store none until one is written). */
const specRequired = (table: ResourceTableDefinition) =>
  table.table === 'canaries' || table.table === 'config_scrapers';

export function resourceEditorSchema(
  table: ResourceTableDefinition,
  type: SpecTypeDef,
  options: { original?: ResourceRecord } = {},
): z.ZodType<ResourcePayload, ResourceEditorValues> {
  const { original } = options;
  const has = (f: (typeof table.header)[number]) => table.header.includes(f);
  return z
    .object({
      name: requiredText(),
      icon: optionalText(),
      namespace: has('namespace') ? requiredText() : z.string(),
      schedule: has('schedule') ? scheduleText() : z.string(),
      labels: z.array(z.object({ key: z.string(), value: z.string() })),
      tab: z.enum(['form', 'code']),
      spec: z.record(z.string(), z.unknown()),
      code: z.string(),
      base: z.record(z.string(), z.unknown()),
    })
    .superRefine((values, ctx) => {
      if (has('labels')) {
        const labels = keyValueRule.safeParse(values.labels);
        if (!labels.success)
          for (const issue of labels.error.issues)
            ctx.addIssue({
              code: 'custom',
              path: ['labels', ...(issue.path as (string | number)[])],
              message: issue.message,
            });
      }
      if (values.tab === 'code' || type.mode === 'code') {
        if (values.code.trim() === '') {
          if (specRequired(table))
            ctx.addIssue({ code: 'custom', path: ['code'], message: REQUIRED_MESSAGE });
          return;
        }
        const parsed = parseCode(values.code, 'yaml');
        if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['code'], message: parsed.error.message });
        else if (!isObject(parsed.value))
          ctx.addIssue({
            code: 'custom',
            path: ['code'],
            message: 'The YAML must describe an object (key: value pairs)',
          });
        return;
      }
      checkSpecFields(type, values.spec as SpecFormValues, ctx);
    })
    .transform((raw) => {
      const values = raw as unknown as ResourceEditorValues;
      const spec = specOfValues(table, type, values);
      const next: ResourcePayload = {
        spec: spec && Object.keys(spec).length > 0 ? spec : specRequired(table) ? (spec ?? {}) : null,
      };
      if (has('icon')) next.icon = values.icon.trim() || null;
      if (has('labels')) next.labels = keyValueRule.parse(values.labels);
      if (!original) {
        const body: ResourcePayload = { name: values.name.trim(), ...next, source: 'UI' };
        if (has('namespace')) body.namespace = values.namespace.trim();
        if (body.spec === null) delete body.spec;
        return body;
      }
      // Editing: name and namespace are locked; send only what changed.
      const changed: ResourcePayload = {};
      if (!same(next.spec, original.spec)) changed.spec = next.spec;
      if (has('icon') && !same(next.icon, original.icon)) changed.icon = next.icon;
      if (has('labels') && !same(next.labels, original.labels ?? {})) changed.labels = next.labels;
      return changed;
    }) as unknown as z.ZodType<ResourcePayload, ResourceEditorValues>;
}
