import { toKeyValuePairs, type KeyValuePair } from '@/lib/forms/schema';
import type { SecretValue } from '@/lib/forms/secret-value';
import { HEALTH_CHECK_TYPES } from '@/lib/resources/health-check-types';
import { SCRAPER_TYPES } from '@/lib/resources/scraper-types';
import {
  allFieldsOf,
  fieldKey,
  isSwitch,
  type SpecField,
  type SpecFieldSwitch,
  type SpecTypeDef,
} from '@/lib/resources/spec-types';

/**
 * Spec ↔ form values of the editor's spec types. A form type edits the first entry of `spec[specKey]`; keys the
 * form does not know (in the entry and in the spec) are kept as they were, so Form → Code → Form and a save never
 * drop what another tool wrote.
 */

export type Spec = Record<string, unknown>;
export type SpecFieldValue = string | boolean | string[] | KeyValuePair[] | SecretValue;
/** The Form tab's values: one entry per field key (fieldKey(path)) and per switch key. */
export type SpecFormValues = Record<string, SpecFieldValue>;

export function specTypesOf(kind: 'health' | 'scraper' | undefined): readonly SpecTypeDef[] {
  if (kind === 'health') return HEALTH_CHECK_TYPES;
  if (kind === 'scraper') return SCRAPER_TYPES;
  return [];
}

/** Specs are JSON: a JSON copy is a deep copy (structuredClone is missing in some test environments). */
export function cloneSpec<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (!isObject(cur)) return undefined;
    cur = cur[part];
  }
  return cur;
}

/** Sets (or with undefined removes) a dotted path in place; parents emptied by a removal go too. */
export function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  const last = parts.pop() as string;
  const parents: Record<string, unknown>[] = [obj];
  let cur = obj;
  for (const part of parts) {
    if (!isObject(cur[part])) {
      if (value === undefined) return;
      cur[part] = {};
    }
    cur = cur[part] as Record<string, unknown>;
    parents.push(cur);
  }
  if (value === undefined) {
    delete cur[last];
    for (let i = parts.length - 1; i >= 0; i--) {
      const parent = parents[i] as Record<string, unknown>;
      const key = parts[i] as string;
      if (isObject(parent[key]) && Object.keys(parent[key] as object).length === 0) delete parent[key];
      else break;
    }
  } else {
    cur[last] = value;
  }
}

// ---- EnvVar (a literal, or a Secret / ConfigMap key) ---------------------------------------------------------------

/** An EnvVar as the secret field's value; undefined when the shape is one the form cannot show. */
export function envVarToSecret(raw: unknown): SecretValue | undefined {
  if (raw === undefined || raw === null) return { source: 'static', value: '' };
  if (typeof raw === 'string') return { source: 'static', value: raw };
  if (!isObject(raw)) return undefined;
  const from = raw.valueFrom;
  if (from === undefined)
    return typeof raw.value === 'string' ? { source: 'static', value: raw.value } : undefined;
  if (!isObject(from)) return undefined;
  const ref =
    (isObject(from.secretKeyRef) && { source: 'secret' as const, ref: from.secretKeyRef }) ||
    (isObject(from.configMapKeyRef) && { source: 'configmap' as const, ref: from.configMapKeyRef });
  if (!ref || Object.keys(from).length !== 1) return undefined;
  return { source: ref.source, name: String(ref.ref.name ?? ''), key: String(ref.ref.key ?? '') };
}

export function secretToEnvVar(value: SecretValue): unknown {
  if (value.source === 'static') return value.value === '' ? undefined : value.value;
  if (value.source === 'stored') return undefined;
  if (value.name.trim() === '' && value.key.trim() === '') return undefined;
  const ref = { name: value.name.trim(), key: value.key.trim() };
  return { valueFrom: value.source === 'secret' ? { secretKeyRef: ref } : { configMapKeyRef: ref } };
}

// ---- one field ---------------------------------------------------------------------------------------------------

function fieldValue(field: SpecField, raw: unknown, fresh: boolean): SpecFieldValue {
  const value = raw === undefined && fresh ? field.default : raw;
  switch (field.kind) {
    case 'checkbox':
      return value === true;
    case 'number':
      return value === undefined || value === null ? '' : String(value);
    case 'multiselect':
      return Array.isArray(value) ? value.map(String) : [];
    case 'list':
      return Array.isArray(value) ? value.map(String).join('\n') : '';
    case 'keyValue':
      return toKeyValuePairs(isObject(value) ? value : undefined);
    case 'envVar':
      return envVarToSecret(value) ?? { source: 'static', value: '' };
    default:
      return value === undefined || value === null ? '' : String(value);
  }
}

