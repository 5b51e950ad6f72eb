import { nextVirtualPageSize } from '@/components/data-table/engine';
import { pageSizeFromCookie, parsePageSize } from '@/lib/preferences/page-size';
import {
  clampPageNumber,
  persistPageSize,
  readPersistedPageSize,
  subscribePageSize,
} from '@/components/data-table/page-size';
import { computeWindow } from '@/components/data-table/use-windowed-rows';

describe('page sizes', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = 'persistPageSize=; max-age=0; path=/';
  });
  it('accepts only the offered sizes', () => {
    expect(parsePageSize('100')).toBe(100);
    expect(parsePageSize(1000)).toBe(1000);
    expect(parsePageSize('7')).toBeNull();
    expect(parsePageSize('abc')).toBeNull();
    expect(parsePageSize(100, [50, 100, 200])).toBe(100);
    expect(parsePageSize(25, [50, 100, 200])).toBeNull();
  });
  it('reads the cookie form', () => {
    expect(pageSizeFromCookie('a=1; persistPageSize=200; b=2')).toBe(200);
    expect(pageSizeFromCookie('persistPageSize=13')).toBeNull();
    expect(pageSizeFromCookie(undefined)).toBeNull();
  });
  it('defaults to 50, persists in localStorage and cookie, and notifies subscribers', () => {
    expect(readPersistedPageSize()).toBe(50);
    const listener = jest.fn();
    const unsubscribe = subscribePageSize(listener);
    persistPageSize(150);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('persistPageSize')).toBe('150');
    expect(pageSizeFromCookie(document.cookie)).toBe(150);
    expect(readPersistedPageSize()).toBe(150);
    persistPageSize(3); // not an option: ignored
    expect(readPersistedPageSize()).toBe(150);
    unsubscribe();
    localStorage.clear();
    expect(readPersistedPageSize()).toBe(150); // falls back to the cookie
  });
  it('doubles the page size near the end (virtual pagination), capped at 1000', () => {
    expect(nextVirtualPageSize(50)).toBe(100);
    expect(nextVirtualPageSize(600)).toBe(1000);
  });
  it('clamps go-to-page to 1 … page count', () => {
    expect(clampPageNumber('0', 5)).toBe(1);
    expect(clampPageNumber('-3', 5)).toBe(1);
    expect(clampPageNumber('9', 5)).toBe(5);
    expect(clampPageNumber('3', 5)).toBe(3);
    expect(clampPageNumber('x', 5)).toBeNull();
    expect(clampPageNumber(2, 0)).toBe(1);
  });
});

describe('row windowing', () => {
  it('computes the visible slice with overscan and spacer heights', () => {
    expect(computeWindow(1000, 40, 0, 400, 5)).toEqual({
      start: 0,
      end: 15,
      paddingTop: 0,
      paddingBottom: 985 * 40,
    });
    expect(computeWindow(1000, 40, 4000, 400, 5)).toEqual({
      start: 95,
      end: 115,
      paddingTop: 95 * 40,
      paddingBottom: 885 * 40,
    });
    expect(computeWindow(1000, 40, 999_999, 400, 5).end).toBe(1000);
    expect(computeWindow(0, 40, 0, 400, 5)).toEqual({ start: 0, end: 0, paddingTop: 0, paddingBottom: 0 });
  });
});
