import { nextRowIndex, OPENABLE_ROW_SELECTOR } from '@/lib/palette/keyboard';

/**
 * `j`/`k` in lists (issue 33): moves the keyboard focus to the next or previous openable row of the table kit and
 * scrolls it into view; returns false when the page has no such list, so the key press is left alone.
 *
 * The selection is roving focus, not aria-selected: the kit's table is a plain `table` (aria-selected belongs to
 * grid rows) and aria-current changes are not announced, while a focused row is read out by screen readers and
 * Enter on it is the kit's own click handler, so it opens exactly what a click opens. Being the row's focus, the
 * selection goes with its row: rows that leave (a new page, a filter) take it along and `j` starts again at the top.
 */
export function moveRowSelection(step: 1 | -1, root: ParentNode = document): boolean {
  const active = document.activeElement;
  const current = active instanceof HTMLElement ? active.closest<HTMLElement>(OPENABLE_ROW_SELECTOR) : null;
  // The list the selection is in, else the first on the page's main area.
  const body = (current ?? root.querySelector(`main ${OPENABLE_ROW_SELECTOR}`))?.closest('tbody');
  if (!body) return false;
  const rows = Array.from(body.querySelectorAll<HTMLElement>(`:scope > ${OPENABLE_ROW_SELECTOR}`));
  const next = rows[nextRowIndex(current ? rows.indexOf(current) : -1, rows.length, step)];
  if (!next) return false;
  next.focus({ preventScroll: true });
  next.scrollIntoView?.({ block: 'nearest' });
  return true;
}
