import * as React from 'react';
import { act, render, screen } from '@testing-library/react';
import { createColumnHelper } from '@tanstack/react-table';
import { ChangedRowsContext } from '@/components/data-table/changed-rows';
import { DataTable } from '@/components/data-table/data-table';
import { localListFeatures } from '@/components/data-table/features/local';
import { LiveChangedRows } from '@/components/live/live-changed-rows';
import { MARK_MS, recentChanges } from '@/lib/live/recent-changes';

interface Item {
  id: string;
  name: string;
}

const col = createColumnHelper<typeof localListFeatures, Item>();
const columns = col.columns([col.accessor('name', { header: 'Name' })]);
const items: Item[] = [
  { id: 'a', name: 'alpha' },
  { id: 'b', name: 'beta' },
];
const getRowId = (item: Item) => item.id;

function Table() {
  return (
    <DataTable
      features={localListFeatures}
      aria-label="Items"
      columns={columns}
      data={items}
      getRowId={getRowId}
    />
  );
}

const row = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('the mark on a row that just changed', () => {
  it('marks the table rows whose ids the context names, and only those', () => {
    render(
      <ChangedRowsContext value={new Set(['b', 'elsewhere'])}>
        <Table />
      </ChangedRowsContext>,
    );
    expect(row('beta')).toHaveClass('row-changed');
    expect(row('alpha')).not.toHaveClass('row-changed');
  });

  it('marks nothing without a provider', () => {
    render(<Table />);
    expect(document.querySelector('.row-changed')).toBeNull();
  });

  it('follows the ids the change stream names, for a few seconds', () => {
    jest.useFakeTimers();
    try {
      render(
        <LiveChangedRows>
          <Table />
        </LiveChangedRows>,
      );
      expect(row('alpha')).not.toHaveClass('row-changed');
      act(() => recentChanges.add(['a']));
      expect(row('alpha')).toHaveClass('row-changed');
      act(() => jest.advanceTimersByTime(MARK_MS - 500));
      // Named again: the mark lasts from the latest change.
      act(() => recentChanges.add(['a', 'b']));
      act(() => jest.advanceTimersByTime(600));
      expect(row('alpha')).toHaveClass('row-changed');
      expect(row('beta')).toHaveClass('row-changed');
      act(() => jest.advanceTimersByTime(MARK_MS));
      expect(row('alpha')).not.toHaveClass('row-changed');
      expect(row('beta')).not.toHaveClass('row-changed');
      expect(recentChanges.get().size).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
