import {
  isTypingTarget,
  SEQUENCE_MS,
  SHORTCUT_HELP,
  GO_SHORTCUTS,
  nextRowIndex,
  shortcutFor,
  type KeyPress,
} from '@/lib/palette/keyboard';

function press(
  key: string,
  target: EventTarget | null = document.body,
  extra: Partial<KeyPress> = {},
): KeyPress {
  return { key, ctrlKey: false, metaKey: false, altKey: false, target, time: 10_000, ...extra };
}

function element(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body.querySelector('[data-target]') as HTMLElement;
}

describe('keyboard shortcuts', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('opens the palette with Ctrl-K and ⌘-K, even from a field', () => {
    const input = element('<input data-target />');
    expect(shortcutFor(press('k', document.body, { ctrlKey: true }), null)).toEqual({ type: 'palette' });
    expect(shortcutFor(press('K', input, { metaKey: true }), null)).toEqual({ type: 'palette' });
    expect(shortcutFor(press('k', document.body, { ctrlKey: true, altKey: true }), null)).toBeNull();
  });

  it('maps ?, / and g then a letter', () => {
    expect(shortcutFor(press('?'), null)).toEqual({ type: 'help' });
    expect(shortcutFor(press('/'), null)).toEqual({ type: 'focus-search' });
    expect(shortcutFor(press('g'), null)).toEqual({ type: 'wait-for-letter' });
    for (const { key } of GO_SHORTCUTS) expect(shortcutFor(press(key), 9_000)).toEqual({ type: 'go', key });
  });

  it('forgets g after a moment, and a letter alone does nothing', () => {
    expect(shortcutFor(press('i', document.body, { time: 10_000 }), 10_000 - SEQUENCE_MS - 1)).toBeNull();
    expect(shortcutFor(press('i'), null)).toBeNull();
    expect(shortcutFor(press('x'), 9_900)).toBeNull();
  });

  it.each([
    ['a text input', '<input data-target type="text" />'],
    ['a search box', '<input data-target type="search" />'],
    ['an untyped input', '<input data-target />'],
    ['a textarea', '<textarea data-target></textarea>'],
    ['a select', '<select data-target><option>a</option></select>'],
    ['a contenteditable editor', '<div contenteditable="true"><p data-target>x</p></div>'],
    ['a combobox', '<div role="combobox"><span data-target>x</span></div>'],
  ])('never fires a plain-key shortcut while typing in %s', (_, html) => {
    const target = element(html);
    expect(isTypingTarget(target)).toBe(true);
    for (const key of ['?', '/', 'g']) expect(shortcutFor(press(key, target), null)).toBeNull();
    expect(shortcutFor(press('i', target), 9_900)).toBeNull();
  });

  it('fires from buttons, checkboxes, links and the page', () => {
    for (const html of [
      '<button data-target>b</button>',
      '<input data-target type="checkbox" />',
      '<a data-target href="/x">x</a>',
    ]) {
      const target = element(html);
      expect(isTypingTarget(target)).toBe(false);
      expect(shortcutFor(press('?', target), null)).toEqual({ type: 'help' });
    }
    expect(isTypingTarget(null)).toBe(false);
  });

  it('ignores plain keys held with a modifier (the browser and the system own them)', () => {
    expect(shortcutFor(press('g', document.body, { ctrlKey: true }), null)).toBeNull();
    expect(shortcutFor(press('/', document.body, { altKey: true }), null)).toBeNull();
  });

  it('lists every shortcut in the help', () => {
    const listed = SHORTCUT_HELP.map((s) => s.keys.join(' '));
    expect(listed).toEqual(
      expect.arrayContaining(['Ctrl K', '?', '/', ...GO_SHORTCUTS.map((s) => `g ${s.key}`)]),
    );
  });
});

describe('list rows (j/k)', () => {
  it('maps j and k to the next and previous row, never while typing', () => {
    expect(shortcutFor(press('j'), null)).toEqual({ type: 'row', step: 1 });
    expect(shortcutFor(press('k'), null)).toEqual({ type: 'row', step: -1 });
    expect(shortcutFor(press('j', element('<input data-target type="text" />')), null)).toBeNull();
    expect(shortcutFor(press('k', element('<textarea data-target></textarea>')), null)).toBeNull();
    document.body.innerHTML = '';
  });

  it('starts at an end, steps one row and stops at the edges', () => {
    expect(nextRowIndex(-1, 5, 1)).toBe(0);
    expect(nextRowIndex(-1, 5, -1)).toBe(4);
    expect(nextRowIndex(2, 5, 1)).toBe(3);
    expect(nextRowIndex(2, 5, -1)).toBe(1);
    expect(nextRowIndex(4, 5, 1)).toBe(4);
    expect(nextRowIndex(0, 5, -1)).toBe(0);
    expect(nextRowIndex(-1, 0, 1)).toBe(-1);
  });

  it('lists j, k and Enter in the help', () => {
    const keys = SHORTCUT_HELP.map((s) => s.keys.join('+'));
    expect(keys).toEqual(expect.arrayContaining(['j', 'k', 'Enter']));
    expect(SHORTCUT_HELP.find((s) => s.keys.join() === 'j')?.label).toMatch(/next row/);
  });
});
