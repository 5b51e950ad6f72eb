/**
 * A small markdown reader for notification bodies (headings, paragraphs, quotes, lists, fenced code, emphasis,
 * inline code, links). It returns a tree that React renders as elements, so a body can never inject HTML; the
 * earlier console's markdown-it weighed 99 KiB on this page.
 */

import { internalLinkOf } from '@/lib/safe-path';

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'em'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { kind: 'paragraph'; lines: Inline[][] }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'code'; text: string }
  | { kind: 'rule' };

/**
 * Only web and mail links, fragments and same-origin paths become anchors; anything else (javascript:, data:) stays
 * text. A path passes the same check as a redirect target (lib/safe-path.ts), so '/\host' is no internal link.
 */
export function safeHref(href: string): string | null {
  const internal = internalLinkOf(href);
  if (internal) return internal.href;
  const value = href.trim();
  return /^(https?:|mailto:)/i.test(value) || value.startsWith('#') ? value : null;
}

/**
 * The inline tokenizer, one pass over the text. It reads what this regex read, leftmost token first and the
 * alternatives in this order at one place:
 *   (`[^`]+`) | (\*\*[^*]+\*\*|__[^_]+__) | (\*[^*\s][^*]*\*|_[^_\s][^_]*_) | (\[[^\]]*\]\([^)\s]*\)) |
 *   (https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])
 * but runs the regex no more: tried at every `[` of an unclosed run, the link alternative scanned to the end of the
 * text each time (20,000 `[` took 277 ms, a 200 kB comment about 28 s in every viewer's browser; issue 31 item 11).
 * Here each attempt scans at most to the next delimiter of its kind, and the link's scans are remembered, so the
 * whole text costs a few passes.
 */
const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/.test(c);
const URL_STOP = new Set(['<', '>', '(', ')']);
const URL_END_PUNCTUATION = new Set(['.', ',', ';', ':', '!', '?', "'", '"']);

interface Token {
  /** Index just past the token. */
  end: number;
  node: Inline[];
}

class InlineScanner {
  /** The first `]` at or after closeFrom (-1: none), remembered for a run of `[` before the same `]`. */
  private closeFrom = -1;
  private close = -1;
  /** The first `)` or space at or after stopFrom (the text's length: none). */
  private stopFrom = -1;
  private stop = -1;

  constructor(private readonly text: string) {}

  /** `x…x` with x = delimiter and a body free of it (and not starting with a space, for emphasis). */
  private delimited(at: number, open: string, kind: 'code' | 'strong' | 'em'): Token | null {
    const t = this.text;
    if (!t.startsWith(open, at)) return null;
    const from = at + open.length;
    const first = t[from];
    if (first === undefined || first === open[0]) return null;
    if (kind === 'em' && isSpace(first)) return null;
    const close = t.indexOf(open[0] as string, from + 1);
    if (close < 0) return null;
    if (open.length === 2 && t[close + 1] !== open[1]) return null;
    const body = t.slice(from, close);
    const end = close + open.length;
    if (kind === 'code') return { end, node: [{ kind: 'code', text: body }] };
    return { end, node: [{ kind, children: parseInline(body) }] };
  }

  private link(at: number): Token | null {
    const t = this.text;
    // Reuse the last search while it still answers for this `[`: no `]` lies between its start and at.
    const known = this.closeFrom >= 0 && at + 1 >= this.closeFrom && (this.close < 0 || at < this.close);
    if (!known) {
      this.closeFrom = at + 1;
      this.close = t.indexOf(']', at + 1);
    }
    const close = this.close;
    if (close < 0 || t[close + 1] !== '(') return null;
    // The href runs to the first `)` or space after `(`; that search is shared by every `](` before the same stop.
    const from = close + 2;
    if (!(this.stopFrom >= 0 && from >= this.stopFrom && from <= this.stop)) {
      this.stopFrom = from;
      let i = from;
      while (i < t.length && t[i] !== ')' && !isSpace(t[i])) i++;
      this.stop = i;
    }
    if (t[this.stop] !== ')') return null;
    const hrefEnd = this.stop + 1;
    const label = parseInline(t.slice(at + 1, close));
    const href = safeHref(t.slice(close + 2, hrefEnd - 1));
    return { end: hrefEnd, node: href ? [{ kind: 'link', href, children: label }] : label };
  }

  private url(at: number): Token | null {
    const t = this.text;
    const scheme = t.startsWith('https://', at) ? 8 : t.startsWith('http://', at) ? 7 : 0;
    if (!scheme) return null;
    const from = at + scheme;
    let stop = from;
    while (stop < t.length && !isSpace(t[stop]) && !URL_STOP.has(t[stop] as string)) stop++;
    // The last character may not be punctuation; at least one character comes before it.
    let last = stop - 1;
    while (last > from && URL_END_PUNCTUATION.has(t[last] as string)) last--;
    if (last <= from) return null;
    const href = t.slice(at, last + 1);
    return { end: last + 1, node: [{ kind: 'link', href, children: [{ kind: 'text', text: href }] }] };
  }

