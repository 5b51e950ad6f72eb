import { MASKED_VALUE } from './exposure';

/**
 * E-mail addresses kept in a string array at a JSON path of a document (a playbook's approvers,
 * `spec.approval.approvers.people`), masked for readers who may not see them: each address-like entry reads as
 * MASKED_VALUE, every other entry (a name, a team) and the rest of the document stay as stored. Two forms of one
 * rule: the SQL expression the /db compiler reads the column through, and the function the native endpoints apply
 * to the rows they load. Migration 0313 restores the stored addresses when the masks are written back; all three
 * call an entry an address by the same test (a string holding `@`), so what is masked is exactly what is restored.
 */

/** Whether one array entry is an address to mask: a string holding `@` (names and team names have none). */
export function isAddressEntry(entry: unknown): entry is string {
  return typeof entry === 'string' && entry.includes('@');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A copy of `doc` with every address-like entry of the array at `path` replaced by MASKED_VALUE; `doc` itself when
 * there is no such array (nothing to mask). Never changes its argument.
 */
export function maskAddressesAt<T>(doc: T, path: readonly string[]): T {
  const [key, ...rest] = path;
  if (key === undefined) {
    if (!Array.isArray(doc) || !doc.some(isAddressEntry)) return doc;
    return doc.map((entry: unknown) => (isAddressEntry(entry) ? MASKED_VALUE : entry)) as T;
  }
  if (!isRecord(doc) || !(key in doc)) return doc;
  const inner = maskAddressesAt(doc[key], rest);
  return inner === doc[key] ? doc : ({ ...doc, [key]: inner } as T);
}

/** A SQL string literal of catalog text (declared paths, never request input). */
function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The SQL form of maskAddressesAt over a jsonb expression `value` (evaluated several times: pass a column
 * reference). Only the declared path and the mask appear in the text, as literals.
 */
export function addressMaskSql(value: string, path: readonly string[]): string {
  const at = `${literal(`{${path.map((k) => `"${k.replace(/["\\]/g, '\\$&')}"`).join(',')}}`)}::text[]`;
  const mask = `to_jsonb(${literal(MASKED_VALUE)}::text)`;
  const entries =
    `(SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(_e) = 'string' AND strpos(_e #>> '{}', '@') > 0 ` +
    `THEN ${mask} ELSE _e END ORDER BY _i), '[]'::jsonb) FROM jsonb_array_elements(${value} #> ${at}) WITH ORDINALITY AS _a(_e, _i))`;
  return `CASE WHEN jsonb_typeof(${value} #> ${at}) = 'array' THEN jsonb_set(${value}, ${at}, ${entries}) ELSE ${value} END`;
}
