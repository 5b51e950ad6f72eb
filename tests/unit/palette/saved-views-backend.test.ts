import {
  announceSavedViewsChange,
  canAddView,
  clearSavedViews,
  fromRow,
  MAX_PINNED,
  MAX_VIEWS,
  onSavedViewsChange,
  planMoveUp,
  readSavedViews,
  savedViewsKey,
  writeSavedViews,
  type SavedView,
} from '@/lib/palette/saved-views';
import { cleanName, isConsoleHref } from '@/lib/saved-view-rules';

/**
 * Issue 33, saved views on the backend: the move of a browser's views up to it (once, never twice, within the
 * limits), the shared rules the backend applies too, and the change signal between tabs.
 */

const view = (id: string, over: Partial<SavedView> = {}): SavedView => ({
  id,
  name: `View ${id}`,
  href: `/catalog?q=${id}`,
  pinned: false,
  createdAt: Number(id.replace(/\D/g, '')) || 0,
  ...over,
});

describe('moving local views up to the backend', () => {
  it('creates every local view, oldest first, with its pin', () => {
    const local = [view('2', { pinned: true }), view('1')];
    expect(planMoveUp(local, [])).toEqual({
      create: [
        { name: 'View 1', href: '/catalog?q=1', pinned: false },
        { name: 'View 2', href: '/catalog?q=2', pinned: true },
      ],
      dropped: [],
    });
  });

  it('skips what the backend already has (an interrupted earlier move), so nothing is doubled', () => {
    const local = [view('1'), view('2'), view('3')];
    const remote = [view('r1', { name: 'View 1', href: '/catalog?q=1' })];
    expect(planMoveUp(local, remote).create.map((v) => v.name)).toEqual(['View 2', 'View 3']);
    // Same name at another address is another view.
    const other = [view('r1', { name: 'View 1', href: '/health' })];
    expect(planMoveUp(local, other).create).toHaveLength(3);
    // Two equal local views become one.
    expect(
      planMoveUp([view('1'), view('9', { name: 'View 1', href: '/catalog?q=1' })], []).create,
    ).toHaveLength(1);
  });

  it(`pins only while the Saved group has room (${MAX_PINNED}); the rest move unpinned`, () => {
    const remote = Array.from({ length: MAX_PINNED - 1 }, (_, i) => view(`r${i}`, { pinned: true }));
    const local = [view('1', { pinned: true }), view('2', { pinned: true })];
    expect(planMoveUp(local, remote).create.map((v) => v.pinned)).toEqual([true, false]);
  });

  it(`stops at ${MAX_VIEWS} per person and names what it could not move`, () => {
    const remote = Array.from({ length: MAX_VIEWS - 1 }, (_, i) => view(`r${i}`));
    const plan = planMoveUp([view('1'), view('2')], remote);
    expect(plan.create.map((v) => v.name)).toEqual(['View 1']);
    expect(plan.dropped.map((v) => v.id)).toEqual(['2']);
  });

  it('drops an address the backend refuses and names an unnamed view by its address', () => {
    const plan = planMoveUp(
      [view('1', { href: '/\\evil.example' }), view('2', { href: '/a b' }), view('3', { name: '  ' })],
      [],
    );
    expect(plan.dropped.map((v) => v.id)).toEqual(['1', '2']);
    expect(plan.create).toEqual([{ name: '/catalog?q=3', href: '/catalog?q=3', pinned: false }]);
  });
});

describe('the rules the backend applies too', () => {
  it('accepts console addresses as the browser writes them, nothing else', () => {
    for (const ok of ['/', '/health?status=unhealthy', '/catalog/changes?type=diff&range=now-1h'])
      expect([ok, isConsoleHref(ok)]).toEqual([ok, true]);
    for (const bad of [
      '',
      'health',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      '/a b',
      '/x/%2f%2fevil',
      '/x/../..//evil',
      `/${'a'.repeat(2100)}`,
      7,
    ])
      expect([bad, isConsoleHref(bad)]).toEqual([bad, false]);
  });

  it('cleans names and limits the list', () => {
    expect(cleanName('  a \n  b ')).toBe('a b');
    expect(cleanName('x'.repeat(100))).toHaveLength(80);
    expect(canAddView(Array.from({ length: MAX_VIEWS - 1 }, (_, i) => view(`${i}`)))).toBe(true);
    expect(canAddView(Array.from({ length: MAX_VIEWS }, (_, i) => view(`${i}`)))).toBe(false);
  });

  it('reads a backend row as the palette keeps a view', () => {
    expect(
      fromRow({
        id: 'a',
        name: 'A',
        href: '/logs',
        pinned: true,
        created_at: '2026-12-07T05:00:00.000Z',
      }),
    ).toEqual({
      id: 'a',
      name: 'A',
      href: '/logs',
      pinned: true,
      createdAt: Date.parse('2026-12-07T05:00:00Z'),
    });
  });
});

describe('the change signal', () => {
  beforeEach(() => window.localStorage.clear());

  it('announces a backend change to this tab and, through storage, to the others', () => {
    const listener = jest.fn();
    const stop = onSavedViewsChange(listener);
    announceSavedViewsChange('alice');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(`${savedViewsKey('alice')}.changed`)).toMatch(/^\d+$/);
    stop();
    // The signal is not a view: the person's list stays as it was.
    expect(readSavedViews('alice')).toEqual([]);
  });

  it('clears only the person whose views moved', () => {
    writeSavedViews('alice', [view('1')]);
    writeSavedViews('bob', [view('2')]);
    clearSavedViews('alice');
    expect(readSavedViews('alice')).toEqual([]);
    expect(readSavedViews('bob').map((v) => v.id)).toEqual(['2']);
  });
});
