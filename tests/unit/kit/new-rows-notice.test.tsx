import * as React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { NewRowsNotice } from '@/components/list/new-rows-notice';

/**
 * jsdom lays nothing out: a row's place is given by its data-top (px from the viewport's top), which the test sets
 * as the browser would after the person scrolled.
 */
beforeAll(() => {
  jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const top = Number(this.getAttribute('data-top') ?? 0);
    return {
      top,
      bottom: top + 40,
      left: 0,
      right: 0,
      width: 0,
      height: 40,
      x: 0,
      y: top,
      toJSON: () => ({}),
    };
  });
  Element.prototype.scrollIntoView = jest.fn();
});

interface Row {
  id: string;
  top: number;
}

function List({ rows, windowed = false }: { rows: Row[]; windowed?: boolean }) {
  return (
    <main id="list-root">
      <table>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-row-id={r.id} data-top={r.top} aria-rowindex={windowed ? 2 : undefined}>
              <td>{r.id}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}

const root = () => document.getElementById('list-root');
const flush = () => act(async () => await new Promise((r) => setTimeout(r, 0)));

function setup(rows: Row[], windowed = false) {
  const view = render(
    <>
      <List rows={rows} windowed={windowed} />
      <NewRowsNotice root={root} />
    </>,
  );
  const update = async (next: Row[]) => {
    view.rerender(
      <>
        <List rows={next} windowed={windowed} />
        <NewRowsNotice root={root} />
      </>,
    );
    await flush();
  };
  return { update };
}

const old: Row[] = [
  { id: 'r1', top: -400 },
  { id: 'r2', top: -300 },
  { id: 'r3', top: 100 },
];

describe('"N new" above the rows the person reads', () => {
  it('counts rows that arrive above the viewport, and brings them into view on a click', async () => {
    const { update } = setup(old);
    await update([{ id: 'n1', top: -560 }, { id: 'n2', top: -480 }, ...old]);
    const button = screen.getByRole('button', { name: '2 new rows above: show' });
    expect(button).toHaveTextContent('2 new');
    fireEvent.click(button);
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says nothing of rows arriving in view, rows that only moved, or a page of rows that replaced the old ones', async () => {
    const { update } = setup(old);
    // At the top of the list: the new row is in view.
    await update([{ id: 'n1', top: 60 }, ...old]);
    // Re-sorted: the same rows in another order.
    await update([old[2]!, old[0]!, old[1]!, { id: 'n1', top: 60 }]);
    // Another page: every row new, none of the old ones after them.
    await update([
      { id: 'p1', top: -500 },
      { id: 'p2', top: -400 },
    ]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('ignores the rows a windowed list mounts as it scrolls', async () => {
    const { update } = setup(old, true);
    await update([{ id: 'w1', top: -500 }, ...old]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('forgets the rows the person scrolled up to', async () => {
    const { update } = setup(old);
    const arrived = [{ id: 'n1', top: -500 }, ...old];
    await update(arrived);
    expect(screen.getByRole('button', { name: '1 new row above: show' })).toBeInTheDocument();
    document.querySelector('[data-row-id="n1"]')!.setAttribute('data-top', '80');
    fireEvent.scroll(window);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
