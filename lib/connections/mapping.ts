import {
  isFieldGroup,
  type ConnectionColumn,
  type ConnectionField,
  type ConnectionFieldGroup,
  type ConnectionFormValues,
  type ConnectionPayload,
  type ConnectionRecord,
  type ConnectionTypeDef,
} from '@/lib/connections/types';
import {
  decodeSecret,
  encodeSecret,
  isMaskedSecret,
  isSecretValue,
  type SecretValue,
} from '@/lib/forms/secret-value';

/**
 * A connection row ↔ the form's values, driven by the type's definition: which column or property each field is
 * stored in, how a value is written there (properties as strings) and read back. A save on create sends every
 * writable column that has a value; on edit only the columns whose value differs from what the stored row gives,
 * so a secret the browser never saw is never sent.
 */

const COLUMNS: readonly ConnectionColumn[] = ['url', 'username', 'password', 'certificate', 'insecure_tls'];

/** Every field of a type, including those inside a group switch. */
export function fieldsOf(def: ConnectionTypeDef): ConnectionField[] {
  const out: ConnectionField[] = [];
  for (const field of def.fields) {
    if (isFieldGroup(field)) for (const option of field.options) out.push(...option.fields);
    else out.push(field);
  }
  return out;
}

export function groupsOf(def: ConnectionTypeDef): ConnectionFieldGroup[] {
  return def.fields.filter(isFieldGroup);
}

/** The fields whose values are stored, given the chosen option of each group switch. */
export function activeFieldsOf(def: ConnectionTypeDef, values: Record<string, unknown>): ConnectionField[] {
  const out: ConnectionField[] = [];
  for (const field of def.fields) {
    if (!isFieldGroup(field)) {
      out.push(field);
      continue;
    }
    const chosen =
      field.options.find((o) => o.value === values[field.key]) ??
      field.options.find((o) => o.value === field.default);
    if (chosen) out.push(...chosen.fields);
  }
  return out;
}

function initialValue(field: ConnectionField): string | boolean | SecretValue {
  switch (field.kind) {
    case 'checkbox':
      return field.default === true;
    case 'secret':
      return decodeSecret(field.default ?? null);
    default:
      return field.default === undefined ? '' : String(field.default);
  }
}

/** A new connection's values: name blank, namespace 'default', each field's default. */
export function defaultValuesOf(def: ConnectionTypeDef): ConnectionFormValues {
  const values: ConnectionFormValues = { name: '', namespace: 'default' };
  for (const field of fieldsOf(def)) values[field.key] = initialValue(field);
  for (const group of groupsOf(def)) values[group.key] = group.default;
  return values;
}

function storedOf(field: ConnectionField, record: ConnectionRecord): unknown {
  if ('column' in field.target) return record[field.target.column];
  return record.properties?.[field.target.property];
}

function isBlank(raw: unknown): boolean {
  return raw === null || raw === undefined || raw === '';
}

function valueFromStored(field: ConnectionField, raw: unknown): string | boolean | SecretValue {
  // A value the row does not have reads as the field's default, which is what the backend assumes for it.
  if (isBlank(raw)) return initialValue(field);
  switch (field.kind) {
    case 'checkbox':
      return raw === true || raw === 'true';
    case 'secret':
      return decodeSecret(raw);
    default:
      return typeof raw === 'string' ? raw : String(raw);
  }
}

/** The form's values for a stored row. */
export function recordToValues(def: ConnectionTypeDef, record: ConnectionRecord): ConnectionFormValues {
  const values: ConnectionFormValues = { name: record.name ?? '', namespace: record.namespace ?? 'default' };
  for (const field of fieldsOf(def)) values[field.key] = valueFromStored(field, storedOf(field, record));
  for (const group of groupsOf(def)) {
    // The option whose fields hold something (git: a certificate means SSH), else the default.
    const set = group.options.find((o) => o.fields.some((f) => !isBlank(storedOf(f, record))));
    values[group.key] = set?.value ?? group.default;
  }
  return values;
}

/** How one field's value is written: undefined = leave alone (a stored secret), null = nothing. */
function storedValue(field: ConnectionField, value: unknown): string | boolean | null | undefined {
  switch (field.kind) {
    case 'checkbox':
      return value === true;
    case 'secret':
      return encodeSecret(
        isSecretValue(value) ? value : { source: 'static', value: typeof value === 'string' ? value : '' },
      );
    case 'number': {
      const text = value === undefined || value === null ? '' : String(value).trim();
      if (text === '') return null;
      const n = Number.parseInt(text, 10);
      return Number.isNaN(n) ? text : String(n);
    }
    default: {
      const text = value === undefined || value === null ? '' : String(value).trim();
      return text === '' ? null : text;
    }
  }
}

