/** @jest-environment node */
import {
  MAX_MARKDOWN_LENGTH,
  parseInline,
  parseMarkdown,
  safeHref,
  type Block,
  type Inline,
} from '@/lib/markdown';

/*
 * The regex tokenizer that lib/markdown.ts had before issue 31 item 11, kept as the reference for what the linear one
 * must read (identical trees on every input it finished in time).
 */
const INLINE =
  /(`[^`]+`)|(\*\*[^*]+\*\*|__[^_]+__)|(\*[^*\s][^*]*\*|_[^_\s][^_]*_)|(\[[^\]]*\]\([^)\s]*\))|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/;

function referenceInline(text: string): Inline[] {
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
    else if (m[2]) out.push({ kind: 'strong', children: referenceInline(token.slice(2, -2)) });
    else if (m[3]) out.push({ kind: 'em', children: referenceInline(token.slice(1, -1)) });
    else if (m[4]) {
      const close = token.indexOf('](');
      const label = referenceInline(token.slice(1, close));
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

function referenceMarkdown(source: string): Block[] {
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
      blocks.push({
        kind: 'heading',
        level: heading[1]!.length as 1,
        children: referenceInline(heading[2]!),
      });
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
      blocks.push({ kind: 'quote', blocks: referenceMarkdown(body.join('\n')) });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = /\d/.test(item[1]!);
      const items: Inline[][] = [];
      while (i < lines.length && LIST_ITEM.test(lines[i]!))
        items.push(referenceInline(LIST_ITEM.exec(lines[i++]!)![2]!));
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
      paragraph.push(referenceInline(lines[i++]!.trim()));
    }
    blocks.push({ kind: 'paragraph', lines: paragraph });
  }
  return blocks;
}

/** A seeded generator of texts made of the fragments markdown reads. */
function texts(seed: number, fragments: readonly string[], count: number, maxParts: number): string[] {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: count }, () =>
    Array.from(
      { length: 1 + Math.floor(random() * maxParts) },
      () => fragments[Math.floor(random() * fragments.length)],
    ).join(''),
  );
}

const INLINE_FRAGMENTS = [
  '`',
  '*',
  '**',
  '_',
  '__',
  '[',
  ']',
  '(',
  ')',
  '](',
  ' ',
  '\t',
  'a',
  'bc',
  '.',
  '!',
  ',',
  '"',
  '<',
  'http://',
  'https://x',
  'h',
  'javascript:',
  '/',
  '//',
  '#',
  'mailto:m',
];

/** Milliseconds fn takes. */
function took(fn: () => unknown): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

describe('markdown tokenizing is linear (issue 31 item 11)', () => {
  it('reads inline text exactly as the regex tokenizer did', () => {
    for (const text of texts(11, INLINE_FRAGMENTS, 6000, 14)) {
      expect([text, parseInline(text)]).toEqual([text, referenceInline(text)]);
    }
  });

  it('reads blocks exactly as before (headings, quotes, lists, rules, fences, paragraphs)', () => {
    const lines = [
      '# a',
      '## b ##',
      '####### x',
      '#  spaced  # #',
      '#',
      '> q',
      '> > qq',
      '- item',
      '1. one',
      '* * *',
      '```',
      '~~~',
      'para **b**',
      '   ',
      '',
      'x [l](/p) y',
      '#\tt',
    ];
    for (const source of texts(
      7,
      lines.map((l) => `${l}\n`),
      3000,
      8,
    )) {
      expect([source, parseMarkdown(source)]).toEqual([source, referenceMarkdown(source)]);
    }
  });

  it.each([
    ['unclosed [', '['.repeat(200_000)],
    ['unclosed [ with text', 'a['.repeat(100_000)],
    ['[ before one far ]', `${'['.repeat(100_000)}]${'('.repeat(50_000)}`],
    ['[x]( never closed', '[x]('.repeat(50_000)],
    ['backticks and stars', '`*_'.repeat(70_000)],
    ['emphasis openers', '*a '.repeat(70_000)],
    ['url-like runs', `http://${'.'.repeat(100_000)} `.repeat(2)],
  ])('tokenizes 200 kB of %s in linear time', (_name, text) => {
    // The regex tokenizer took about 28 s for the first; the budget is generous for a busy machine.
    expect(took(() => parseInline(text))).toBeLessThan(1500);
  });

  it('reads headings without the regex’s quadratic backtracking, and deep quotes without overflowing the stack', () => {
    const heading = `# a${' #'.repeat(30_000)} x`;
    expect(took(() => parseMarkdown(heading))).toBeLessThan(1500);
    expect(parseMarkdown('# title  ##  ')).toEqual([
      { kind: 'heading', level: 1, children: [{ kind: 'text', text: 'title' }] },
    ]);
    const deep = '>'.repeat(60_000);
    let blocks: Block[] = [];
    expect(took(() => (blocks = parseMarkdown(`${deep} x`)))).toBeLessThan(1500);
    // Eight levels of quote, then text.
    let depth = 0;
    let node: Block | undefined = blocks[0];
    while (node?.kind === 'quote') {
      depth++;
      node = node.blocks[0];
    }
    expect(depth).toBe(8);
    expect(node?.kind).toBe('paragraph');
  });

  it('never hangs on a title with a line separator (the old reader looped forever)', () => {
    expect(parseMarkdown('# a\u2028b')).toEqual([
      { kind: 'heading', level: 1, children: [{ kind: 'text', text: 'a\u2028b' }] },
    ]);
  });

  it('renders at most 64 KiB and says how much was cut', () => {
    const long = `${'word '.repeat(MAX_MARKDOWN_LENGTH / 5)}tail`;
    const blocks = parseMarkdown(long);
    const last = blocks[blocks.length - 1] as Extract<Block, { kind: 'paragraph' }>;
    const cut = long.length - MAX_MARKDOWN_LENGTH;
    expect(last.lines[0]).toEqual([
      { kind: 'text', text: `… (${cut} more characters not shown)` } satisfies Inline,
    ]);
    expect(JSON.stringify(blocks)).not.toContain('tail');
  });
});
