'use client';

import * as React from 'react';
import {
  widthAfterKey,
  type ColumnWidths,
  type ColumnWidthStore,
} from '@/components/data-table/column-widths';

/** The widths of a table's columns from its store: the defaults on the server and in the first paint, then saved ones. */
export function useColumnWidths(store: ColumnWidthStore): ColumnWidths {
  return React.useSyncExternalStore(store.subscribe, store.read, () => store.defaults);
}

/** The CSS variables a table's wrapper sets, one per column (`--col-<id>: <px>px`), read by the columns' classes. */
export function columnWidthVars(widths: ColumnWidths): React.CSSProperties {
  return Object.fromEntries(
    Object.entries(widths).map(([id, px]) => [`--col-${id}`, `${px}px`]),
  ) as React.CSSProperties;
}

/**
 * The wrapper that sets the widths as CSS variables. It alone follows the store, so a resize re-renders neither the
 * screen nor the table (a re-rendered table could remount its headers and drop the handle's focus).
 */
export function ColumnWidthScope({
  store,
  className,
  children,
}: {
  store: ColumnWidthStore;
  className?: string;
  children: React.ReactNode;
}) {
  const widths = useColumnWidths(store);
  return (
    <div className={className} style={columnWidthVars(widths)}>
      {children}
    </div>
  );
}

/**
 * A column header with a resize handle: drag it, or focus it and use the arrow keys (Shift for bigger steps, Home,
 * End, Enter for the default width); a double click restores the default. Widths are saved in the store.
 */
export function ResizableHeader({
  id,
  title,
  store,
}: {
  id: string;
  title: string;
  store: ColumnWidthStore;
}) {
  const widths = useColumnWidths(store);
  const width = widths[id] ?? store.defaults[id] ?? 160;
  const fallback = store.defaults[id] ?? width;
  // Handlers read the stored width, not this render's: two quick key presses both count.
  const current = () => store.read()[id] ?? width;
  const drag = React.useRef<{ x: number; width: number } | null>(null);
  return (
    <span className="relative flex items-center pr-3">
      <span className="truncate">{title}</span>
      <span
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize the ${title} column`}
        aria-valuenow={width}
        aria-valuemin={80}
        aria-valuemax={2000}
        tabIndex={0}
        title="Drag to resize, double-click to reset"
        className="absolute -right-2 top-1/2 h-6 w-3 -translate-y-1/2 cursor-col-resize touch-none rounded-sm outline-none after:absolute after:inset-y-0 after:left-1/2 after:w-px after:bg-border hover:after:bg-foreground focus-visible:ring-2 focus-visible:ring-ring"
        onPointerDown={(e) => {
          e.preventDefault();
          e.currentTarget.setPointerCapture?.(e.pointerId);
          drag.current = { x: e.clientX, width: current() };
        }}
        onPointerMove={(e) => {
          if (drag.current) store.write(id, drag.current.width + e.clientX - drag.current.x);
        }}
        onPointerUp={(e) => {
          drag.current = null;
          e.currentTarget.releasePointerCapture?.(e.pointerId);
        }}
        onPointerCancel={() => (drag.current = null)}
        onDoubleClick={() => store.write(id, fallback)}
        onKeyDown={(e) => {
          const next = widthAfterKey(current(), e.key, e.shiftKey, fallback);
          if (next === null) return;
          e.preventDefault();
          store.write(id, next);
        }}
      />
    </span>
  );
}
