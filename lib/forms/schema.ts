import { z } from 'zod';
import { NUMBER_MESSAGE, REQUIRED_MESSAGE } from '@/lib/forms/messages';
import type { SecretValue } from '@/lib/forms/secret-value';
import { parseLocalDateTime } from '@/lib/time-range/absolute';
import type { TimeRange } from '@/lib/time-range/types';

/**
 * zod building blocks of the form kit. A form's one schema validates its values and its output is the request body,
 * so the rules and messages of spec 001 §5 live here once.
 */

/** Text that must not be blank ('This field is required'); trimmed on output. */
export function requiredText() {
  return z.string({ error: REQUIRED_MESSAGE }).trim().min(1, { error: REQUIRED_MESSAGE });
}

/** Optional text, trimmed; blank stays ''. */
export function optionalText() {
  return z.string().trim().catch('');
}

/** A required choice among fixed values (select, radio group). */
export function requiredChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: REQUIRED_MESSAGE });
}

/**
 * An integer typed into a text or number input (spec 001 §5: 'This field must be a number', parsed as an integer).
 * Accepts the raw string (or a number) and outputs a number, or undefined when optional and blank.
 */
export function integerText(options: {
  required: true;
  min?: number;
  max?: number;
}): z.ZodType<number, string | number | undefined>;
export function integerText(options?: {
  required?: boolean;
  min?: number;
  max?: number;
}): z.ZodType<number | undefined, string | number | undefined>;
export function integerText({
  required = false,
  min,
  max,
}: { required?: boolean; min?: number; max?: number } = {}): z.ZodType<
  number | undefined,
  string | number | undefined
> {
  return z
    .union([z.string(), z.number()])
    .optional()
    .transform((raw, ctx) => {
      const text = raw === undefined ? '' : String(raw).trim();
      if (text === '') {
        if (required) ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
        return undefined;
      }
      if (!/^[-+]?\d+$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: NUMBER_MESSAGE });
        return z.NEVER;
      }
      const n = Number.parseInt(text, 10);
      if (min !== undefined && n < min) ctx.addIssue({ code: 'custom', message: `Must be at least ${min}` });
      if (max !== undefined && n > max) ctx.addIssue({ code: 'custom', message: `Must be at most ${max}` });
      return n;
    });
}

export interface KeyValuePair {
  key: string;
  value: string;
}

/** Rows of a key/value map (labels) as edited; the output is the map. Blank rows are dropped, keys must be unique. */
export function keyValueMap() {
  return z
    .array(z.object({ key: z.string(), value: z.string() }))
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        const key = row.key.trim();
        if (key === '') {
          if (row.value.trim() !== '')
            ctx.addIssue({ code: 'custom', path: [index, 'key'], message: REQUIRED_MESSAGE });
          return;
        }
        if (seen.has(key))
          ctx.addIssue({ code: 'custom', path: [index, 'key'], message: 'This key is already used' });
        seen.add(key);
      });
    })
    .transform((rows) => {
      const out: Record<string, string> = {};
      for (const row of rows) if (row.key.trim() !== '') out[row.key.trim()] = row.value.trim();
      return out;
    });
}

/** A map (e.g. a record's labels) as the rows the key/value field edits. */
export function toKeyValuePairs(map: Record<string, unknown> | null | undefined): KeyValuePair[] {
  return Object.entries(map ?? {}).map(([key, value]) => ({
    key,
    value: value === null || value === undefined ? '' : String(value),
  }));
}

const secretShape = z.discriminatedUnion('source', [
  z.object({ source: z.literal('static'), value: z.string() }),
  z.object({ source: z.literal('configmap'), name: z.string(), key: z.string() }),
  z.object({ source: z.literal('secret'), name: z.string(), key: z.string() }),
  z.object({ source: z.literal('stored') }),
]);

/**
 * A secret field's value. A reference needs both name and key; a required field needs a value (a stored one counts).
 * Issues are reported on the field itself (react-hook-form drops nested errors of a single controlled field); the
 * field marks the part that is missing. The output is the SecretValue; lib/forms/secret-value.ts encodes it.
 */
export function secretField({ required = false }: { required?: boolean } = {}): z.ZodType<
  SecretValue,
  SecretValue
> {
  return secretShape.superRefine((value, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (value.source === 'static') {
      if (required && value.value === '') issue(REQUIRED_MESSAGE);
    } else if (value.source === 'configmap' || value.source === 'secret') {
      // A reference is all or nothing: a half-filled one is not a value the backend can resolve.
      const blankName = value.name.trim() === '';
      const blankKey = value.key.trim() === '';
      if (blankName && blankKey) {
        if (required) issue(REQUIRED_MESSAGE);
      } else if (blankName)
        issue(`Enter the name of the ${value.source === 'secret' ? 'Secret' : 'ConfigMap'}`);
      else if (blankKey) issue(`Enter the key in the ${value.source === 'secret' ? 'Secret' : 'ConfigMap'}`);
      else if (/[/\s]/.test(value.name.trim())) issue('A name cannot contain / or spaces');
      else if (/\s/.test(value.key.trim())) issue('A key cannot contain spaces');
    }
  }) as z.ZodType<SecretValue, SecretValue>;
}

/**
 * A date and time typed in a datetime-local input, read in `timezone` (default: the browser's), output as an ISO
 * instant; an ISO instant (a record's value) passes through. Blank is undefined unless required.
 */
export function dateTimeText({ required = false, timezone }: { required?: boolean; timezone?: string } = {}) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const text = (raw ?? '').trim();
      if (text === '') {
        if (required) ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
        return undefined;
      }
      const instant = /Z$|[+-]\d{2}:\d{2}$/.test(text) ? new Date(text) : parseLocalDateTime(text, timezone);
      if (!instant || Number.isNaN(instant.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'Enter a valid date and time' });
        return z.NEVER;
      }
      return instant.toISOString();
    });
}

/** A range from the time-range picker (null when cleared). */
export function timeRangeValue({ required = false }: { required?: boolean } = {}) {
  return z
    .custom<TimeRange | null>(
      (value) => value === null || value === undefined || (typeof value === 'object' && 'type' in value),
    )
    .transform((value, ctx) => {
      if (!value) {
        if (required) ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
        return null;
      }
      return value;
    });
}
