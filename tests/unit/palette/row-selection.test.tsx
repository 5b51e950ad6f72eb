import * as React from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataTableColumnDef } from '@/components/data-table/data-table';
import { localListFeatures } from '@/components/data-table/features/local';
import { CardGrid } from '@/components/list/card-grid';
import { PaletteRoot } from '@/components/palette/palette-root';
import { SessionProvider } from '@/components/shell/session-provider';
import { clientSession } from '@/tests/helpers/client-session';

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);

interface Item {
  id: string;
  name: string;
}

const columns: DataTableColumnDef<typeof localListFeatures, Item>[] = [
  { id: 'name', header: 'Name', accessorFn: (i) => i.name },
];
const items = (prefix: string, n = 3): Item[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i}`, name: `${prefix} ${i}` }));

function Page({ data, onRowClick }: { data: Item[]; onRowClick?: (item: Item) => void }) {
  const href = (item: Item) => `?id=${item.id}`;
  return (
    <main>
      <input type="search" aria-label="Search things" />
      <DataTable
        features={localListFeatures}
        aria-label="Things"
        columns={columns}
        data={data}
        getRowId={(r) => r.id}
        rowHref={onRowClick ? href : undefined}
        onRowOpen={onRowClick}
      />
    </main>
  );
}

/** A list screen as mounted: the kit's table with rows that open something, and the shortcut listener. */
function setup(data = items('alpha'), opens = true) {
  const onRowClick = opens ? jest.fn() : undefined;
  const view = render(
    <SessionProvider session={clientSession('admin')}>
      <Page data={data} onRowClick={onRowClick} />
      <PaletteRoot request={null} onRequest={jest.fn()} />
    </SessionProvider>,
  );
  const rerender = (next: Item[]) =>
    view.rerender(
      <SessionProvider session={clientSession('admin')}>
        <Page data={next} onRowClick={onRowClick} />
        <PaletteRoot request={null} onRequest={jest.fn()} />
      </SessionProvider>,
    );
  return { user: userEvent.setup(), onRowClick, rerender };
}

/** The selection is the focus of the row's link. */
const row = (name: string) => screen.getByRole('link', { name });

describe('j/k list selection', () => {
  it('moves a focused selection with j and k, stops at the ends, and Enter opens the row as a click does', async () => {
    const { user, onRowClick } = setup();
    await user.keyboard('j');
    expect(row('alpha 0')).toHaveFocus();
    await user.keyboard('jj');
    expect(row('alpha 2')).toHaveFocus();
    await user.keyboard('j');
    expect(row('alpha 2')).toHaveFocus();
    await user.keyboard('k');
    expect(row('alpha 1')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith({ id: 'alpha-1', name: 'alpha 1' });
    await user.click(screen.getByText('alpha 2'));
    expect(onRowClick).toHaveBeenLastCalledWith({ id: 'alpha-2', name: 'alpha 2' });
  });

  it('starts from the last row with k', async () => {
    const { user } = setup();
    await user.keyboard('k');
    expect(row('alpha 2')).toHaveFocus();
  });

  it('never moves while typing in a field or while a dialog is open', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('searchbox', { name: 'Search things' }));
    await user.keyboard('jk');
    expect(screen.getByRole('searchbox', { name: 'Search things' })).toHaveValue('jk');
    expect(screen.getByRole('searchbox', { name: 'Search things' })).toHaveFocus();

    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('data-state', 'open');
    act(() => void document.body.appendChild(dialog));
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('j');
    expect(document.body).toHaveFocus();
    dialog.remove();
  });

  it('starts again at the top when the rows change', async () => {
    const { user, rerender } = setup();
    await user.keyboard('jj');
    expect(row('alpha 1')).toHaveFocus();
    rerender(items('beta'));
    await user.keyboard('j');
    expect(row('beta 0')).toHaveFocus();
  });

  it('leaves lists whose rows open nothing alone', async () => {
    const { user } = setup(items('gamma'), false);
    await user.keyboard('j');
    expect(document.body).toHaveFocus();
  });
});

/** A card grid screen (health cards, topology, playbooks): cards open through their title link. */
function CardsPage({ groups, onOpen }: { groups: Item[][]; onOpen: (item: Item) => void }) {
  return (
    <main>
      {groups.map((cards, g) => (
        <CardGrid key={g} minWidth={240} label={`Group ${g}`}>
          {cards.map((c) => (
            <li key={c.id}>
              <a
                href={`/things/${c.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  onOpen(c);
                }}
              >
                {c.name}
              </a>
              <button type="button">Menu of {c.name}</button>
            </li>
          ))}
        </CardGrid>
      ))}
    </main>
  );
}

describe('j/k card selection', () => {
  function setupCards(groups: Item[][]) {
    const onOpen = jest.fn();
    render(
      <SessionProvider session={clientSession('admin')}>
        <CardsPage groups={groups} onOpen={onOpen} />
        <PaletteRoot request={null} onRequest={jest.fn()} />
      </SessionProvider>,
    );
    return { user: userEvent.setup(), onOpen };
  }
  const title = (name: string) => screen.getByRole('link', { name });

  it('moves across the cards of every grid in order, stops at the ends, and Enter opens the card', async () => {
    const { user, onOpen } = setupCards([items('red', 2), items('blue', 2)]);
    await user.keyboard('j');
    expect(title('red 0')).toHaveFocus();
    await user.keyboard('jj');
    expect(title('blue 0')).toHaveFocus();
    await user.keyboard('jjj');
    expect(title('blue 1')).toHaveFocus();
    await user.keyboard('kk');
    expect(title('red 1')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith({ id: 'red-1', name: 'red 1' });
  });

  it('moves on from a card whose other control has the focus, and k starts at the last card', async () => {
    const { user } = setupCards([items('green', 3)]);
    await user.keyboard('k');
    expect(title('green 2')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Menu of green 0' }));
    await user.keyboard('j');
    expect(title('green 1')).toHaveFocus();
  });
});
