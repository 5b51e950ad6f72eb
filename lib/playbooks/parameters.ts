import { z } from 'zod';
import { parseCode, stringifyCode, type CodeLanguage } from '@/lib/forms/code-value';
import { NUMBER_MESSAGE, REQUIRED_MESSAGE } from '@/lib/forms/messages';
import {
  BYTE_UNITS,
  codeLanguage,
  fieldKey,
  listOptions,
  numberProp,
  parameterKind,
  parseBytes,
  parseMillicores,
  stringProp,
  textFormat,
  type BytesValue,
  type ParameterDefinition,
  type ParameterValue,
  type ResourceValue,
} from '@/lib/playbooks/parameter-kinds';
import { schemaMismatchMessage, type SchemaCheck } from '@/lib/playbooks/parameter-schemas';

/**
 * Playbook parameters as data (spec 001 §3.6, §5; backend-contract §2.8): the kind and text format of each, its
 * form value and default, and the one zod rule that validates it and outputs the text the run request carries.
 * The run dialog renders fields from `parameterField`; nothing here knows React.
 */

export const PARAMETER_MESSAGES = {
  email: 'Must be a valid email address',
  url: 'Must be a valid URL (http or https)',
  dns1123: 'Must be lowercase letters, digits and hyphens, in dot-separated labels',
  millicores: 'Must be a whole number of millicores, like 250m',
  minLength: (n: number) => `Must be at least ${n} characters`,
  maxLength: (n: number) => `Must be at most ${n} characters`,
  min: (n: number) => `Must be at least ${n}`,
  max: (n: number) => `Must be at most ${n}`,
  regex: (pattern: string) => `Must match ${pattern}`,
  option: 'Choose one of the options',
} as const;

const isStructured = (language: string): language is CodeLanguage =>
  language === 'yaml' || language === 'json';

/** A code default as the editor shows it: YAML or JSON defaults are parsed and written back out (spec 001 §5). */
export function codeDefault(p: ParameterDefinition): string {
  const language = codeLanguage(p);
  const value = p.default;
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string')
    return isStructured(language) ? stringifyCode(value, language) : JSON.stringify(value);
  if (!isStructured(language) || value.includes('{{')) return value;
  const parsed = parseCode(value, language);
  return parsed.ok && parsed.value !== undefined && typeof parsed.value === 'object'
    ? stringifyCode(parsed.value, language).replace(/\n$/, '')
    : value;
}

/** The form value a parameter starts from: its default (already rendered by /playbook/{id}/params) or empty. */
export function defaultValue(p: ParameterDefinition): ParameterValue {
  const d = p.default;
  const text = d === undefined || d === null ? '' : typeof d === 'string' ? d : JSON.stringify(d);
  switch (parameterKind(p)) {
    case 'checkbox':
      return d === true || text === 'true';
    case 'code':
      return codeDefault(p);
    case 'component':
    case 'config':
    case 'check':
      return text ? { id: text } : null;
    case 'text':
      if (textFormat(p) === 'bytes') return parseBytes(text);
      if (textFormat(p) === 'millicores') return parseMillicores(text);
      return text;
    default:
      return text;
  }
}

/** A previous run's value (re-run) as the form value. */
export function valueFromRun(p: ParameterDefinition, value: unknown): ParameterValue {
  return defaultValue({ ...p, default: value });
}

