import { BackendError } from '@/lib/backend/errors';
import { REQUIRED_MESSAGE } from '@/lib/forms/messages';

/**
 * The fields a failed save names, by backend column, with the message to show under each (spec 001 §8: errors map
 * onto fields where the backend names one; everything else is a toast). Understands PostgREST's
 * `{code, message, details, hint}` (not-null, unique and foreign-key violations name their columns) and the
 * `{field, error}` / `{errors: {field: message}}` bodies of handlers that validate input themselves.
 */

function bodyOf(error: unknown): Record<string, unknown> | null {
  const details = error instanceof BackendError ? error.details : (error as { body?: unknown } | null)?.body;
  return details && typeof details === 'object' && !Array.isArray(details)
    ? (details as Record<string, unknown>)
    : null;
}

function columnsOfKey(details: unknown): string[] {
  if (typeof details !== 'string') return [];
  const match = /Key \(([^)]+)\)=/.exec(details);
  return match?.[1] ? match[1].split(',').map((c) => c.trim().replace(/^"|"$/g, '')) : [];
}

function joinWords(words: readonly string[]): string {
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

export function fieldErrorsFromBackend(error: unknown): Record<string, string> {
  const body = bodyOf(error);
  if (!body) return {};
  const out: Record<string, string> = {};
  const message =
    typeof body.error === 'string' ? body.error : typeof body.message === 'string' ? body.message : '';

  if (typeof body.field === 'string' && message) out[body.field] = message;
  if (body.errors && typeof body.errors === 'object' && !Array.isArray(body.errors)) {
    for (const [field, value] of Object.entries(body.errors as Record<string, unknown>)) {
      const text = Array.isArray(value) ? value.find((v) => typeof v === 'string') : value;
      if (typeof text === 'string' && text) out[field] = text;
    }
  }

  switch (body.code) {
    case '23502': {
      const column = /column "([^"]+)"/.exec(String(body.message ?? ''))?.[1];
      if (column) out[column] = REQUIRED_MESSAGE;
      break;
    }
    case '23505': {
      const columns = columnsOfKey(body.details);
      for (const column of columns) out[column] = `A record with this ${joinWords(columns)} already exists`;
      break;
    }
    case '23503': {
      for (const column of columnsOfKey(body.details)) out[column] = 'The selected item does not exist';
      break;
    }
    default:
      break;
  }
  return out;
}