/** A form value as the spec stores it; undefined for an empty one (the path is removed). */
function specValue(field: SpecField, value: SpecFieldValue | undefined): unknown {
  switch (field.kind) {
    case 'checkbox':
      return value === true ? true : undefined;
    case 'number': {
      const text = String(value ?? '').trim();
      return text === '' || !/^[-+]?\d+$/.test(text) ? undefined : Number.parseInt(text, 10);
    }
    case 'multiselect': {
      const list = Array.isArray(value) ? (value as string[]) : [];
      if (list.length === 0) return undefined;
      return field.numeric ? list.map((v) => Number(v)) : list;
    }
    case 'list': {
      const items = String(value ?? '')
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean);
      return items.length === 0 ? undefined : items;
    }
    case 'keyValue': {
      const rows = Array.isArray(value) ? (value as KeyValuePair[]) : [];
      const map: Record<string, string> = {};
      for (const row of rows) if (row.key.trim() !== '') map[row.key.trim()] = row.value.trim();
      return Object.keys(map).length === 0 ? undefined : map;
    }
    case 'envVar':
      return value && typeof value === 'object' && 'source' in value ? secretToEnvVar(value) : undefined;
    case 'textarea':
      return String(value ?? '') === '' ? undefined : String(value);
    default: {
      const text = String(value ?? '').trim();
      return text === '' ? undefined : text;
    }
  }
}

// ---- switches ----------------------------------------------------------------------------------------------------

function chosenOption(sw: SpecFieldSwitch, entry: Record<string, unknown>): string {
  const marked = sw.options.find(
    (o) => o.markers && o.markers.length > 0 && o.markers.every((m) => getPath(entry, m) === true),
  );
  if (marked) return marked.value;
  const filled = sw.options.find(
    (o) => !o.markers?.length && o.fields.some((f) => getPath(entry, f.path) !== undefined),
  );
  return filled?.value ?? sw.options[0]?.value ?? '';
}

/** The fields shown (and written) for these values: chosen switch options, `showWhen` satisfied. */
export function activeSpecFields(def: SpecTypeDef, values: SpecFormValues): SpecField[] {
  const out: SpecField[] = [];
  for (const f of def.fields ?? []) {
    if (isSwitch(f)) {
      const option = f.options.find((o) => o.value === values[f.key]) ?? f.options[0];
      out.push(...(option?.fields ?? []));
    } else {
      out.push(f);
    }
  }
  return out.filter(
    (f) => !f.showWhen || f.showWhen.values.includes(String(values[fieldKey(f.showWhen.path)] ?? '')),
  );
}

// ---- entry and spec ----------------------------------------------------------------------------------------------

/** The Form tab's values of an entry (`fresh`: a new resource, defaults fill what is missing). */
export function entryToValues(
  def: SpecTypeDef,
  entry: Record<string, unknown> | undefined,
  fresh = entry === undefined,
): SpecFormValues {
  const source = entry ?? {};
  const values: SpecFormValues = {};
  for (const field of allFieldsOf(def))
    values[fieldKey(field.path)] = fieldValue(field, getPath(source, field.path), fresh);
  for (const f of def.fields ?? []) if (isSwitch(f)) values[f.key] = chosenOption(f, source);
  return values;
}

/** The entry the Form tab's values describe, on top of `base` (keys the form does not know are kept). */
export function valuesToEntry(
  def: SpecTypeDef,
  values: SpecFormValues,
  base: Record<string, unknown> | undefined,
  resourceName = '',
): Record<string, unknown> {
  const entry = cloneSpec(base ?? {});
  const active = activeSpecFields(def, values);
  const activePaths = new Set(active.map((f) => f.path));
  for (const field of allFieldsOf(def))
    if (!activePaths.has(field.path)) setPath(entry, field.path, undefined);
  for (const f of def.fields ?? []) {
    if (!isSwitch(f)) continue;
    for (const option of f.options)
      for (const marker of option.markers ?? [])
        setPath(entry, marker, option.value === values[f.key] ? true : undefined);
  }
  for (const field of active) setPath(entry, field.path, specValue(field, values[fieldKey(field.path)]));
  if (
    def.entryName &&
    (typeof entry.name !== 'string' || entry.name.trim() === '') &&
    resourceName.trim() !== ''
  )
    entry.name = resourceName.trim();
  // The definition's order (name first), then what the form does not know: the YAML reads like the form.
  const order = [
    'name',
    ...(def.fields ?? []).flatMap((f) =>
      isSwitch(f)
        ? f.options.flatMap((o) => [...o.fields.map((x) => x.path), ...(o.markers ?? [])])
        : [f.path],
    ),
  ];
  return orderKeys(
    entry,
    order.map((p) => p.split('.')[0] as string),
  );
}

