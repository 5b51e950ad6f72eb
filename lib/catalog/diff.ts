/**
 * A unified diff (as config changes carry it: `--- a/…`, `+++ b/…`, `@@ -a,b +c,d @@` hunks) parsed into lines with
 * their old and new line numbers, for the change dialog's unified and side-by-side views.
 */

export type DiffLineKind = 'context' | 'add' | 'remove';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
  /** Line number in the old text (context and removed lines). */
  oldLine: number | null;
  /** Line number in the new text (context and added lines). */
  newLine: number | null;
}

export interface DiffHunk {
  header: string;
  lines: DiffLine[];
}

export interface ParsedDiff {
  oldPath: string | null;
  newPath: string | null;
  hunks: DiffHunk[];
  added: number;
  removed: number;
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(.*)$/;

/** Parses a unified diff; text before the first hunk other than the file headers is ignored. */
export function parseUnifiedDiff(diff: string): ParsedDiff {
  const out: ParsedDiff = { oldPath: null, newPath: null, hunks: [], added: 0, removed: 0 };
  let hunk: DiffHunk | null = null;
  let oldLine = 0;
  let newLine = 0;
  for (const raw of diff.replace(/\r\n/g, '\n').split('\n')) {
    const header = HUNK.exec(raw);
    if (header) {
      oldLine = Number(header[1]);
      newLine = Number(header[3]);
      hunk = { header: raw, lines: [] };
      out.hunks.push(hunk);
      continue;
    }
    if (!hunk) {
      if (raw.startsWith('--- ')) out.oldPath = raw.slice(4).replace(/^a\//, '').trim();
      else if (raw.startsWith('+++ ')) out.newPath = raw.slice(4).replace(/^b\//, '').trim();
      continue;
    }
    const sign = raw[0];
    if (sign === '+') {
      hunk.lines.push({ kind: 'add', text: raw.slice(1), oldLine: null, newLine: newLine++ });
      out.added++;
    } else if (sign === '-') {
      hunk.lines.push({ kind: 'remove', text: raw.slice(1), oldLine: oldLine++, newLine: null });
      out.removed++;
    } else if (sign === ' ') {
      hunk.lines.push({ kind: 'context', text: raw.slice(1), oldLine: oldLine++, newLine: newLine++ });
    }
    // "\ No newline at end of file" and the trailing empty line carry no content.
  }
  return out;
}

/** One row of the side-by-side view: the old line on the left, the new one on the right (either may be absent). */
export interface SplitRow {
  left: DiffLine | null;
  right: DiffLine | null;
}

/** Pairs a hunk's removed lines with the added lines that follow them; context lines appear on both sides. */
export function splitRows(lines: readonly DiffLine[]): SplitRow[] {
  const rows: SplitRow[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.kind === 'context') {
      rows.push({ left: line, right: line });
      i++;
      continue;
    }
    const removed: DiffLine[] = [];
    const added: DiffLine[] = [];
    while (i < lines.length && lines[i]!.kind === 'remove') removed.push(lines[i++]!);
    while (i < lines.length && lines[i]!.kind === 'add') added.push(lines[i++]!);
    for (let k = 0; k < Math.max(removed.length, added.length); k++)
      rows.push({ left: removed[k] ?? null, right: added[k] ?? null });
  }
  return rows;
}
