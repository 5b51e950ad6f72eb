/**
 * Label filters as JSON containment (issue 35): `labels @> {"k": "v"}` can use migration 0353's GIN index where
 * `labels ->> 'k' = 'v'` cannot. Containment is only added beside the equality, as a narrowing the equality then
 * checks exactly, and only where it cannot drop a match: `->>` also reads a number, boolean or object as its text,
 * which a JSON string in the containment would not match.
 */

/** Whether only a JSON string label can have this text under `->>` (not `3`, `true`, `null`, `[…]` or `{…}`). */
export function labelValueOnlyAsString(value: string): boolean {
  try {
    return typeof JSON.parse(value) === 'string';
  } catch {
    return true;
  }
}
