/**
 * The console's keyboard shortcuts (issue 33) as data and one pure decision per key press, so the rules (never
 * while typing, `g` then a letter within a moment) are unit-tested apart from the listener that applies them.
 */

/**
 * `g` then one of these letters goes to the section: the first of its pages the person may open (send history and
 * rules are admin-only at the backend, silences are not); the palette leaves out sections with none of them.
 */
export const GO_SHORTCUTS = [
  { key: 't', section: 'Topology', paths: ['/topology'] },
  { key: 'h', section: 'Health', paths: ['/health'] },
  { key: 'i', section: 'Incidents', paths: ['/incidents'] },
  { key: 'c', section: 'Catalog', paths: ['/catalog'] },
  { key: 'p', section: 'Playbooks', paths: ['/playbooks'] },
  {
    key: 'n',
    section: 'Notifications',
    paths: ['/notifications', '/notifications/rules', '/notifications/silences'],
  },
  { key: 's', section: 'Settings', paths: 'settings' },
] as const;

export type GoKey = (typeof GO_SHORTCUTS)[number]['key'];

export interface ShortcutHelpEntry {
  keys: readonly string[];
  label: string;
  /** One key after the other, else held together. */
  sequence?: boolean;
  /** The `g` shortcut's letter: the help lists it only when the section has a page the person may open. */
  go?: GoKey;
}

/** Every shortcut, in the order the help lists them. */
export const SHORTCUT_HELP: readonly ShortcutHelpEntry[] = [
  { keys: ['Ctrl', 'K'], label: 'Open the command palette (⌘K on a Mac)' },
  { keys: ['?'], label: 'Show the keyboard shortcuts' },
  { keys: ['/'], label: "Focus the page's search or filter box" },
  ...GO_SHORTCUTS.map((s) => ({
    keys: ['g', s.key],
    label: `Go to ${s.section}`,
    sequence: true,
    go: s.key,
  })),
  { keys: ['j'], label: 'Select the next row or card of a list' },
  { keys: ['k'], label: 'Select the previous row or card of a list' },
  { keys: ['Enter'], label: 'Open the selected row, as a click does' },
  { keys: ['↑', '↓'], label: 'Move through the palette' },
  { keys: ['Enter'], label: 'Open the selected entry' },
  { keys: ['Ctrl', 'Enter'], label: 'Open the selected entry in a new tab' },
  { keys: ['Esc'], label: 'Close the palette or dialog' },
];

/** How long `g` waits for its letter. */
export const SEQUENCE_MS = 1500;

export type ShortcutAction =
  | { type: 'palette' }
  | { type: 'help' }
  | { type: 'focus-search' }
  | { type: 'go'; key: GoKey }
  | { type: 'row'; step: 1 | -1 }
  | { type: 'wait-for-letter' };

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
  /** Epoch ms. */
  time: number;
}

/** True when the key press belongs to a field: a text input, a textarea, a select, an editor, a combobox. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  if (el.closest('[contenteditable=""],[contenteditable="true"],[role="textbox"],[role="combobox"]'))
    return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (el as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'reset', 'submit', 'color', 'file', 'image'].includes(
    type,
  );
}

/**
 * What a key press does, given when `g` was last pressed (null: not waiting). Ctrl/⌘-K works everywhere, even in
 * a field, as in other consoles; every other shortcut is a plain key and never fires while typing.
 */
export function shortcutFor(press: KeyPress, gPressedAt: number | null): ShortcutAction | null {
  if ((press.ctrlKey || press.metaKey) && !press.altKey && press.key.toLowerCase() === 'k')
    return { type: 'palette' };
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (isTypingTarget(press.target)) return null;
  if (gPressedAt !== null && press.time - gPressedAt <= SEQUENCE_MS) {
    const go = GO_SHORTCUTS.find((s) => s.key === press.key);
    if (go) return { type: 'go', key: go.key };
  }
  if (press.key === 'g') return { type: 'wait-for-letter' };
  if (press.key === '?') return { type: 'help' };
  if (press.key === '/') return { type: 'focus-search' };
  if (press.key === 'j') return { type: 'row', step: 1 };
  if (press.key === 'k') return { type: 'row', step: -1 };
  return null;
}

/**
 * The list row `j`/`k` selects next, given the selected one (-1: none): the first row on `j` and the last on `k`
 * when none is, and no wrapping at either end: past the last row `j` stays on it.
 */
export function nextRowIndex(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0 || current >= count) return step === 1 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, current + step));
}

/** The cards of the kit's card grids (components/list/card-grid.tsx marks its grid `data-card-grid`). */
export const GRID_CARD_SELECTOR = '[data-card-grid] > *';

/** Rows of the table kit that open something (the early-click catcher knows them so too), and a row's link. */
export const OPENABLE_ROW_SELECTOR = 'tr[data-openable]';
export const ROW_LINK_SELECTOR = 'a[data-row-link]';

/** The page's own search or filter box: the first search field in the main area, else the first labelled filter. */
export const PAGE_SEARCH_SELECTOR = [
  'main input[type="search"]',
  'main [role="searchbox"]',
  'main input[aria-label*="search" i]',
  'main input[aria-label*="filter" i]',
].join(',');
