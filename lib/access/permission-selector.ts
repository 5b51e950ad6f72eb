import { z } from 'zod';
import { parseCode, stringifyCode } from '@/lib/forms/code-value';
import { OBJECT_SELECTOR_KINDS } from '@/lib/access/permission-form';

/**
 * A permission's `object_selector` (spec 001 §3.6) as the dialog edits it: YAML (or JSON, which YAML reads) text of
 * a map from resource kind to a list of selectors, `{ playbooks: [{ name: 'restart-*' }] }`. Kept out of
 * permission-form.ts because the YAML parser must load with the dialog, not with the list.
 */

/** Why a parsed selector is not one the backend can match, or null when it is. */
export function objectSelectorIssue(value: unknown): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return 'The object selector must map resource kinds to lists of selectors (playbooks: [{name: …}])';
  for (const [kind, list] of Object.entries(value)) {
    if (!(OBJECT_SELECTOR_KINDS as readonly string[]).includes(kind))
      return `Unknown resource kind "${kind}": use ${OBJECT_SELECTOR_KINDS.join(', ')}`;
    if (!Array.isArray(list) || list.length === 0) return `"${kind}" must be a list of selectors`;
    for (const selector of list) {
      if (
        selector === null ||
        typeof selector !== 'object' ||
        Array.isArray(selector) ||
        Object.keys(selector).length === 0
      )
        return `Each selector under "${kind}" must be an object with at least one field (name, namespace, types, …)`;
    }
  }
  return null;
}

/** The zod rule of the dialog's field: blank (or `{}`) is no selector (null), otherwise a valid selector object. */
export function objectSelectorText() {
  return z.string().transform((text, ctx): Record<string, unknown> | null => {
    if (text.trim() === '') return null;
    const parsed = parseCode(text, 'yaml');
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.error.message });
      return z.NEVER;
    }
    if (
      parsed.value &&
      typeof parsed.value === 'object' &&
      !Array.isArray(parsed.value) &&
      Object.keys(parsed.value).length === 0
    )
      return null;
    const issue = objectSelectorIssue(parsed.value);
    if (issue) {
      ctx.addIssue({ code: 'custom', message: issue });
      return z.NEVER;
    }
    return parsed.value as Record<string, unknown>;
  });
}

/** A stored selector as the dialog's YAML text ('' for none). */
export function objectSelectorYaml(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) return '';
  return stringifyCode(value, 'yaml');
}
