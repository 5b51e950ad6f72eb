/**
 * A small markdown reader for comment bodies (paragraphs, line breaks, lists, fenced code, `code`, **bold**,
 * *italic*, [links](https://…)). It yields data, never HTML, so a body cannot inject markup; links keep only
 * http(s), mailto and same-site paths.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] }
  | { kind: 'break' };

export type Block =
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'list'; items: Inline[][] }
  | { kind: 'code'; text: string };

const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/))/i;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  const pattern = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*)|(\[[^\]]+\]\([^)\s]+\))|(\n)/;
  while (rest) {
    const m = pattern.exec(rest);
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
      const label = token.slice(1, close);
      const href = token.slice(close + 2, -1);
      out.push(
        SAFE_HREF.test(href)
          ? { kind: 'link', href, children: parseInline(label) }
          : { kind: 'text', text: token },
      );
    } else out.push({ kind: 'break' });
    rest = rest.slice(m.index + token.length);
  }
  return out;
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join('\n')) });
    paragraph = [];
  };
  const flushList = () => {
    if (list.length > 0) blocks.push({ kind: 'list', items: list.map(parseInline) });
    list = [];
  };
  const flush = () => {
    flushParagraph();
    flushList();
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim().startsWith('```')) {
      flush();
      const code: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] as string).trim().startsWith('```'))
        code.push(lines[i++] as string);
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (item) {
      flushParagraph();
      list.push(item[1] as string);
    } else if (line.trim() === '') flush();
    else {
      flushList();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