export interface ComputedColumns {
  columns: Partial<Record<ConnectionColumn, string | boolean | null | undefined>>;
  /** The properties the type manages: a string per set field; undefined for a stored secret left alone. */
  properties: Record<string, string | undefined>;
}

/** The columns and managed properties the values give. */
export function valuesToColumns(def: ConnectionTypeDef, values: Record<string, unknown>): ComputedColumns {
  const columns: ComputedColumns['columns'] = {};
  const properties: ComputedColumns['properties'] = {};
  const active = new Set(activeFieldsOf(def, values));
  const written = new Set<ConnectionColumn>();
  for (const field of fieldsOf(def)) {
    const isActive = active.has(field);
    const stored = isActive ? storedValue(field, values[field.key]) : null;
    if ('column' in field.target) {
      // A field of the option not chosen (git's SSH key while Basic is chosen) is cleared.
      if (isActive) {
        columns[field.target.column] = stored;
        written.add(field.target.column);
      } else if (!written.has(field.target.column)) columns[field.target.column] = null;
    } else if (stored !== null) {
      properties[field.target.property] = stored === undefined ? undefined : String(stored);
    }
  }
  if (def.deriveUrl) {
    const read = (key: string) => {
      const field = fieldsOf(def).find((f) => f.key === key);
      if (!field) return '';
      const stored = storedValue(field, values[key]);
      return stored === null || stored === undefined ? '' : String(stored);
    };
    columns.url = def.deriveUrl(read);
  }
  return { columns, properties };
}

function definedProperties(properties: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(properties)) if (value !== undefined) out[key] = value;
  return out;
}

/** What a create sends: name, namespace, type and every column and property that has a value. */
export function createPayload(def: ConnectionTypeDef, values: ConnectionFormValues): ConnectionPayload {
  const { columns, properties } = valuesToColumns(def, values);
  const payload: ConnectionPayload = {
    name: values.name.trim(),
    namespace: values.namespace.trim(),
    type: def.value,
  };
  for (const column of COLUMNS) {
    const value = columns[column];
    if (value === null || value === undefined) continue;
    if (column === 'insecure_tls') payload.insecure_tls = value === true;
    else payload[column] = String(value);
  }
  const props = definedProperties(properties);
  if (Object.keys(props).length > 0) payload.properties = props;
  return payload;
}

function sameProperties(
  a: Record<string, string | undefined>,
  b: Record<string, string | undefined>,
): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

/**
 * The managed property keys holding a stored (masked) secret, which cannot be sent back: when other properties
 * change, the whole map is written, so such a secret must be entered again (the edit schema says so).
 */
export function storedSecretPropertiesOf(
  def: ConnectionTypeDef,
  values: Record<string, unknown>,
): ConnectionField[] {
  return activeFieldsOf(def, values).filter(
    (f) =>
      f.kind === 'secret' &&
      'property' in f.target &&
      isSecretValue(values[f.key]) &&
      (values[f.key] as SecretValue).source === 'stored',
  );
}

/** Whether a save would write the properties map (some managed property differs from the stored row's). */
export function propertiesChange(
  def: ConnectionTypeDef,
  original: ConnectionRecord,
  values: Record<string, unknown>,
): boolean {
  const before = valuesToColumns(def, recordToValues(def, original)).properties;
  const after = valuesToColumns(def, values).properties;
  return !sameProperties(before, after);
}

/**
 * What an edit sends: only the writable columns whose value differs from what the stored row gives (name, namespace
 * and type never change). `properties` is written whole, so unmanaged keys of the stored row are kept.
 */
export function updatePayload(
  def: ConnectionTypeDef,
  original: ConnectionRecord,
  values: Record<string, unknown>,
): ConnectionPayload {
  const before = valuesToColumns(def, recordToValues(def, original));
  const after = valuesToColumns(def, values);
  const payload: ConnectionPayload = {};
  for (const column of COLUMNS) {
    const next = after.columns[column];
    if (next === undefined || next === before.columns[column]) continue;
    if (column === 'insecure_tls') payload.insecure_tls = next === true;
    else payload[column] = next === null ? null : String(next);
  }
  if (!sameProperties(before.properties, after.properties)) {
    const managed = new Set(
      fieldsOf(def).flatMap((f) => ('property' in f.target ? [f.target.property] : [])),
    );
    const merged: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(original.properties ?? {}))
      if (!managed.has(key)) merged[key] = value;
    for (const [key, value] of Object.entries(after.properties)) {
      if (value !== undefined) merged[key] = value;
      else {
        const raw = original.properties?.[key];
        // A stored secret is kept only when the row holds the real value (never a mask).
        if (raw !== undefined && !isMaskedSecret(raw)) merged[key] = raw;
      }
    }
    payload.properties = merged;
  }
  return payload;
}
