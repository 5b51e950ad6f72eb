'use client';

import * as React from 'react';
import Link from 'next/link';
import type { RelatedConfig } from '@/lib/catalog/configs-endpoints';
import {
  layoutGraph,
  NODE_HEIGHT,
  NODE_WIDTH,
  scrollToCentre,
  type RelationDirection,
} from '@/lib/catalog/graph-layout';
import { statusDotColor } from '@/lib/format/status';
import { catalogItemHref } from '@/lib/catalog/href';

/** Health dots in the theme's status colours (CSS variables: they follow light and dark). */
const DOT_FILL = {
  red: 'var(--status-unhealthy)',
  gray: 'var(--status-unknown)',
  orange: 'var(--status-warning)',
  green: 'var(--status-healthy)',
} as const;

export interface GraphItem extends RelatedConfig {
  direction: RelationDirection;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The relationships graph: the item with the configs related to it, laid out in columns by walk depth (incoming to
 * the left, outgoing to the right), each node with its health, name, type and status; a node opens its item.
 */
export function RelationshipGraph({
  root,
  items,
}: {
  root: { id: string; name: string; type?: string | null; health?: string | null; status?: string | null };
  items: readonly GraphItem[];
}) {
  const layout = React.useMemo(
    () =>
      layoutGraph(
        root.id,
        root.name,
        items.map((i) => ({
          id: i.id,
          name: i.name ?? '',
          relatedIds: i.related_ids ?? [],
          direction: i.direction,
        })),
      ),
    [root.id, root.name, items],
  );
  const byId = React.useMemo(
    () =>
      new Map<string, Pick<GraphItem, 'id' | 'name' | 'type' | 'health' | 'status' | 'deleted_at'>>([
        [root.id, root],
        ...items.map((i) => [i.id, i] as const),
      ]),
    [root, items],
  );
  const position = new Map(layout.nodes.map((n) => [n.id, n]));
  const box = React.useRef<HTMLDivElement>(null);
  // The item in the middle of the box whenever the layout changes: its column can sit far right of many incoming
  // levels, or low in a tall column, beyond the box's first view (issue 37).
  React.useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const target = scrollToCentre(layout, root.id, {
      width: element.clientWidth,
      height: element.clientHeight,
    });
    if (target) {
      element.scrollLeft = target.left;
      element.scrollTop = target.top;
    }
    // Said on the box, so a browser test clicks a node once it no longer moves under the pointer.
    element.dataset.centred = 'true';
  }, [layout, root.id]);
  return (
    <div
      ref={box}
      className="max-h-[75vh] overflow-auto rounded-md border border-border"
      data-testid="relationship-graph"
    >
      <svg
        width={layout.width}
        height={layout.height}
        role="group"
        aria-label={`Relationships of ${root.name}`}
        className="text-foreground"
      >
        <g aria-hidden>
          {layout.edges.map((e) => {
            const a = position.get(e.from);
            const b = position.get(e.to);
            if (!a || !b) return null;
            const [left, right] = a.x <= b.x ? [a, b] : [b, a];
            const x1 = left.x + NODE_WIDTH;
            const y1 = left.y + NODE_HEIGHT / 2;
            const x2 = right.x;
            const y2 = right.y + NODE_HEIGHT / 2;
            const mid = (x1 + x2) / 2;
            return (
              <path
                key={`${e.from}>${e.to}`}
                d={`M${x1},${y1} C${mid},${y1} ${mid},${y2} ${x2},${y2}`}
                fill="none"
                stroke="currentColor"
                strokeOpacity={0.3}
              />
            );
          })}
        </g>
        {layout.nodes.map((n) => {
          const item = byId.get(n.id);
          const isRoot = n.id === root.id;
          const name = item?.name ?? n.id;
          // A real link: it opens the item before the page has hydrated, and in a new tab with a modifier.
          return (
            <Link
              key={n.id}
              href={catalogItemHref(n.id)}
              prefetch={false}
              aria-label={`${name} (${item?.type ?? 'config'}, ${item?.health ?? 'unknown'})`}
              data-node-id={n.id}
              className="cursor-pointer outline-none [&:focus-visible_rect]:stroke-2"
            >
              <g transform={`translate(${n.x},${n.y})`}>
                <title>{`${name}\n${item?.type ?? ''}${item?.status ? `\n${item.status}` : ''}`}</title>
                <rect
                  width={NODE_WIDTH}
                  height={NODE_HEIGHT}
                  rx={6}
                  className={isRoot ? 'fill-primary/10 stroke-primary' : 'fill-background stroke-border'}
                  strokeDasharray={item?.deleted_at ? '4 3' : undefined}
                />
                <circle cx={14} cy={18} r={5} fill={DOT_FILL[statusDotColor(item?.health ?? 'unknown')]} />
                <text x={26} y={22} fontSize={13} fontWeight={isRoot ? 600 : 500} fill="currentColor">
                  {clip(name, 26)}
                </text>
                <text x={10} y={42} fontSize={11} fill="currentColor" fillOpacity={0.65}>
                  {clip(`${item?.type ?? ''}${item?.status ? ` · ${item.status}` : ''}`, 32)}
                </text>
              </g>
            </Link>
          );
        })}
      </svg>
    </div>
  );
}
