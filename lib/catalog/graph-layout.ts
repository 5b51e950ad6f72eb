/**
 * The relationships graph's layout: the item in the middle column, the configs it points to (outgoing) in columns to
 * its right by walk depth, those pointing to it (incoming) to its left; within a column nodes are ordered by the
 * mean position of their neighbours nearer the item (one barycentre sweep), so edges cross little. Pure, so the
 * layout is unit-tested and the graph component only draws.
 */

export type RelationDirection = 'incoming' | 'outgoing';

export interface GraphInputNode {
  id: string;
  name: string;
  /** The ids this row was reached from in the walk (rpc/related_configs_recursive's related_ids). */
  relatedIds: readonly string[];
  direction: RelationDirection;
}

export interface LaidOutNode {
  id: string;
  /** Column: 0 is the item, positive outgoing depth, negative incoming depth. */
  layer: number;
  x: number;
  y: number;
}

export interface LaidOutEdge {
  from: string;
  to: string;
}

export interface GraphLayout {
  nodes: LaidOutNode[];
  edges: LaidOutEdge[];
  width: number;
  height: number;
}

export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 56;
const GAP_X = 80;
const GAP_Y = 16;
const MARGIN = 16;

export function layoutGraph(rootId: string, rootName: string, rows: readonly GraphInputNode[]): GraphLayout {
  const byId = new Map<string, GraphInputNode>();
  for (const row of rows) if (row.id !== rootId && !byId.has(row.id)) byId.set(row.id, row);

  // Depth per direction: rows come ordered by walk depth, but iterate until stable so any order works.
  const depth = new Map<string, number>([[rootId, 0]]);
  let changed = true;
  for (let pass = 0; changed && pass <= byId.size; pass++) {
    changed = false;
    for (const row of byId.values()) {
      const known = row.relatedIds.map((id) => depth.get(id)).filter((d): d is number => d !== undefined);
      if (known.length === 0) continue;
      const d = Math.min(...known.map(Math.abs)) + 1;
      const signed = row.direction === 'incoming' ? -d : d;
      if (depth.get(row.id) !== signed) {
        depth.set(row.id, signed);
        changed = true;
      }
    }
  }
  // Rows whose walk parent is not in the answer (filtered out) sit next to the item.
  for (const row of byId.values())
    if (!depth.has(row.id)) depth.set(row.id, row.direction === 'incoming' ? -1 : 1);

  const edges: LaidOutEdge[] = [];
  const neighbours = new Map<string, string[]>();
  const link = (a: string, b: string) => {
    (neighbours.get(a) ?? neighbours.set(a, []).get(a)!).push(b);
    (neighbours.get(b) ?? neighbours.set(b, []).get(b)!).push(a);
  };
  const seen = new Set<string>();
  for (const row of byId.values()) {
    for (const related of row.relatedIds) {
      if (related !== rootId && !byId.has(related)) continue;
      // Edges point along the relationship: parent → child, whichever way the walk went.
      const edge =
        row.direction === 'incoming' ? { from: row.id, to: related } : { from: related, to: row.id };
      const key = `${edge.from}>${edge.to}`;
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push(edge);
      link(row.id, related);
    }
  }

  const layers = new Map<number, string[]>();
  for (const [id, d] of depth) (layers.get(d) ?? layers.set(d, []).get(d)!).push(id);
  const nameOf = (id: string) => (id === rootId ? rootName : (byId.get(id)?.name ?? ''));
  const position = new Map<string, number>([[rootId, 0]]);
  // Outward from the item on each side, so a column's order follows the column already placed.
  const order = [...layers.keys()].sort((a, b) => Math.abs(a) - Math.abs(b) || a - b);
  for (const layer of order) {
    const ids = layers.get(layer)!;
    const inner = layer > 0 ? layer - 1 : layer + 1;
    const score = (id: string) => {
      const near = (neighbours.get(id) ?? [])
        .filter((n) => depth.get(n) === inner)
        .map((n) => position.get(n) ?? 0);
      return near.length ? near.reduce((a, b) => a + b, 0) / near.length : Number.MAX_SAFE_INTEGER;
    };
    const scores = new Map(ids.map((id) => [id, score(id)]));
    ids.sort(
      (a, b) => scores.get(a)! - scores.get(b)! || nameOf(a).localeCompare(nameOf(b)) || a.localeCompare(b),
    );
    ids.forEach((id, i) => position.set(id, i));
  }

  const minLayer = Math.min(...layers.keys());
  const maxLayer = Math.max(...layers.keys());
  const tallest = Math.max(...[...layers.values()].map((ids) => ids.length));
  const height = MARGIN * 2 + tallest * NODE_HEIGHT + (tallest - 1) * GAP_Y;
  const nodes: LaidOutNode[] = [];
  for (const [layer, ids] of layers) {
    const columnHeight = ids.length * NODE_HEIGHT + (ids.length - 1) * GAP_Y;
    const top = (height - columnHeight) / 2;
    ids.forEach((id, i) => {
      nodes.push({
        id,
        layer,
        x: MARGIN + (layer - minLayer) * (NODE_WIDTH + GAP_X),
        y: top + i * (NODE_HEIGHT + GAP_Y),
      });
    });
  }
  const width = MARGIN * 2 + (maxLayer - minLayer + 1) * NODE_WIDTH + (maxLayer - minLayer) * GAP_X;
  return { nodes, edges, width, height };
}

/**
 * Where to scroll a box of `viewport` size over the laid-out graph so that node `id` sits in its middle (issue 37:
 * with many incoming levels, or a tall column, the item itself was placed off screen). Clamped to the scrollable
 * range; null when the node is not in the layout.
 */
export function scrollToCentre(
  layout: Pick<GraphLayout, 'nodes' | 'width' | 'height'>,
  id: string,
  viewport: { width: number; height: number },
): { left: number; top: number } | null {
  const node = layout.nodes.find((n) => n.id === id);
  if (!node) return null;
  const clamp = (value: number, max: number) => Math.round(Math.min(Math.max(0, value), Math.max(0, max)));
  return {
    left: clamp(node.x + NODE_WIDTH / 2 - viewport.width / 2, layout.width - viewport.width),
    top: clamp(node.y + NODE_HEIGHT / 2 - viewport.height / 2, layout.height - viewport.height),
  };
}
