import * as React from 'react';
import { render, screen } from '@testing-library/react';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '@/components/data-table/data-table';
import { localListFeatures } from '@/components/data-table/features/local';
import { createRowMarks, MARK_MS, rowMarksCss, type RowMarks } from '@/lib/live/row-marks';

interface Item {
  id: string;
  name: string;
}

const col = createColumnHelper<typeof localListFeatures, Item>();
const columns = col.columns([col.accessor('name', { header: 'Name' })]);
const getRowId = (item: Item) => item.id;

function renderTable(items: Item[]) {
  return render(
    <DataTable
      features={localListFeatures}
      aria-label="Items"
      columns={columns}
      data={items}
      getRowId={getRowId}
    />,
  );
}

const marksStyle = () => document.head.querySelector<HTMLStyleElement>('style[data-live-row-marks]');
/** The elements the marks' animation rule applies to, by its selector. */
const marked = () => {
  const css = marksStyle()?.textContent ?? '';
  const selector = css.slice(0, css.indexOf('{'));
  return selector ? [...document.querySelectorAll(selector)] : [];
};
const cell = (name: string) => screen.getByRole('cell', { name });

describe('the marks on rows that just changed', () => {
  let marks: RowMarks;
  beforeEach(() => {
    jest.useFakeTimers();
    marks = createRowMarks();
  });
  afterEach(() => {
    marks.stop();
    jest.useRealTimers();
  });

  it('marks the cells of the table rows whose ids changed, and only those', () => {
    renderTable([
      { id: 'a', name: 'alpha' },
      { id: 'b', name: 'beta' },
    ]);
    marks.add(['b', 'not-shown']);
    expect(marked()).toEqual([cell('beta')]);
  });

  it('marks a row whose id has the changed id as one of its words', () => {
    render(
      <ul>
        <li data-row-id="check-1 in:group a">in a group</li>
        <li data-row-id="check-10">another check</li>
      </ul>,
    );
    marks.add(['check-1']);
    expect(marked()).toEqual([screen.getByText('in a group')]);
  });

  it('marks a card by its id, and a row that arrives after the event', () => {
    const { rerender } = render(
      <ul>
        <li data-row-id="card-1">card one</li>
      </ul>,
    );
    marks.add(['card-1', 'new-row']);
    expect(marked()).toEqual([screen.getByText('card one')]);
    // The refetch brings the new row in: the same rule marks it.
    rerender(
      <ul>
        <li data-row-id="new-row">new</li>
        <li data-row-id="card-1">card one</li>
      </ul>,
    );
    expect(marked()).toEqual([screen.getByText('new'), screen.getByText('card one')]);
  });

  it('ends each mark MARK_MS after its latest change, and leaves no stylesheet behind', () => {
    renderTable([
      { id: 'a', name: 'alpha' },
      { id: 'b', name: 'beta' },
    ]);
    marks.add(['a']);
    jest.advanceTimersByTime(MARK_MS - 500);
    marks.add(['a', 'b']);
    jest.advanceTimersByTime(600);
    expect(marked()).toEqual([cell('alpha'), cell('beta')]);
    jest.advanceTimersByTime(MARK_MS);
    expect(marked()).toEqual([]);
    expect(marksStyle()).toBeNull();
  });

  it('fades only without reduced motion', () => {
    const css = rowMarksCss(['a', 'b']);
    expect(css).toMatch(/\{animation:row-changed 3000ms ease-out\}/);
    expect(css).toMatch(
      /@media \(prefers-reduced-motion:reduce\)\{[^{]+\{background-color:var\(--row-changed\)\}\}$/,
    );
    expect(rowMarksCss([])).toBe('');
  });

  it('keeps an odd id inside its attribute string', () => {
    const odd = 'a"b\\c';
    const { container } = render(<p data-row-id={odd}>odd</p>);
    marks.add([odd]);
    expect(marked()).toEqual([container.firstChild]);
  });
});
