import { layoutGraph, NODE_HEIGHT, NODE_WIDTH, scrollToCentre } from '@/lib/catalog/graph-layout';

describe('layoutGraph', () => {
  // cluster → namespace → (deployment a, deployment b) → pod under b; a node above the item on the incoming side.
  const rows = [
    { id: 'ns', name: 'default', relatedIds: ['root'], direction: 'outgoing' as const },
    { id: 'dep-b', name: 'b', relatedIds: ['ns'], direction: 'outgoing' as const },
    { id: 'dep-a', name: 'a', relatedIds: ['ns'], direction: 'outgoing' as const },
    { id: 'pod', name: 'pod-1', relatedIds: ['dep-b'], direction: 'outgoing' as const },
    { id: 'account', name: 'aws', relatedIds: ['root'], direction: 'incoming' as const },
  ];
  const layout = layoutGraph('root', 'cluster', rows);
  const node = (id: string) => layout.nodes.find((n) => n.id === id)!;

  it('puts the item in the middle column, outgoing depths to its right and incoming to its left', () => {
    expect(node('root').layer).toBe(0);
    expect(node('ns').layer).toBe(1);
    expect(node('dep-a').layer).toBe(2);
    expect(node('pod').layer).toBe(3);
    expect(node('account').layer).toBe(-1);
    expect(node('account').x).toBeLessThan(node('root').x);
    expect(node('root').x).toBeLessThan(node('ns').x);
  });

  it('draws edges parent → child in both directions, once each', () => {
    expect(layout.edges).toEqual(
      expect.arrayContaining([
        { from: 'root', to: 'ns' },
        { from: 'ns', to: 'dep-a' },
        { from: 'dep-b', to: 'pod' },
        { from: 'account', to: 'root' },
      ]),
    );
    expect(layout.edges).toHaveLength(5);
  });

  it('orders a column by its neighbours, then by name, without overlapping nodes', () => {
    expect(node('dep-a').y).toBeLessThan(node('dep-b').y);
    const columns = new Map<number, number[]>();
    for (const n of layout.nodes) columns.set(n.x, [...(columns.get(n.x) ?? []), n.y]);
    for (const ys of columns.values()) {
      const sorted = [...ys].sort((a, b) => a - b);
      for (let i = 1; i < sorted.length; i++)
        expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(NODE_HEIGHT);
    }
    expect(Math.max(...layout.nodes.map((n) => n.x + NODE_WIDTH))).toBeLessThanOrEqual(layout.width);
    expect(Math.max(...layout.nodes.map((n) => n.y + NODE_HEIGHT))).toBeLessThanOrEqual(layout.height);
  });

  it('places rows whose walk parent was filtered out next to the item, and ignores repeats of the item', () => {
    const l = layoutGraph('root', 'x', [
      { id: 'orphan', name: 'o', relatedIds: ['missing'], direction: 'outgoing' },
      { id: 'root', name: 'x', relatedIds: [], direction: 'outgoing' },
    ]);
    expect(l.nodes.map((n) => [n.id, n.layer]).sort()).toEqual([
      ['orphan', 1],
      ['root', 0],
    ]);
    expect(l.edges).toEqual([]);
  });

  it('lays out the item alone when nothing is related', () => {
    const l = layoutGraph('root', 'x', []);
    expect(l.nodes).toEqual([{ id: 'root', layer: 0, x: expect.any(Number), y: expect.any(Number) }]);
    expect(l.width).toBeGreaterThanOrEqual(NODE_WIDTH);
  });
});

describe('scrollToCentre (issue 37: the item could be placed off screen)', () => {
  // Four incoming levels put the item's column far right; a wide outgoing column makes the graph tall.
  const incoming = ['l1', 'l2', 'l3', 'l4'].map((id, i, all) => ({
    id,
    name: id,
    relatedIds: [i === 0 ? 'root' : all[i - 1]!],
    direction: 'incoming' as const,
  }));
  const outgoing = Array.from({ length: 30 }, (_, i) => ({
    id: `o${i}`,
    name: `o${String(i).padStart(2, '0')}`,
    relatedIds: ['root'],
    direction: 'outgoing' as const,
  }));
  const layout = layoutGraph('root', 'item', [...incoming, ...outgoing]);
  const root = layout.nodes.find((n) => n.id === 'root')!;
  const viewport = { width: 800, height: 600 };

  it('scrolls so that the item sits in the middle of the box', () => {
    // Without scrolling the item is outside an 800 × 600 box.
    expect(root.x).toBeGreaterThan(viewport.width);
    expect(root.y).toBeGreaterThan(viewport.height);
    const { left, top } = scrollToCentre(layout, 'root', viewport)!;
    expect(root.x - left + NODE_WIDTH / 2).toBeCloseTo(viewport.width / 2, 0);
    expect(root.y - top + NODE_HEIGHT / 2).toBeCloseTo(viewport.height / 2, 0);
    // Inside the box.
    expect(root.x - left).toBeGreaterThanOrEqual(0);
    expect(root.x - left + NODE_WIDTH).toBeLessThanOrEqual(viewport.width);
    expect(root.y - top).toBeGreaterThanOrEqual(0);
    expect(root.y - top + NODE_HEIGHT).toBeLessThanOrEqual(viewport.height);
  });

  it('stays within what the box can scroll', () => {
    const small = layoutGraph('root', 'item', [incoming[0]!]);
    expect(scrollToCentre(small, 'root', { width: 2000, height: 2000 })).toEqual({ left: 0, top: 0 });
    const edge = scrollToCentre(layout, 'o29', viewport)!;
    expect(edge.top).toBeLessThanOrEqual(layout.height - viewport.height);
    expect(edge.left).toBe(layout.width - viewport.width);
  });

  it('is null for a node the layout does not hold', () => {
    expect(scrollToCentre(layout, 'missing', viewport)).toBeNull();
  });
});