function orderKeys(obj: Record<string, unknown>, first: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of first) if (key in obj && !(key in out)) out[key] = obj[key];
  for (const key of Object.keys(obj)) if (!(key in out)) out[key] = obj[key];
  return out;
}

function firstEntry(spec: Spec | undefined, key: string): Record<string, unknown> | undefined {
  const list = spec?.[key];
  return Array.isArray(list) && isObject(list[0]) ? list[0] : undefined;
}

export function specToValues(def: SpecTypeDef, spec: Spec | undefined): SpecFormValues {
  const entry = def.specKey ? firstEntry(spec, def.specKey) : undefined;
  return entryToValues(def, entry, entry === undefined);
}

/** The whole spec with the form's entry in place of the first entry of `spec[specKey]`. */
export function valuesToSpec(
  def: SpecTypeDef,
  values: SpecFormValues,
  base: Spec | undefined,
  resourceName = '',
): Spec {
  const spec: Spec = cloneSpec(base ?? {});
  if (def.mode !== 'form' || !def.specKey) return spec;
  const list = Array.isArray(spec[def.specKey]) ? (spec[def.specKey] as unknown[]) : [];
  spec[def.specKey] = [
    valuesToEntry(def, values, firstEntry(spec, def.specKey), resourceName),
    ...list.slice(1),
  ];
  return orderKeys(spec, ['schedule', 'interval']);
}

/**
 * Whether the form can show this entry without losing a value: no EnvVar of a shape it cannot show, and no switch
 * with values of two options (a stored connection and keys): the form keeps one option, so a save would drop the
 * other's.
 */
function entryFitsForm(def: SpecTypeDef, entry: Record<string, unknown>): boolean {
  const envVarsFit = allFieldsOf(def).every(
    (f) => f.kind !== 'envVar' || envVarToSecret(getPath(entry, f.path)) !== undefined,
  );
  return envVarsFit && (def.fields ?? []).every((f) => !isSwitch(f) || switchFits(f, entry));
}

function switchFits(sw: SpecFieldSwitch, entry: Record<string, unknown>): boolean {
  const chosen = sw.options.find((o) => o.value === chosenOption(sw, entry));
  const kept = new Set([...(chosen?.fields ?? []).map((f) => f.path), ...(chosen?.markers ?? [])]);
  return sw.options.every(
    (o) =>
      o.fields.every((f) => kept.has(f.path) || getPath(entry, f.path) === undefined) &&
      (o.markers ?? []).every((m) => kept.has(m) || getPath(entry, m) === undefined),
  );
}

/**
 * The spec type a stored spec is edited as: a form type when the spec has exactly one entry, of that type, that the
 * form can show; a code type when its key is the only one with entries (or its entries carry the type's
 * `entryMarker`, as SFTP and SMB folder checks do); otherwise Custom.
 */
export function detectSpecType(
  types: readonly SpecTypeDef[],
  spec: Spec | undefined,
): SpecTypeDef | undefined {
  const custom = types.find((t) => t.name === 'custom');
  if (!spec) return custom;
  const typeKeys = new Set(types.map((t) => t.specKey).filter((k): k is string => Boolean(k)));
  const used = Object.keys(spec).filter(
    (k) => typeKeys.has(k) && Array.isArray(spec[k]) && (spec[k] as unknown[]).length > 0,
  );
  if (used.length !== 1) return custom;
  const key = used[0] as string;
  const list = spec[key] as unknown[];
  const marked = types.find(
    (t) =>
      t.specKey === key && t.entryMarker && list.some((e) => isObject(e) && (t.entryMarker as string) in e),
  );
  if (marked) return marked;
  const def = types.find((t) => t.specKey === key && !t.entryMarker);
  if (!def) return custom;
  if (def.mode === 'code') return def;
  return list.length === 1 && isObject(list[0]) && entryFitsForm(def, list[0]) ? def : custom;
}
