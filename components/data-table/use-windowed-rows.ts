'use client';

import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';

export interface WindowedRowsOptions {
  /** Number of rows. */
  count: number;
  /** Fixed row height in px (until a rendered row is measured, with `rowSelector`). */
  rowHeight: number;
  /**
   * A rendered row, measured when the rows mount and whenever the box resizes: its height replaces `rowHeight`, so
   * rows sized in rem keep the window right where the type scales with the screen (wall displays, app/globals.css).
   */
  rowSelector?: string;
  /** Extra rows rendered above and below the viewport. Default 8. */
  overscan?: number;
  /** Viewport height used until the container is measured (and in non-layout environments). */
  initialHeight?: number;
  /** Disable to render every row. */
  enabled?: boolean;
  /** Called once each time the window reaches the last `overscan` rows (e.g. to load more). */
  onReachEnd?: () => void;
}

export interface WindowRange {
  start: number;
  end: number;
  paddingTop: number;
  paddingBottom: number;
}

/** Pure: the visible slice for a scroll position. */
export function computeWindow(
  count: number,
  rowHeight: number,
  scrollTop: number,
  viewportHeight: number,
  overscan: number,
): WindowRange {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, paddingTop: 0, paddingBottom: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const start = Math.max(0, Math.min(count - 1, first) - overscan);
  const visible = Math.ceil(Math.max(viewportHeight, rowHeight) / rowHeight);
  const end = Math.min(count, first + visible + overscan);
  return { start, end, paddingTop: start * rowHeight, paddingBottom: (count - end) * rowHeight };
}

/**
 * A small windowing hook for long lists: attach `containerRef` and `onScroll` to the scroll
 * container and render rows [start, end) between spacers of paddingTop / paddingBottom.
 */
export function useWindowedRows<T extends HTMLElement = HTMLDivElement>({
  count,
  rowHeight,
  overscan = 8,
  initialHeight = 600,
  enabled = true,
  rowSelector,
  onReachEnd,
}: WindowedRowsOptions) {
  const containerRef = useRef<T>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(initialHeight);
  const [measured, setMeasured] = useState(0);
  const hasRows = count > 0;

  useEffect(() => {
    const el = containerRef.current;
    if (!el || !enabled) return;
    const measure = () => {
      if (el.clientHeight > 0) setHeight(el.clientHeight);
      const row = rowSelector && hasRows ? el.querySelector(rowSelector) : null;
      if (row) setMeasured(row.getBoundingClientRect().height);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [enabled, rowSelector, hasRows]);

  const onScroll = useCallback((e: UIEvent<T>) => {
    setScrollTop(e.currentTarget.scrollTop);
  }, []);

  const rowPx = measured || rowHeight;
  const range = enabled
    ? computeWindow(count, rowPx, scrollTop, height, overscan)
    : { start: 0, end: count, paddingTop: 0, paddingBottom: 0 };

  const nearEnd = enabled && count > 0 && range.end >= count - overscan;
  const reachEndRef = useRef(onReachEnd);
  useEffect(() => {
    reachEndRef.current = onReachEnd;
  }, [onReachEnd]);
  useEffect(() => {
    if (nearEnd) reachEndRef.current?.();
  }, [nearEnd, count]);

  return { containerRef, onScroll, rowHeight: rowPx, ...range };
}
