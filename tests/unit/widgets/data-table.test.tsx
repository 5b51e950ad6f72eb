import * as React from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable, type DataTableProps } from '@/components/data-table/data-table';
import { groupedListFeatures } from '@/components/data-table/features/grouped';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { treeListFeatures } from '@/components/data-table/features/tree';
import { useUrlTable } from '@/components/data-table/use-url-table';
import { PAGE_SIZE_STORAGE_KEY } from '@/lib/constants';
import { defineSearchParams, param } from '@/lib/search-params/define';
import { pageParams, sortParams } from '@/lib/search-params/table';
import { useUrlState } from '@/lib/search-params/use-url-state';

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);

interface Item {
  id: string;
  name: string;
  team: string;
  size: number;
}

const col = createColumnHelper<typeof groupedListFeatures, Item>();
const columns = col.columns([
  col.accessor('name', { header: 'Name' }),
  col.accessor('team', { header: 'Team' }),
  col.accessor('size', { header: 'Size', enableSorting: true, meta: { align: 'end' } }),
]);
const display = col.columns([col.display({ id: 'actions', header: 'Actions', cell: () => 'x' })]);

function makeItems(n: number): Item[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `id-${i}`,
    name: `item-${String(i).padStart(3, '0')}`,
    team: ['alpha', 'beta', 'gamma'][i % 3]!,
    size: (i * 37) % 101,
  }));
}

const items120 = makeItems(120);
const items5 = makeItems(5);
const noItems: Item[] = [];

/** The kit's table with every feature and client paging, as most of these tests want it. */
function Table(props: Partial<DataTableProps<typeof groupedListFeatures, Item>>) {
  return (
    <DataTable
      features={groupedListFeatures}
      aria-label="Items"
      columns={columns}
      data={items5}
      enablePagination
      {...props}
    />
  );
}

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body!).getAllByRole('row');
}
function firstCells() {
  return bodyRows().map((r) => within(r).getAllByRole('cell')[0]?.textContent);
}

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'persistPageSize=; max-age=0; path=/';
});

