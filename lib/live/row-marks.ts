/**
 * Marks the rows and cards the change stream named a moment ago (issue 32). The kit's rows and cards carry their
 * id in `data-row-id` (components/data-table/data-table.tsx, the health and topology cards), a row shown more than
 * once with the id as the first of its words (the health table's groups); this writes one
 * stylesheet that gives those ids app/globals.css's `row-changed` tint for a few seconds. A stylesheet rather than
 * React state, so that nothing of it is in any route's first load (it loads with the stream, after the page) and a
 * row that arrives with the refetch is marked too.
 */

/** How long a changed row stays marked: long enough to see after its refetch, short enough to stay a hint. */
export const MARK_MS = 3000;

/** An id as a CSS string, whatever it holds. */
const cssString = (id: string) => `"${id.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"`;

/**
 * The rules marking these ids: a table row's cells (the sticky first cell's background would hide the row's own)
 * or the card itself; a fading tint, or a still one under reduced motion.
 */
export function rowMarksCss(ids: readonly string[]): string {
  if (ids.length === 0) return '';
  const rows = `:is(${ids.map((id) => `[data-row-id~=${cssString(id)}]`).join(',')})`;
  const targets = `${rows}:not(tr),tr${rows}>td`;
  return (
    `${targets}{animation:row-changed ${MARK_MS}ms ease-out}` +
    `@media (prefers-reduced-motion:reduce){${targets}{background-color:var(--row-changed)}}`
  );
}

export interface RowMarks {
  /** Marks these ids for MARK_MS (from now, if they were marked already). */
  add(ids: Iterable<string>): void;
  stop(): void;
}

/** The tab's marks, in one `<style>` of `doc`'s head while any id is marked. */
export function createRowMarks(doc: Document = document): RowMarks {
  const until = new Map<string, number>();
  let style: HTMLStyleElement | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const render = () => {
    const css = rowMarksCss([...until.keys()]);
    if (!css) {
      style?.remove();
      style = undefined;
      return;
    }
    if (!style) {
      style = doc.createElement('style');
      style.dataset.liveRowMarks = '';
      doc.head.append(style);
    }
    style.textContent = css;
  };
  // Unmarks what has been marked long enough, and waits for the next one to end.
  const expire = () => {
    timer = undefined;
    const now = Date.now();
    for (const [id, end] of until) if (end <= now) until.delete(id);
    render();
    if (until.size) timer = setTimeout(expire, Math.min(...until.values()) - now);
  };

  return {
    add(ids) {
      const end = Date.now() + MARK_MS;
      let added = false;
      for (const id of ids) {
        added ||= !until.has(id);
        until.set(id, end);
      }
      // An id marked again only lasts longer: its rule is there already.
      if (added) render();
      if (until.size) timer ??= setTimeout(expire, MARK_MS);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      until.clear();
      render();
    },
  };
}
