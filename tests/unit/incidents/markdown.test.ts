import { parseInline, parseMarkdown } from '@/lib/markdown';

describe('comment markdown', () => {
  it('reads paragraphs, lists and fenced code', () => {
    expect(
      parseMarkdown('Rolled back.\n\n- one\n- two\n```\nkubectl get pods\n```').map((b) => b.kind),
    ).toEqual(['paragraph', 'list', 'code']);
    expect(parseMarkdown('text\n- item').map((b) => b.kind)).toEqual(['paragraph', 'list']);
  });

  it('reads bold, italic, code and safe links; unsafe links stay text', () => {
    expect(parseInline('**a** *b* `c`').map((n) => n.kind)).toEqual(['strong', 'text', 'em', 'text', 'code']);
    expect(parseInline('[x](https://example.com)')).toEqual([
      { kind: 'link', href: 'https://example.com', children: [{ kind: 'text', text: 'x' }] },
    ]);
    expect(parseInline('[x](javascript:alert(1))')[0]).toMatchObject({ kind: 'text' });
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
  });
});
