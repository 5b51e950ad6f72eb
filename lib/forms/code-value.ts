import { parseDocument, stringify } from 'yaml';
import { z } from 'zod';
import { REQUIRED_MESSAGE } from '@/lib/forms/messages';

/** Text of a code field (YAML or JSON): parsing with a located error, and the zod rule that blocks submit on it. */

export type CodeLanguage = 'yaml' | 'json';

export interface CodeParseError {
  message: string;
  /** 1-based line and column of the error, when the parser tells. */
  line?: number;
  column?: number;
  /** Offsets into the text (for the editor's underline). */
  from: number;
  to: number;
}

export type CodeParseResult = { ok: true; value: unknown } | { ok: false; error: CodeParseError };

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
}

function located(text: string, message: string, from: number, to = from + 1): CodeParseError {
  const start = Math.max(0, Math.min(from, text.length));
  const end = Math.max(start, Math.min(to, text.length));
  return { message, ...lineColumn(text, start), from: start, to: end };
}

function parseJson(text: string): CodeParseResult {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const offset = position ? Number(position[1]) : text.length;
    const where = lineColumn(text, offset);
    const reason = message
      .replace(/\s*in JSON at position \d+.*$/s, '')
      .replace(/\s*\(line \d+ column \d+\)$/, '');
    return {
      ok: false,
      error: located(text, `Invalid JSON at line ${where.line}, column ${where.column}: ${reason}`, offset),
    };
  }
}

function parseYaml(text: string): CodeParseResult {
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    const [from, to] = error.pos;
    const reason = (error.message.split('\n')[0] ?? error.message).replace(
      /\s*at line \d+, column \d+:?$/,
      '',
    );
    const where = lineColumn(text, from);
    return {
      ok: false,
      error: located(text, `Invalid YAML at line ${where.line}, column ${where.column}: ${reason}`, from, to),
    };
  }
  return { ok: true, value: doc.toJS() };
}

/** Parses the text; blank text is `undefined`. */
export function parseCode(text: string, language: CodeLanguage): CodeParseResult {
  if (text.trim() === '') return { ok: true, value: undefined };
  return language === 'json' ? parseJson(text) : parseYaml(text);
}

/** A value as the text a code field shows ('' for undefined). */
export function stringifyCode(value: unknown, language: CodeLanguage): string {
  if (value === undefined) return '';
  if (language === 'json') return JSON.stringify(value, null, 2);
  return stringify(value, { lineWidth: 0 });
}

const NOT_AN_OBJECT: Record<CodeLanguage, string> = {
  yaml: 'The YAML must describe an object (key: value pairs)',
  json: 'The JSON must be an object ({ … })',
};

/**
 * The rule of a code field: the text must parse (the error names line and column) and, with `object`, be a map.
 * The output is the parsed value (undefined when blank and optional), which is what the request body carries.
 */
export function codeText({
  language,
  required = false,
  object = false,
}: {
  language: CodeLanguage;
  required?: boolean;
  object?: boolean;
}) {
  return z.string().transform((text, ctx) => {
    if (text.trim() === '') {
      if (required) ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
      return undefined;
    }
    const parsed = parseCode(text, language);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.error.message });
      return z.NEVER;
    }
    if (
      object &&
      (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value))
    ) {
      ctx.addIssue({ code: 'custom', message: NOT_AN_OBJECT[language] });
      return z.NEVER;
    }
    return parsed.value;
  });
}
