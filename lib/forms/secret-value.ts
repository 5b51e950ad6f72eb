/**
 * A secret-capable value (spec 001 §3.2): a static value, a ConfigMap reference or a Secret reference, stored by the
 * backend as the literal, `configmap://<name>/<key>` or `secret://<name>/<key>` (backend-contract §1.3, connections).
 * `stored` is a value the backend holds but does not send to the browser (a masked read): the form shows that a value
 * is set, can replace it, and never sends the mask back.
 */
export type SecretSource = 'static' | 'configmap' | 'secret';

export type SecretValue =
  | { source: 'static'; value: string }
  | { source: 'configmap' | 'secret'; name: string; key: string }
  | { source: 'stored' };

export const SECRET_SOURCES: readonly { value: SecretSource; label: string }[] = [
  { value: 'static', label: 'Static value' },
  { value: 'configmap', label: 'ConfigMap' },
  { value: 'secret', label: 'Secret' },
];

/**
 * What a masked read of a secret column looks like: only asterisks or bullets (at least three), or a 'redacted'
 * marker. The embedded backend's masking should send `SECRET_MASK`; the other forms are accepted so that a real
 * backend's or proxy's masking is recognised too.
 */
export const SECRET_MASK = '********';
const MASK_PATTERN = /^(?:\*{3,}|•{3,}|\[redacted\]|<redacted>|redacted)$/i;

export function isMaskedSecret(raw: unknown): boolean {
  return typeof raw === 'string' && MASK_PATTERN.test(raw.trim());
}

const REFERENCE_PATTERN = /^(configmap|secret):\/\/([^/\s]+)\/(\S+)$/;

export const EMPTY_SECRET: SecretValue = { source: 'static', value: '' };

/** A stored column value as the field's value. */
export function decodeSecret(raw: unknown): SecretValue {
  if (raw === null || raw === undefined || raw === '') return { source: 'static', value: '' };
  if (isMaskedSecret(raw)) return { source: 'stored' };
  const text = typeof raw === 'string' ? raw : String(raw);
  const reference = REFERENCE_PATTERN.exec(text);
  if (reference)
    return {
      source: reference[1] as 'configmap' | 'secret',
      name: reference[2] ?? '',
      key: reference[3] ?? '',
    };
  return { source: 'static', value: text };
}

/**
 * The field's value as the backend stores it. `undefined` means "leave the stored value alone" (a `stored` value is
 * never sent back); `null` clears an empty value.
 */
export function encodeSecret(value: SecretValue): string | null | undefined {
  switch (value.source) {
    case 'stored':
      return undefined;
    case 'static':
      return value.value === '' ? null : value.value;
    case 'configmap':
    case 'secret':
      return `${value.source}://${value.name.trim()}/${value.key.trim()}`;
  }
}

/** Whether the field holds a value (a stored one counts: the backend has it). */
export function secretIsSet(value: SecretValue): boolean {
  switch (value.source) {
    case 'stored':
      return true;
    case 'static':
      return value.value !== '';
    default:
      return value.name.trim() !== '' && value.key.trim() !== '';
  }
}

export function isSecretValue(value: unknown): value is SecretValue {
  if (!value || typeof value !== 'object') return false;
  const source = (value as { source?: unknown }).source;
  return source === 'static' || source === 'configmap' || source === 'secret' || source === 'stored';
}
