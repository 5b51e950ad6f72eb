/**
 * Playbook parameters as data, without the validation (spec 001 §3.6; backend-contract §2.8): the kind and text
 * format of each, its code language and size, its options. Kept apart from parameters.ts (zod, YAML) so that the
 * run page, which only names parameters, does not load them.
 */

export interface ParameterDefinition {
  name: string;
  label?: string | null;
  type?: string | null;
  default?: unknown;
  required?: boolean | null;
  description?: string | null;
  properties?: Record<string, unknown> | null;
}

export const PARAMETER_KINDS = [
  'text',
  'code',
  'checkbox',
  'list',
  'team',
  'people',
  'component',
  'config',
  'check',
] as const;
export type ParameterKind = (typeof PARAMETER_KINDS)[number];

export const TEXT_FORMATS = ['password', 'email', 'url', 'number', 'bytes', 'millicores', 'dns1123'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];

export const BYTE_UNITS = ['Mi', 'Gi', 'Ti'] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];

export const CODE_SIZES = ['very-small', 'small', 'medium', 'large', 'full'] as const;
export type CodeSize = (typeof CODE_SIZES)[number];

/** A byte quantity as the bytes field edits it. */
export interface BytesValue {
  amount: string;
  unit: ByteUnit;
}

/** A chosen resource (the resource selector's value): only its id goes into the run. */
export interface ResourceValue {
  id: string;
  name?: string | null;
  [key: string]: unknown;
}

export type ParameterValue = string | boolean | BytesValue | ResourceValue | null;

export const stringProp = (p: ParameterDefinition, key: string): string | undefined => {
  const v = p.properties?.[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
};
export const numberProp = (p: ParameterDefinition, key: string): number | undefined => {
  const v = p.properties?.[key];
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** The field a parameter renders as; a missing or unknown type is text (spec 001 §3.6), `configs` is a config. */
export function parameterKind(p: ParameterDefinition): ParameterKind {
  const type = (p.type ?? '').trim();
  if (type === 'configs') return 'config';
  return (PARAMETER_KINDS as readonly string[]).includes(type) ? (type as ParameterKind) : 'text';
}

/** A text parameter's format: `properties.format`, or the backend's bytes/millicores/secret types. */
export function textFormat(p: ParameterDefinition): TextFormat | null {
  if (parameterKind(p) !== 'text') return null;
  const format = stringProp(p, 'format') ?? (p.type === 'secret' ? 'password' : (p.type ?? ''));
  return (TEXT_FORMATS as readonly string[]).includes(format) ? (format as TextFormat) : null;
}

/** `256Mi` → { amount: '256', unit: 'Mi' }; a bare number or an unknown unit reads as Mi (the default). */
export function parseBytes(text: string): BytesValue {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(Mi|Gi|Ti)?\s*$/.exec(text);
  if (!m) return { amount: text.trim(), unit: 'Mi' };
  return { amount: m[1] ?? '', unit: (m[2] as ByteUnit | undefined) ?? 'Mi' };
}

/** `250m` → '250'. */
export function parseMillicores(text: string): string {
  return text.trim().replace(/m$/, '');
}

export function codeLanguage(p: ParameterDefinition): string {
  return (stringProp(p, 'language') ?? 'yaml').toLowerCase();
}

export function codeSize(p: ParameterDefinition): CodeSize {
  const size = stringProp(p, 'size');
  return size && (CODE_SIZES as readonly string[]).includes(size) ? (size as CodeSize) : 'medium';
}

export function listOptions(p: ParameterDefinition): { value: string; label: string }[] {
  const raw = p.properties?.options;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((o: unknown) => {
    if (typeof o === 'string') return [{ value: o, label: o }];
    if (o && typeof o === 'object' && 'value' in o) {
      const value = String((o as { value: unknown }).value);
      const label = (o as { label?: unknown }).label;
      return [{ value, label: typeof label === 'string' && label ? label : value }];
    }
    return [];
  });
}

/** Form field key of a parameter: names may hold dots, which form paths would read as nesting. */
export const fieldKey = (index: number) => `p${index}`;

/**
 * Whether a parameter holds a secret: `properties.format: password`, or the backend's `secret` type. The same rule
 * as the embedded backend's write-only store (migration 0312), whatever the parameter's kind.
 */
export function isSecretParameter(p: ParameterDefinition): boolean {
  return stringProp(p, 'format') === 'password' || p.type === 'secret';
}

/** The names of a spec's secret parameters (spec.parameters as stored with a run; anything else has none). */
export function secretParameterNames(defs: unknown): Set<string> {
  if (!Array.isArray(defs)) return new Set();
  return new Set(
    defs
      .filter(
        (d): d is ParameterDefinition =>
          !!d && typeof d === 'object' && typeof (d as ParameterDefinition).name === 'string',
      )
      .filter(isSecretParameter)
      .map((d) => d.name),
  );
}

/** A run's parameter values with every secret one replaced by the mask (null stays null: "not given"). */
export function redactSecretParameters(
  values: Record<string, unknown> | null | undefined,
  defs: unknown,
  mask: string,
): Record<string, unknown> | null | undefined {
  const secret = secretParameterNames(defs);
  if (!values || secret.size === 0) return values;
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, secret.has(k) && v !== null && v !== undefined ? mask : v]),
  );
}

/** Values to prefill a re-run with: secret ones are left out, so the form asks for them again (never the mask). */
export function withoutSecretParameters(
  values: Record<string, unknown> | null | undefined,
  defs: unknown,
): Record<string, unknown> | null {
  if (!values) return null;
  const secret = secretParameterNames(defs);
  return Object.fromEntries(Object.entries(values).filter(([k]) => !secret.has(k)));
}
