import type { ConnectionTypeInfo } from '@/lib/connections/catalog';
import type { SecretValue } from '@/lib/forms/secret-value';

/**
 * Connection types as data (spec 001 §3.2): each type's fields, defaults and required flags, and where each field is
 * stored on the `connections` row (backend-contract §1.3). Rendered by components/connections, read by the list and
 * the tests. No JSX here.
 */

/** The connection columns a type's fields are stored in. */
export type ConnectionColumn = 'url' | 'username' | 'password' | 'certificate' | 'insecure_tls';

export const WRITABLE_COLUMNS = [
  'name',
  'namespace',
  'type',
  'url',
  'username',
  'password',
  'certificate',
  'insecure_tls',
  'properties',
] as const;
export type WritableColumn = (typeof WRITABLE_COLUMNS)[number];

/** The columns the connections list sorts by (on the backend). */
export const CONNECTION_SORT_COLUMNS = [
  'name',
  'type',
  'namespace',
  'url',
  'source',
  'created_at',
  'updated_at',
] as const;
export type ConnectionSortColumn = (typeof CONNECTION_SORT_COLUMNS)[number];

/** A connection row as the backend reads it (`properties` is a string map in the real backend). */
export interface ConnectionRecord {
  id?: string;
  name: string;
  namespace?: string | null;
  type: string;
  url?: string | null;
  username?: string | null;
  password?: string | null;
  certificate?: string | null;
  insecure_tls?: boolean | null;
  properties?: Record<string, unknown> | null;
  source?: string | null;
  created_by?: unknown;
  created_at?: string | null;
  updated_at?: string | null;
  deleted_at?: string | null;
}

/** What a save sends: the writable columns (all of them on create, only the changed ones on edit). */
export type ConnectionPayload = Partial<{
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  insecure_tls: boolean;
  /** Managed properties as strings, plus the stored row's other keys unchanged. */
  properties: Record<string, unknown>;
}>;

export type FieldKind =
  /** one line of text */
  | 'text'
  /** an integer (kept as typed; stored as a string in properties) */
  | 'number'
  | 'checkbox'
  /** a static value, a ConfigMap or a Secret reference */
  | 'secret'
  /** one of a few values shown side by side */
  | 'choice';

/** Where a field's value lives on the row. */
export type FieldTarget = { column: ConnectionColumn } | { property: string };

export interface ConnectionField {
  /** The form value's key (unique within a type). */
  key: string;
  label: string;
  kind: FieldKind;
  target: FieldTarget;
  required?: boolean;
  default?: string | number | boolean;
  hint?: string;
  options?: readonly { value: string; label: string }[];
  /** For secrets: mask a typed value (default true) and use a multi-line box (certificates, keys). */
  sensitive?: boolean;
  multiline?: boolean;
}

/** A switch between field groups (git: Basic with username and password, or SSH with a certificate). */
export interface ConnectionFieldGroup {
  key: string;
  label: string;
  kind: 'group-switch';
  default: string;
  options: readonly { value: string; label: string; fields: readonly ConnectionField[] }[];
}

export type ConnectionFieldDef = ConnectionField | ConnectionFieldGroup;

/** The form's values: name, namespace and one entry per field key (numbers as typed text). */
export type ConnectionFormValues = { name: string; namespace: string } & Record<
  string,
  string | boolean | SecretValue
>;

/** Reads the form's values as text for deriving a URL. */
export type ValueReader = (key: string) => string;

export interface ConnectionTypeDef extends ConnectionTypeInfo {
  fields: readonly ConnectionFieldDef[];
  /**
   * For notification targets the spec gives no URL field: the row's `url` is the notification URL built from the
   * fields, with `$(username)` / `$(password)` left for the backend to fill from those columns so no secret is
   * written into the URL.
   */
  deriveUrl?: (read: ValueReader) => string;
}

export function isFieldGroup(field: ConnectionFieldDef): field is ConnectionFieldGroup {
  return field.kind === 'group-switch';
}
