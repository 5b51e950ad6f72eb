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

const INLINE =
  /(`[^`]+`)|(\*\*[^*]+\*\*|__[^_]+__)|(\*[^*\s][^*]*\*|_[^_\s][^_]*_)|(\[[^\]]*\]\([^)\s]*\))|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push({ kind: 'text', text: rest });
      break;
    }
    if (m.index > 0) out.push({ kind: 'text', text: rest.slice(0, m.index) });
    const token = m[0];
    if (m[1]) out.push({ kind: 'code', text: token.slice(1, -1) });
    else if (m[2]) out.push({ kind: 'strong', children: parseInline(token.slice(2, -2)) });
    else if (m[3]) out.push({ kind: 'em', children: parseInline(token.slice(1, -1)) });
    else if (m[4]) {
      const close = token.indexOf('](');
      const label = parseInline(token.slice(1, close));
      const href = safeHref(token.slice(close + 2, -1));
      if (href) out.push({ kind: 'link', href, children: label });
      else out.push(...label);
    } else {
      out.push({ kind: 'link', href: token, children: [{ kind: 'text', text: token }] });
    }
    rest = rest.slice(m.index + token.length);
  }
  return out;
}

const LIST_ITEM = /^\s*([-*+]|\d+[.)])\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
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
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1, children: parseInline(heading[2]!) });
      i++;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      blocks.push({ kind: 'rule' });
      i++;
      continue;
    }
    if (/^\s*>/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && /^\s*>/.test(lines[i]!)) body.push(lines[i++]!.replace(/^\s*>\s?/, ''));
      blocks.push({ kind: 'quote', blocks: parseMarkdown(body.join('\n')) });
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
    const paragraph: Inline[][] = [];
    while (
      i < lines.length &&
      lines[i]!.trim() &&
      !/^(#{1,6}\s|\s*>|\s*```|\s*~~~)/.test(lines[i]!) &&
      !LIST_ITEM.test(lines[i]!)
    ) {
      paragraph.push(parseInline(lines[i++]!.trim()));
    }
    blocks.push({ kind: 'paragraph', lines: paragraph });
  }
  return blocks;
}
