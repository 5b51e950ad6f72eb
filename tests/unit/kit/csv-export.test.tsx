import * as React from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DataTable, type DataTableColumnDef } from '@/components/data-table/data-table';
import { DataTableExport } from '@/components/data-table/data-table-export';
import { localListFeatures } from '@/components/data-table/features/local';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { csvField, csvFileName, csvRow } from '@/lib/csv';

jest.mock('@/components/widgets/toast', () => ({
  toastSuccess: jest.fn(),
  toastError: jest.fn(),
  toastLoading: jest.fn(),
  dismissToast: jest.fn(),
}));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const toast = require('@/components/widgets/toast') as Record<
  'toastSuccess' | 'toastError' | 'toastLoading' | 'dismissToast',
  jest.Mock
>;

/** The text of the last downloaded file (the export hands a Blob to an <a download>). */
let downloaded: { name: string; text: Promise<string> } | undefined;
beforeEach(() => {
  jest.clearAllMocks();
  downloaded = undefined;
  let blob: Blob | undefined;
  URL.createObjectURL = jest.fn((b: Blob) => ((blob = b), 'blob:csv'));
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const file = blob!;
    downloaded = {
      name: this.download,
      text: new Promise((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(file);
      }),
    };
  });
});

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas but not negative numbers', () => {
    expect(csvRow(['plain', 'a,b', 'say "hi"', 'two\nlines', null, 42, -3.5])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",,42,-3.5',
    );
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('-cmd')).toBe("'-cmd");
    expect(csvField('@x,y')).toBe(`"'@x,y"`);
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvFileName('Health checks', new Date('2026-11-24T10:00:00Z'))).toBe(
      'health-checks-2026-11-24.csv',
    );
  });
});

interface Row {
  id: string;
  name: string;
  size: number;
  secret: string;
}
const rows: Row[] = [
  { id: 'a', name: 'beta', size: 2, secret: 'x' },
  { id: 'b', name: 'alpha, the first', size: 10, secret: 'y' },
  { id: 'c', name: 'gamma', size: 1, secret: 'z' },
];

describe('DataTableExport', () => {
  it('exports a list held in the browser as sorted, with the visible columns only, every page', async () => {
    const columns: DataTableColumnDef<typeof localListFeatures, Row>[] = [
      { id: 'name', header: 'Name', accessorFn: (r) => r.name },
      {
        id: 'size',
        header: () => <span>Size</span>,
        accessorFn: (r) => r.size,
        meta: { label: 'Size (MB)' },
      },
      { id: 'secret', header: 'Secret', accessorFn: (r) => r.secret },
    ];
    render(
      <DataTable
        features={localListFeatures}
        aria-label="Items"
        columns={columns}
        data={rows}
        getRowId={(r) => r.id}
        defaultSorting={[{ id: 'size', desc: true }]}
        enablePagination
        pagination={{ pageIndex: 0, pageSize: 1 }}
        pageSizeOptions={[1, 5]}
        columnVisibility={{ secret: false }}
        toolbar={(table) => <DataTableExport table={table} name="Items" />}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export Items as CSV' }));
    await waitFor(() => expect(downloaded).toBeDefined());
    expect(downloaded!.name).toMatch(/^items-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await downloaded!.text).toBe('Name,Size (MB)\r\n"alpha, the first",10\r\nbeta,2\r\ngamma,1\r\n');
    expect(toast.toastSuccess).toHaveBeenCalledWith('Exported 3 rows');
  });

  it('exports a server-paged list by fetching every page with the same query, with a progress toast', async () => {
    const total = 1_200;
    const all = Array.from({ length: total }, (_, i) => ({
      id: `r${i}`,
      name: `row ${i}`,
      size: i,
      secret: '',
    }));
    const fetchPage = jest.fn(async (pageIndex: number, pageSize: number) => ({
      data: all.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize),
      total,
    }));
    const columns: DataTableColumnDef<typeof pagedListFeatures, Row>[] = [
      { id: 'name', header: 'Name', accessorFn: (r) => r.name },
      {
        id: 'size',
        header: 'Size',
        accessorFn: (r) => r.size,
        meta: { csv: (r) => `${(r as Row).size} MB` },
      },
    ];
    render(
      <DataTable
        features={pagedListFeatures}
        aria-label="Rows"
        columns={columns}
        data={all.slice(0, 50)}
        manualPagination
        manualSorting
        rowCount={total}
        toolbar={(table) => <DataTableExport table={table} name="Rows" fetchPage={fetchPage} />}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export Rows as CSV' }));
    await waitFor(() => expect(downloaded).toBeDefined());
    expect(fetchPage.mock.calls).toEqual([
      [0, 500],
      [1, 500],
      [2, 500],
    ]);
    const lines = (await downloaded!.text).trimEnd().split('\r\n');
    expect(lines).toHaveLength(total + 1);
    expect(lines[0]).toBe('Name,Size');
    expect(lines[1200]).toBe('row 1199,1199 MB');
    expect(toast.toastLoading).toHaveBeenLastCalledWith('Exporting 1,200 of 1,200 rows…', {
      id: 'csv-export-Rows',
    });
    expect(toast.toastSuccess).toHaveBeenCalledWith('Exported 1,200 rows');
  });

  it('reports a failed page instead of downloading half a list', async () => {
    const fetchPage = jest.fn().mockRejectedValue(new Error('the backend is down'));
    render(
      <DataTable
        features={pagedListFeatures}
        aria-label="Rows"
        columns={[{ id: 'name', header: 'Name', accessorFn: (r: Row) => r.name }]}
        data={[]}
        manualPagination
        toolbar={(table) => <DataTableExport table={table} name="Rows" fetchPage={fetchPage} />}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export Rows as CSV' }));
    await waitFor(() =>
      expect(toast.toastError).toHaveBeenCalledWith('The export failed: the backend is down'),
    );
    expect(downloaded).toBeUndefined();
  });
});
