import { act, fireEvent, render, screen } from '@testing-library/react';
import { SearchBox } from '@/components/list/search-box';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';

/** The list search box reports its text once per pause (spec 001 §5), however often its parent renders. */

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('reports the text one pause after the last keystroke, even when the parent renders again during the pause', () => {
  const reported: string[] = [];
  const view = (tick: number) => (
    // A new onChange on every render, as a parent passing an inline arrow gives.
    <SearchBox
      key="box"
      label="Search things"
      value=""
      onChange={(text) => reported.push(`${tick}:${text}`)}
    />
  );
  const { rerender } = render(view(0));
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search things' }), { target: { value: 'api' } });
  for (let tick = 1; tick <= 3; tick++) {
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS / 4));
    rerender(view(tick));
  }
  expect(reported).toEqual([]);
  act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS / 4));
  // Timed from the keystroke, not from the last render; the latest onChange is the one called.
  expect(reported).toEqual(['3:api']);
  act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
  expect(reported).toEqual(['3:api']);
});