const DNS1123 = /^(?=.{1,253}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

type Ctx = z.RefinementCtx;
const issue = (ctx: Ctx, message: string) => ctx.addIssue({ code: 'custom', message });

/** An integer in text ('This field must be a number'), within min/max; undefined when it is not one. */
function integerOf(text: string, p: ParameterDefinition, ctx: Ctx): number | undefined {
  if (!/^[-+]?\d+$/.test(text)) {
    issue(ctx, NUMBER_MESSAGE);
    return undefined;
  }
  const n = Number.parseInt(text, 10);
  const min = numberProp(p, 'min');
  const max = numberProp(p, 'max');
  if (min !== undefined && n < min) issue(ctx, PARAMETER_MESSAGES.min(min));
  if (max !== undefined && n > max) issue(ctx, PARAMETER_MESSAGES.max(max));
  return n;
}

function checkLengthAndPattern(text: string, p: ParameterDefinition, ctx: Ctx): void {
  const minLength = numberProp(p, 'minLength');
  const maxLength = numberProp(p, 'maxLength');
  if (minLength !== undefined && text.length < minLength) issue(ctx, PARAMETER_MESSAGES.minLength(minLength));
  if (maxLength !== undefined && text.length > maxLength) issue(ctx, PARAMETER_MESSAGES.maxLength(maxLength));
  const pattern = stringProp(p, 'regex');
  if (pattern) {
    let re: RegExp | null = null;
    try {
      re = new RegExp(pattern);
    } catch {
      re = null; // A pattern the browser cannot compile is left to the backend.
    }
    if (re && !re.test(text)) issue(ctx, PARAMETER_MESSAGES.regex(pattern));
  }
}

/** The text a text parameter sends, or undefined (blank); adds the issues of its format and properties. */
function textOutput(raw: unknown, p: ParameterDefinition, ctx: Ctx): string | undefined {
  const format = textFormat(p);
  if (format === 'bytes') {
    const value = (raw ?? { amount: '', unit: 'Mi' }) as BytesValue;
    const amount = String(value.amount ?? '').trim();
    if (amount === '') return undefined;
    const n = integerOf(amount, p, ctx);
    return n === undefined ? undefined : `${n}${BYTE_UNITS.includes(value.unit) ? value.unit : 'Mi'}`;
  }
  const text = typeof raw === 'string' ? raw : raw === undefined || raw === null ? '' : String(raw);
  if (text.trim() === '') return undefined;
  switch (format) {
    case 'number': {
      const n = integerOf(text.trim(), p, ctx);
      return n === undefined ? undefined : String(n);
    }
    case 'millicores': {
      const amount = parseMillicores(text);
      if (!/^\d+$/.test(amount)) {
        issue(ctx, PARAMETER_MESSAGES.millicores);
        return undefined;
      }
      const n = integerOf(amount, p, ctx);
      return n === undefined ? undefined : `${n}m`;
    }
    case 'email':
      if (!EMAIL.test(text.trim())) issue(ctx, PARAMETER_MESSAGES.email);
      checkLengthAndPattern(text.trim(), p, ctx);
      return text.trim();
    case 'url':
      if (!validUrl(text.trim())) issue(ctx, PARAMETER_MESSAGES.url);
      checkLengthAndPattern(text.trim(), p, ctx);
      return text.trim();
    case 'dns1123':
      if (!DNS1123.test(text.trim())) issue(ctx, PARAMETER_MESSAGES.dns1123);
      checkLengthAndPattern(text.trim(), p, ctx);
      return text.trim();
    default:
      // Passwords and free text are sent as typed: spaces may matter.
      checkLengthAndPattern(text, p, ctx);
      return text;
  }
}

/** The loaded `jsonSchemaUrl` check of a parameter, if any (lib/playbooks/parameter-schemas.ts). */
export type SchemaCheckOf = (p: ParameterDefinition) => SchemaCheck | undefined;

function codeOutput(
  raw: unknown,
  p: ParameterDefinition,
  ctx: Ctx,
  checkOf: SchemaCheckOf | undefined,
): string | undefined {
  const text = typeof raw === 'string' ? raw : '';
  if (text.trim() === '') return undefined;
  const language = codeLanguage(p);
  // A template placeholder ({{.config.name}}) is not YAML or JSON yet; the backend renders it first.
  if (isStructured(language) && !text.includes('{{')) {
    const parsed = parseCode(text, language);
    if (!parsed.ok) issue(ctx, parsed.error.message);
    else {
      const mismatch = schemaMismatchMessage(checkOf?.(p)?.(text) ?? []);
      if (mismatch) issue(ctx, mismatch);
    }
  }
  return text;
}

/** The rule of one parameter: its form value in, the text the run sends out (undefined when left empty). */
export function parameterSchema(
  p: ParameterDefinition,
  checkOf?: SchemaCheckOf,
): z.ZodType<string | undefined, unknown> {
  const kind = parameterKind(p);
  return z.unknown().transform((raw, zodCtx): string | undefined => {
    let issues = 0;
    const ctx: Ctx = {
      ...zodCtx,
      addIssue: (i) => {
        issues += 1;
        zodCtx.addIssue(i);
      },
    } as Ctx;
    let out: string | undefined;
    switch (kind) {
      case 'checkbox':
        return raw === true ? 'true' : 'false';
      case 'code':
        out = codeOutput(raw, p, ctx, checkOf);
        break;
      case 'list': {
        const value = typeof raw === 'string' ? raw : '';
        const options = listOptions(p);
        if (value && options.length > 0 && !options.some((o) => o.value === value))
          issue(ctx, PARAMETER_MESSAGES.option);
        out = value || undefined;
        break;
      }
      case 'team':
      case 'people':
        out = typeof raw === 'string' && raw ? raw : undefined;
        break;
      case 'component':
      case 'config':
      case 'check':
        out =
          raw && typeof raw === 'object' && typeof (raw as ResourceValue).id === 'string'
            ? (raw as ResourceValue).id
            : undefined;
        break;
      default:
        out = textOutput(raw, p, ctx);
    }
    if (out === undefined && p.required && issues === 0) issue(ctx, REQUIRED_MESSAGE);
    return out;
  });
}

/** The run dialog's params object: one rule per parameter; the output is `{ name: text }` without empty ones. */
export function runParamsSchema(params: readonly ParameterDefinition[], checkOf?: SchemaCheckOf) {
  const shape = Object.fromEntries(params.map((p, i) => [fieldKey(i), parameterSchema(p, checkOf)]));
  return z.object(shape).transform((values) => {
    const out: Record<string, string> = {};
    params.forEach((p, i) => {
      const v = values[fieldKey(i)];
      if (typeof v === 'string') out[p.name] = v;
    });
    return out;
  });
}

/** The params form's starting values: defaults, or a previous run's values when re-running. */
export function initialValues(
  params: readonly ParameterDefinition[],
  previous?: Record<string, unknown> | null,
): Record<string, ParameterValue> {
  return Object.fromEntries(
    params.map((p, i) => [
      fieldKey(i),
      previous && p.name in previous ? valueFromRun(p, previous[p.name]) : defaultValue(p),
    ]),
  );
}
