import { parseUnifiedDiff, splitRows } from '@/lib/catalog/diff';

const DIFF = [
  '--- a/Deployment/checkout',
  '+++ b/Deployment/checkout',
  '@@ -3,5 +3,6 @@',
  ' spec:',
  '-  replicas: 2',
  '+  replicas: 3',
  '+  paused: false',
  '   template:',
  '     image: checkout:1.2',
  '@@ -20,2 +21,1 @@',
  ' labels:',
  '-  team: a',
  '\\ No newline at end of file',
  '',
].join('\n');

describe('parseUnifiedDiff', () => {
  const parsed = parseUnifiedDiff(DIFF);

  it('reads the file names, hunks and counts', () => {
    expect(parsed.oldPath).toBe('Deployment/checkout');
    expect(parsed.newPath).toBe('Deployment/checkout');
    expect(parsed.hunks.map((h) => h.header)).toEqual(['@@ -3,5 +3,6 @@', '@@ -20,2 +21,1 @@']);
    expect([parsed.added, parsed.removed]).toEqual([2, 2]);
  });

  it('numbers old and new lines from the hunk header', () => {
    const lines = parsed.hunks[0]!.lines;
    expect(lines.map((l) => [l.kind, l.oldLine, l.newLine, l.text])).toEqual([
      ['context', 3, 3, 'spec:'],
      ['remove', 4, null, '  replicas: 2'],
      ['add', null, 4, '  replicas: 3'],
      ['add', null, 5, '  paused: false'],
      ['context', 5, 6, '  template:'],
      ['context', 6, 7, '    image: checkout:1.2'],
    ]);
    expect(parsed.hunks[1]!.lines.map((l) => [l.kind, l.oldLine, l.newLine])).toEqual([
      ['context', 20, 21],
      ['remove', 21, null],
    ]);
  });

  it('gives no hunks for text that is not a diff', () => {
    expect(parseUnifiedDiff('just text').hunks).toEqual([]);
  });
});

describe('splitRows', () => {
  it('pairs removed lines with the added lines after them and keeps context on both sides', () => {
    const rows = splitRows(parseUnifiedDiff(DIFF).hunks[0]!.lines);
    expect(rows.map((r) => [r.left?.text ?? null, r.right?.text ?? null])).toEqual([
      ['spec:', 'spec:'],
      ['  replicas: 2', '  replicas: 3'],
      [null, '  paused: false'],
      ['  template:', '  template:'],
      ['    image: checkout:1.2', '    image: checkout:1.2'],
    ]);
  });
});
