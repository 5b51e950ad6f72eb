/**
 * Spec types of the resource editor as data (spec 001 §2.7, §3.6): which key of the spec a type edits, its fields
 * and where each field lives in the edited entry. Rendered by components/resources/spec-form-fields.tsx, converted
 * by lib/resources/spec-mapping.ts, validated by lib/resources/editor-schema.ts. No JSX here.
 */

export type SpecFieldKind =
  /** one line of text */
  | 'text'
  /** several lines (bodies, scripts, queries) */
  | 'textarea'
  /** an integer typed as text */
  | 'number'
  /** one value of `options` (native select) */
  | 'select'
  /** several values of `options`; `numeric` stores them as numbers */
  | 'multiselect'
  | 'checkbox'
  /** a list of strings typed one per line */
  | 'list'
  /** a string map (labels, filters) */
  | 'keyValue'
  /** an EnvVar: a literal, or a Secret or ConfigMap key */
  | 'envVar';

export interface SpecField {
  /** Dotted path in the edited entry (`responseJSONContent.path`); also the field's identity within the type. */
  path: string;
  label: string;
  kind: SpecFieldKind;
  required?: boolean;
  default?: string | number | boolean | readonly (string | number)[];
  hint?: string;
  placeholder?: string;
  options?: readonly { value: string; label: string }[];
  /** multiselect: the values are numbers in the spec (response codes). */
  numeric?: boolean;
  /** Shown (and written) only while another field of the entry has one of these values (HTTP body: POST, PUT). */
  showWhen?: { path: string; values: readonly string[] };
}

/**
 * A None/option switch (spec 001 §4: authentication and scripts): the chosen option's fields are shown and written,
 * the others' paths are removed from the entry. `marker` paths are set to true while the option is chosen (NTLM).
 */
export interface SpecFieldSwitch {
  kind: 'switch';
  /** Form key of the switch itself (not stored in the spec). */
  key: string;
  label: string;
  options: readonly {
    value: string;
    label: string;
    fields: readonly SpecField[];
    markers?: readonly string[];
  }[];
}

export type SpecFieldDef = SpecField | SpecFieldSwitch;

/** Form key of every connection-options switch (one per spec type at most). */
export const CONNECTION_SWITCH_KEY = 'switch_connection';

/**
 * The None/type switch over how an entry connects (spec 001 §4 "a spec form can switch None/type for authentication
 * and connection options"): None (the entry's defaults: a local path, the agent's own credentials) first, then each
 * way to connect with its fields, as the authentication switch is built.
 */
export function connectionSwitch(
  options: readonly { value: string; label: string; fields: readonly SpecField[] }[],
): SpecFieldSwitch {
  return {
    kind: 'switch',
    key: CONNECTION_SWITCH_KEY,
    label: 'Connection options',
    options: [{ value: 'none', label: 'None', fields: [] }, ...options],
  };
}

export function isSwitch(field: SpecFieldDef): field is SpecFieldSwitch {
  return field.kind === 'switch';
}

export interface SpecTypeDef {
  /** Stable id (`http`, `kubernetes`, `custom`). */
  name: string;
  label: string;
  /** lucide icon name, drawn by components/resources/spec-type-icon.tsx. */
  icon: string;
  /**
   * `form`: a Form tab over `spec[specKey][0]` and a Code tab over the whole spec. `code`: only the Code tab, starting
   * from `template`.
   */
  mode: 'form' | 'code';
  /** The spec key holding this type's entries (`http`, `icmp`), for form types and detection. */
  specKey?: string;
  fields?: readonly SpecFieldDef[];
  /**
   * A key of the entries that tells this code type from the form type sharing its `specKey`: SFTP and SMB checks
   * are folder checks with an `sftpConnection` or `smbConnection` (the canary schema has no sftp or smb key).
   */
  entryMarker?: string;
  /** Starting spec of a new resource of a code-only type. */
  template?: Record<string, unknown>;
  /** An entry needs a `name` (health checks): the resource's name fills a blank one. */
  entryName?: boolean;
  docsUrl?: string;
}

/** Every plain field of a type, switches expanded (all options). */
export function allFieldsOf(def: SpecTypeDef): SpecField[] {
  return (def.fields ?? []).flatMap((f) => (isSwitch(f) ? f.options.flatMap((o) => o.fields) : [f]));
}

/** A field's form key: its path with dots replaced (react-hook-form would nest dotted names). */
export function fieldKey(path: string): string {
  return path.replace(/\./g, '__');
}
