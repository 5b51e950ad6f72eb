/**
 * CSV text (RFC 4180): every field quoted when it holds a comma, quote or line break, quotes doubled, CRLF rows.
 * A field that starts with =, +, -, @, tab or CR is prefixed with a quote mark so that spreadsheets do not run it as
 * a formula (CSV injection).
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return values.map(csvField).join(',');
}

/** A file name for an export: the list's name and the date, in characters every system accepts. */
export function csvFileName(name: string, now = new Date()): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'export';
  return `${base}-${now.toISOString().slice(0, 10)}.csv`;
}