  /** The token starting at `at`, or null. */
  tokenAt(at: number): Token | null {
    switch (this.text[at]) {
      case '`':
        return this.delimited(at, '`', 'code');
      case '*':
      case '_': {
        const c = this.text[at] as string;
        return this.delimited(at, c + c, 'strong') ?? this.delimited(at, c, 'em');
      }
      case '[':
        return this.link(at);
      case 'h':
        return this.url(at);
      default:
        return null;
    }
  }
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const scanner = new InlineScanner(text);
  let plain = 0;
  let at = 0;
  while (at < text.length) {
    const token = scanner.tokenAt(at);
    if (!token) {
      at++;
      continue;
    }
    if (at > plain) out.push({ kind: 'text', text: text.slice(plain, at) });
    out.push(...token.node);
    at = plain = token.end;
  }
  if (plain < text.length) out.push({ kind: 'text', text: text.slice(plain) });
  return out;
}

const LIST_ITEM = /^\s*([-*+]|\d+[.)])\s+(.*)$/;

/**
 * Most characters rendered: the backend refuses longer comments and descriptions (64 KiB, docs/security.md); text
 * stored before that cap is cut here, with a note.
 */
export const MAX_MARKDOWN_LENGTH = 65_536;
/** Deeper `>` quotes render as text: each level parses its lines again (and 100,000 of them overflowed the stack). */
const MAX_QUOTE_DEPTH = 8;

/** `# title #` → level and title, as /^(#{1,6})\s+(.*?)\s*#*\s*$/ read it, without its quadratic backtracking on long runs of spaces and `#`. */
function headingOf(line: string): { level: number; text: string } | null {
  let level = 0;
  while (level < line.length && line[level] === '#') level++;
  if (level < 1 || level > 6 || !isSpace(line[level])) return null;
  let from = level;
  while (from < line.length && isSpace(line[from])) from++;
  let to = line.length;
  while (to > from && isSpace(line[to - 1])) to--;
  while (to > from && line[to - 1] === '#') to--;
  while (to > from && isSpace(line[to - 1])) to--;
  // The regex failed on a U+2028 inside the title (its `.` stops there) and the paragraph loop then never moved on:
  // a hang. A title with one is a title.
  return { level, text: line.slice(from, to) };
}

export function parseMarkdown(source: string): Block[] {
  if (source.length <= MAX_MARKDOWN_LENGTH) return parseBlocks(source, 0);
  const cut = source.length - MAX_MARKDOWN_LENGTH;
  return [
    ...parseBlocks(source.slice(0, MAX_MARKDOWN_LENGTH), 0),
    { kind: 'paragraph', lines: [[{ kind: 'text', text: `… (${cut} more characters not shown)` }]] },
  ];
}

function parseBlocks(source: string, depth: number): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    if (/^\s*(```|~~~)/.test(line)) {
      const fence = line.trim().slice(0, 3);
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence)) body.push(lines[i++]!);
      i++;
      blocks.push({ kind: 'code', text: body.join('\n') });
      continue;
    }
    const heading = headingOf(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading.level as 1, children: parseInline(heading.text) });
      i++;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      blocks.push({ kind: 'rule' });
      i++;
      continue;
    }
    if (depth < MAX_QUOTE_DEPTH && /^\s*>/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && /^\s*>/.test(lines[i]!)) body.push(lines[i++]!.replace(/^\s*>\s?/, ''));
      blocks.push({ kind: 'quote', blocks: parseBlocks(body.join('\n'), depth + 1) });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = /\d/.test(item[1]!);
      const items: Inline[][] = [];
      while (i < lines.length && LIST_ITEM.test(lines[i]!))
        items.push(parseInline(LIST_ITEM.exec(lines[i++]!)![2]!));
      blocks.push({ kind: 'list', ordered, items });
      continue;
    }
    // The first line is this paragraph's whatever it looks like: every line must move the reader on.
    const paragraph: Inline[][] = [parseInline(lines[i++]!.trim())];
    while (
      i < lines.length &&
      lines[i]!.trim() &&
      !/^(#{1,6}\s|\s*```|\s*~~~)/.test(lines[i]!) &&
      !(depth < MAX_QUOTE_DEPTH && /^\s*>/.test(lines[i]!)) &&
      !LIST_ITEM.test(lines[i]!)
    ) {
      paragraph.push(parseInline(lines[i++]!.trim()));
    }
    blocks.push({ kind: 'paragraph', lines: paragraph });
  }
  return blocks;
}
