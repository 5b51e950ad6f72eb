import * as React from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataTableColumnDef } from '@/components/data-table/data-table';
import { localListFeatures } from '@/components/data-table/features/local';
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
  return (
    <main>
      <input type="search" aria-label="Search things" />
      <DataTable
        features={localListFeatures}
        aria-label="Things"
        columns={columns}
        data={data}
        getRowId={(r) => r.id}
        onRowClick={onRowClick}
      />
    </main>
  );
}

/** A list screen as mounted: the kit's table with clickable rows, and the shortcut listener. */
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

const row = (name: string) => screen.getByRole('row', { name });

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
