'use client';

import * as React from 'react';
import { createPortal } from 'react-dom';

/** Rows the kit renders carry their id here (components/data-table/data-table.tsx, the card grids' cards). */
const ROW = '[data-row-id]';

/** Whether an element is a row or holds some (a whole list mounted at once). */
const hasRows = (el: Element) => el.matches(ROW) || el.querySelector(ROW) !== null;

/** Rows of `root` already in the page: only an id not among them is new. */
function rowIds(root: Element): Set<string> {
  return new Set([...root.querySelectorAll(ROW)].map((row) => row.getAttribute('data-row-id') ?? ''));
}

/**
 * A row that arrived above the viewport, before a row that was already there: new rows of a list sorted newest
 * first, which the browser's scroll anchoring keeps from pushing what is under the pointer. A page of rows that
 * replaced the old ones has no old row after it; a windowed list's rows (aria-rowindex) come and go as it scrolls.
 */
function isNewAbove(row: Element, known: ReadonlySet<string>): boolean {
  if (known.has(row.getAttribute('data-row-id') ?? '') || row.hasAttribute('aria-rowindex')) return false;
  if (row.getBoundingClientRect().bottom > 0) return false;
  for (let next = row.nextElementSibling; next; next = next.nextElementSibling)
    if (known.has(next.getAttribute('data-row-id') ?? '')) return true;
  return false;
}

/**
 * "N new" (issue 32): while the person reads further down a list, rows that arrive above what they see leave the
 * list where it is and are counted here instead; the button brings them into view. Watches the rows the kit renders
 * anywhere under `root` (the page's main area), so every list has it without knowing of it. Loaded after the page.
 */
export function NewRowsNotice({ root }: { root: () => Element | null }) {
  const [rows, setRows] = React.useState<readonly Element[]>([]);

  React.useEffect(() => {
    const el = root();
    if (!el) return;
    let known = rowIds(el);
    const observer = new MutationObserver((records) => {
      const added: Element[] = [];
      let rowsChanged = false;
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches(ROW)) {
            rowsChanged = true;
            if (isNewAbove(node, known)) added.push(node);
          } else rowsChanged ||= hasRows(node);
        }
        rowsChanged ||= [...record.removedNodes].some((n) => n instanceof Element && hasRows(n));
      }
      // Everything shown now is known, whether counted or not (read again only when rows came or went).
      if (rowsChanged) known = rowIds(el);
      if (added.length) setRows((before) => [...before.filter((r) => r.isConnected), ...added]);
    });
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root]);

  // Rows the person scrolled to (or that left the page) are no longer news.
  React.useEffect(() => {
    if (rows.length === 0) return;
    const onScroll = () =>
      setRows((before) => {
        const still = before.filter((r) => r.isConnected && r.getBoundingClientRect().bottom <= 0);
        return still.length === before.length ? before : still;
      });
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [rows.length]);

  const count = rows.length;
  // On the page's body: a header's backdrop blur would make it the box a fixed element is placed in.
  return createPortal(
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-20 z-40 flex justify-center">
      {count > 0 && (
        <button
          type="button"
          aria-label={`${count} new ${count === 1 ? 'row' : 'rows'} above: show`}
          onClick={() => {
            rows[0]?.scrollIntoView({ block: 'center' });
            setRows([]);
          }}
          className="pointer-events-auto rounded-full bg-primary px-4 py-1.5 text-sm font-medium text-primary-foreground shadow-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          {count} new
        </button>
      )}
    </div>,
    document.body,
  );
}
