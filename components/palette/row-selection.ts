import {
  GRID_CARD_SELECTOR,
  nextRowIndex,
  OPENABLE_ROW_SELECTOR,
  ROW_LINK_SELECTOR,
} from '@/lib/palette/keyboard';

/** A card opens through its first link (its title: the check, the component, the playbook). */
const cardOpener = (card: Element) => card.querySelector<HTMLElement>('a[href]');

function select(next: HTMLElement | undefined): boolean {
  if (!next) return false;
  next.focus({ preventScroll: true });
  next.scrollIntoView?.({ block: 'nearest' });
  return true;
}

/**
 * `j`/`k` in lists (issue 33): moves the keyboard focus to the next or previous openable row of the table kit, or
 * card of a card grid, and scrolls it into view; returns false when the page has neither, so the key press is left
 * alone.
 *
 * The selection is roving focus, not aria-selected: the kit's table is a plain `table` (aria-selected belongs to
 * grid rows) and aria-current changes are not announced, while a focused link is read out by screen readers. It is
 * the row's link (components/data-table/data-table.tsx), so Enter opens exactly what a click opens. Being the row's focus, the
 * selection goes with its row: rows that leave (a new page, a filter) take it along and `j` starts again at the top.
 * A card's selection is the focus of its first link, so Enter opens what clicking its title opens; the cards of
 * every grid in the main area are one list (the health groups, the playbook categories), in reading order.
 */
export function moveRowSelection(step: 1 | -1, root: ParentNode = document): boolean {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const row = active?.closest<HTMLElement>(OPENABLE_ROW_SELECTOR) ?? null;
  const card = row ? null : (active?.closest(`main ${GRID_CARD_SELECTOR}`) ?? null);
  if (card || (!row && !root.querySelector(`main ${OPENABLE_ROW_SELECTOR}`))) {
    const cards = Array.from(root.querySelectorAll(`main ${GRID_CARD_SELECTOR}`)).filter(cardOpener);
    const next = cards[nextRowIndex(card ? cards.indexOf(card) : -1, cards.length, step)];
    return select(next ? (cardOpener(next) ?? undefined) : undefined);
  }
  // The list the selection is in, else the first on the page's main area.
  const body = (row ?? root.querySelector(`main ${OPENABLE_ROW_SELECTOR}`))?.closest('tbody');
  if (!body) return false;
  const rows = Array.from(body.querySelectorAll<HTMLElement>(`:scope > ${OPENABLE_ROW_SELECTOR}`));
  const next = rows[nextRowIndex(row ? rows.indexOf(row) : -1, rows.length, step)];
  return select(next?.querySelector<HTMLElement>(ROW_LINK_SELECTOR) ?? undefined);
}