describe('DataTable', () => {
  it('renders an accessible table with aria-sort on sortable headers and sorts with header buttons', async () => {
    const user = userEvent.setup();
    render(<Table aria-label="Items" columns={columns} data={items5} getRowId={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Items' });
    const nameHeader = within(table).getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await user.click(within(nameHeader).getByRole('button', { name: /Name/ }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(firstCells()).toEqual(['item-000', 'item-001', 'item-002', 'item-003', 'item-004']);
    await user.click(within(nameHeader).getByRole('button', { name: /Name/ }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()[0]).toBe('item-004');
  });

  it('does not offer sorting on display columns', () => {
    render(<Table columns={display} data={items5} />);
    const h = screen.getByRole('columnheader', { name: 'Actions' });
    expect(h).not.toHaveAttribute('aria-sort');
    expect(within(h).queryByRole('button')).toBeNull();
  });

  it('pages client-side with the default page size of 50 and persists a changed page size', async () => {
    const user = userEvent.setup();
    render(<Table columns={columns} data={items120} />);
    expect(bodyRows()).toHaveLength(50);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    const size = screen.getByLabelText('Rows per page');
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '25', '50', '100', '150', '200', '250', '300', '500', '1000']);
    await user.selectOptions(size, '25');
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText('Page 1 of 5')).toBeInTheDocument();
    expect(localStorage.getItem('persistPageSize')).toBe('25');
    expect(document.cookie).toContain('persistPageSize=25');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
    expect(firstCells()[0]).toBe('item-025');
  });

  it('shares the persisted page size across tables', () => {
    localStorage.setItem('persistPageSize', '10');
    render(<Table columns={columns} data={items120} />);
    expect(bodyRows()).toHaveLength(10);
  });

  it('reads the page size from the cookie value the server passes', () => {
    render(<Table columns={columns} data={items120} serverPageSize={100} />);
    expect(bodyRows()).toHaveLength(100);
  });

  it('offers grid page sizes 50, 100, 200 when asked', () => {
    render(<Table columns={columns} data={items120} pageSizeOptions={[50, 100, 200]} />);
    expect(
      within(screen.getByLabelText('Rows per page'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['50', '100', '200']);
  });

  it('keeps go-to-page within 1 … page count', async () => {
    const user = userEvent.setup();
    render(<Table columns={columns} data={items120} />);
    const goTo = screen.getByRole('spinbutton', { name: 'Go to page' });
    expect(goTo).toHaveAttribute('min', '1');
    expect(goTo).toHaveAttribute('max', '3');
    await user.clear(goTo);
    await user.type(goTo, '99{Enter}');
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(goTo).toHaveValue(3);
    expect(bodyRows()).toHaveLength(20);
    await user.clear(goTo);
    await user.type(goTo, '0{Enter}');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(goTo).toHaveValue(1);
    await user.clear(goTo);
    await user.type(goTo, '2');
    fireEvent.blur(goTo);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('pages server-side (manual) from rowCount without slicing data', async () => {
    const user = userEvent.setup();
    const onPaginationChange = jest.fn();
    render(
      <Table
        columns={columns}
        data={items5}
        manualPagination
        rowCount={1000}
        pagination={{ pageIndex: 0, pageSize: 5 }}
        onPaginationChange={onPaginationChange}
      />,
    );
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('Page 1 of 200')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPaginationChange).toHaveBeenLastCalledWith({ pageIndex: 199, pageSize: 5 });
  });

  it('shows the empty state text (default and custom)', () => {
    const { rerender } = render(<Table columns={columns} data={noItems} />);
    expect(screen.getByText('No data available')).toBeInTheDocument();
    rerender(
      <Table columns={columns} data={noItems} emptyText="There are no incidents matching this criteria" />,
    );
    expect(screen.getByText('There are no incidents matching this criteria')).toBeInTheDocument();
  });

  it('shows skeleton rows while loading', () => {
    render(<Table columns={columns} data={noItems} isLoading />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
    expect(screen.queryByText('No data available')).toBeNull();
  });

  it('groups rows and expands a group', async () => {
    const user = userEvent.setup();
    render(<Table columns={columns} data={makeItems(9)} grouping={['team']} />);
    const groups = screen.getAllByRole('button', { expanded: false });
    expect(groups).toHaveLength(3);
    expect(groups[0]).toHaveTextContent('alpha(3)');
    expect(bodyRows()).toHaveLength(3);
    await user.click(groups[0]!);
    expect(screen.getByRole('button', { name: /alpha/ })).toHaveAttribute('aria-expanded', 'true');
    expect(bodyRows()).toHaveLength(6);
    expect(screen.getByText('item-003')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /alpha/ }));
    expect(bodyRows()).toHaveLength(3);
  });

  it('virtualizes long lists', () => {
    const many = makeItems(1000);
    render(
      <Table
        columns={columns}
        data={many}
        enablePagination={false}
        virtualize
        rowHeightRem={2.5}
        maxHeight={400}
      />,
    );
    const rendered = bodyRows().filter((r) => !r.hasAttribute('aria-hidden'));
    expect(rendered.length).toBeLessThan(40);
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '1001');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('windows by the height a rendered row has, which follows the type (a wall display at 3840 px)', () => {
    // jsdom has no layout: rows are given the height 2.5rem has under a 40 px root font.
    const rect = jest
      .spyOn(HTMLTableRowElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ height: 100 } as DOMRect);
    try {
      render(
        <Table
          columns={columns}
          data={makeItems(1000)}
          enablePagination={false}
          virtualize
          rowHeightRem={2.5}
          maxHeight={400}
        />,
      );
      const rendered = () => bodyRows().filter((r) => !r.hasAttribute('aria-hidden'));
      // 400 px show 4 rows of 100 px, plus 8 below (at 16 px to the rem it would be 10 plus 8).
      expect(rendered()).toHaveLength(12);
      expect(rendered()[0]).toHaveStyle({ height: '2.5rem' });
      const scroller = screen.getByRole('table').parentElement!;
      fireEvent.scroll(scroller, { target: { scrollTop: 1000 * 100 - 400 } });
      expect(rendered().at(-1)).toHaveTextContent('item-999');
      const [, body] = screen.getAllByRole('rowgroup');
      const [top] = within(body!).getAllByRole('row', { hidden: true });
      // The rows above are 100 px each: the spacer holds the 1000 - 4 - 8 rows before the window.
      expect(top).toHaveStyle({ height: `${(1000 - 4 - 8) * 100}px` });
    } finally {
      rect.mockRestore();
    }
  });

  it('virtual pagination doubles the page size near the end of the loaded rows, up to what exists', () => {
    const many = makeItems(300);
    render(
      <Table columns={columns} data={many} virtualize virtualPagination rowHeightRem={2.5} maxHeight={400} />,
    );
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('aria-rowcount', '51');
    const scroller = table.parentElement!;
    fireEvent.scroll(scroller, { target: { scrollTop: 10 * 40 } });
    expect(table).toHaveAttribute('aria-rowcount', '51');
    fireEvent.scroll(scroller, { target: { scrollTop: 45 * 40 } });
    expect(table).toHaveAttribute('aria-rowcount', '101');
    fireEvent.scroll(scroller, { target: { scrollTop: 95 * 40 } });
    expect(table).toHaveAttribute('aria-rowcount', '201');
    fireEvent.scroll(scroller, { target: { scrollTop: 195 * 40 } });
    expect(table).toHaveAttribute('aria-rowcount', '301');
    fireEvent.scroll(scroller, { target: { scrollTop: 295 * 40 } });
    expect(table).toHaveAttribute('aria-rowcount', '301');
    // Growing is not a choice of page size: the size shared by every table stays 50.
    expect(window.localStorage.getItem(PAGE_SIZE_STORAGE_KEY)).toBeNull();
  });

  it('without virtual pagination a virtualized paged list keeps its page size at the end', () => {
    render(<Table columns={columns} data={makeItems(300)} virtualize rowHeightRem={2.5} maxHeight={400} />);
    const table = screen.getByRole('table');
    fireEvent.scroll(table.parentElement!, { target: { scrollTop: 45 * 40 } });
    expect(table).toHaveAttribute('aria-rowcount', '51');
  });

  describe('rows as links', () => {
    const withButton = col.columns([
      col.accessor('name', { header: 'Name' }),
      col.accessor('team', { header: 'Team', meta: { rowLink: true } }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => <button type="button">Delete {row.original.name}</button>,
      }),
    ]);
    const href = (item: Item) => `?id=${item.id}`;

    it("renders the link column's content as a real link to the row's address", () => {
      render(<Table columns={columns} data={items5} rowHref={(item) => `/items/${item.id}`} />);
      const link = within(bodyRows()[2]!).getByRole('link', { name: 'item-002' });
      expect(link).toHaveAttribute('href', '/items/id-2');
      // The column meta moves the link off the first column.
      render(<Table aria-label="Other" columns={withButton} data={items5} rowHref={href} />);
      const other = screen.getByRole('table', { name: 'Other' });
      expect(within(other).getAllByRole('link', { name: 'beta' })[0]).toHaveAttribute('href', '?id=id-1');
    });

    it('opens the row from a click anywhere on it, and from Enter on its link', async () => {
      const user = userEvent.setup();
      const onRowOpen = jest.fn();
      render(<Table columns={withButton} data={items5} rowHref={href} onRowOpen={onRowOpen} />);
      await user.click(screen.getByText('item-002'));
      expect(onRowOpen).toHaveBeenLastCalledWith(items5[2]);
      within(bodyRows()[0]!).getByRole('link', { name: 'alpha' }).focus();
      await user.keyboard('{Enter}');
      expect(onRowOpen).toHaveBeenCalledTimes(2);
      expect(onRowOpen).toHaveBeenLastCalledWith(items5[0]);
    });

    it('leaves a click on a control inside the row to the control', async () => {
      const user = userEvent.setup();
      const onRowOpen = jest.fn();
      const open = jest.spyOn(window, 'open').mockImplementation(() => null);
      render(<Table columns={withButton} data={items5} rowHref={href} onRowOpen={onRowOpen} />);
      await user.click(screen.getByRole('button', { name: 'Delete item-003' }));
      expect(onRowOpen).not.toHaveBeenCalled();
      expect(open).not.toHaveBeenCalled();
      open.mockRestore();
    });

    it('opens a Ctrl/⌘ or middle click on the row in a new tab, not in place', () => {
      const onRowOpen = jest.fn();
      const open = jest.spyOn(window, 'open').mockImplementation(() => null);
      render(<Table columns={withButton} data={items5} rowHref={href} onRowOpen={onRowOpen} />);
      fireEvent.click(screen.getByText('item-001'), { ctrlKey: true });
      expect(open).toHaveBeenLastCalledWith('http://localhost/?id=id-1', '_blank', 'noopener');
      fireEvent(screen.getByText('item-004'), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
      expect(open).toHaveBeenLastCalledWith('http://localhost/?id=id-4', '_blank', 'noopener');
      expect(onRowOpen).not.toHaveBeenCalled();
      open.mockRestore();
    });

    it('gives rows without an address no link', () => {
      render(
        <Table
          columns={columns}
          data={items5}
          rowHref={(item) => (item.team === 'alpha' ? href(item) : undefined)}
        />,
      );
      expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['item-000', 'item-003']);
    });
  });

  it('truncates a long text column to one line with the whole text in its title', () => {
    const long = 'a very long name '.repeat(20).trim();
    const data = [{ ...items5[0]!, name: long, team: long }];
    const metaColumns = col.columns([
      col.accessor('name', { header: 'Name' }),
      col.accessor('team', { header: 'Team', meta: { truncate: true } }),
      col.accessor('size', { header: 'Size' }),
    ]);
    render(<Table columns={metaColumns} data={data} />);
    const [name, team] = within(bodyRows()[0]!).getAllByRole('cell');
    const cut = within(team!).getByText(long);
    expect(cut).toHaveClass('truncate');
    expect(cut).toHaveAttribute('title', long);
    expect(name).not.toHaveAttribute('title');
    expect(within(name!).queryByTitle(long)).toBeNull();
  });
});

const itemsSearch = defineSearchParams({
  q: param.string(),
  ...sortParams(['name', 'team', 'size'] as const),
  ...pageParams(),
});

function UrlTable({ data }: { data: Item[] }) {
  const urlState = useUrlState(itemsSearch);
  const table = useUrlTable(urlState);
  return <Table data={data} {...table} />;
}

describe('DataTable with URL state (useUrlState + useUrlTable)', () => {
  it('reads and writes sortBy/sortDesc and a sort change returns to the first page', async () => {
    window.history.replaceState(null, '', '/items?sortBy=name&sortDesc=true&pageIndex=1&q=x');
    const user = userEvent.setup();
    render(<UrlTable data={items120} />);
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(firstCells()[0]).toBe('item-069');
    await user.click(within(screen.getByRole('columnheader', { name: /Size/ })).getByRole('button'));
    const url = new URL(window.location.href);
    expect(url.searchParams.get('sortBy')).toBe('size');
    expect(url.searchParams.get('sortDesc')).toBeNull();
    expect(url.searchParams.get('pageIndex')).toBeNull();
    expect(url.searchParams.get('q')).toBe('x');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('writes pageIndex and pageSize, persisting the size for every table', async () => {
    window.history.replaceState(null, '', '/items');
    const user = userEvent.setup();
    render(<UrlTable data={items120} />);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(new URL(window.location.href).searchParams.get('pageIndex')).toBe('1');
    await user.selectOptions(screen.getByLabelText('Rows per page'), '100');
    const url = new URL(window.location.href);
    expect(url.searchParams.get('pageSize')).toBe('100');
    expect(url.searchParams.get('pageIndex')).toBeNull();
    expect(localStorage.getItem('persistPageSize')).toBe('100');
  });
});

describe('feature sets', () => {
  it('a server-paged list shows the page it is given, sorted by the backend', async () => {
    const user = userEvent.setup();
    const onSortingChange = jest.fn();
    const paged = createColumnHelper<typeof pagedListFeatures, Item>();
    const pagedColumns = paged.columns([
      paged.accessor('name', { header: 'Name' }),
      paged.accessor('size', { header: 'Size' }),
    ]);
    render(
      <DataTable
        features={pagedListFeatures}
        aria-label="Items"
        columns={pagedColumns}
        data={[...items5].reverse()}
        manualSorting
        manualPagination
        enablePagination
        rowCount={12}
        sorting={[]}
        onSortingChange={onSortingChange}
        pagination={{ pageIndex: 0, pageSize: 5 }}
        onPaginationChange={() => undefined}
      />,
    );
    expect(firstCells()).toEqual(['item-004', 'item-003', 'item-002', 'item-001', 'item-000']);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('12 rows')).toBeInTheDocument();
    await user.click(within(screen.getByRole('columnheader', { name: /Size/ })).getByRole('button'));
    expect(onSortingChange).toHaveBeenCalled();
    expect(firstCells()[0]).toBe('item-004');
  });

  it("expandable groups from the screen's own rows (tree): a parent row toggles its children", async () => {
    type Node = { id: string; label: string; children?: Node[] };
    const tree = createColumnHelper<typeof treeListFeatures, Node>();
    const treeColumns = tree.columns([tree.accessor('label', { header: 'Label' })]);
    const data: Node[] = [
      {
        id: 'g',
        label: 'group (2)',
        children: [
          { id: 'a', label: 'a' },
          { id: 'b', label: 'b' },
        ],
      },
      { id: 'c', label: 'c' },
    ];
    const treeTable = (expandAll?: boolean) => (
      <DataTable
        features={treeListFeatures}
        aria-label="Tree"
        columns={treeColumns}
        data={data}
        getRowId={(r) => r.id}
        getSubRows={(r) => r.children}
        expandAll={expandAll}
      />
    );
    const user = userEvent.setup();
    const { rerender } = render(treeTable());
    expect(firstCells()).toEqual(['group (2)', 'c']);
    await user.click(screen.getByRole('button', { name: 'group (2)' }));
    expect(firstCells()).toEqual(['group (2)', 'a', 'b', 'c']);
    rerender(treeTable(true));
    expect(screen.getByRole('button', { name: 'group (2)' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps the first column in view while the table scrolls sideways', () => {
    render(<Table columns={columns} data={items5} />);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveClass('sticky', 'left-0');
    expect(within(bodyRows()[0]!).getAllByRole('cell')[0]).toHaveClass('sticky', 'left-0');
    expect(within(bodyRows()[0]!).getAllByRole('cell')[1]).not.toHaveClass('sticky');
  });
});
