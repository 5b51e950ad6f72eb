/** Empty when an array (or a page's `data` array) has no rows, or there is no value at all. */
export function defaultIsEmpty(data: unknown): boolean {
  if (data === null || data === undefined) return true;
  if (Array.isArray(data)) return data.length === 0;
  const rows = (data as { data?: unknown }).data;
  return Array.isArray(rows) && rows.length === 0;
}
