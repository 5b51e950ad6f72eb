import { fireEvent, render, screen } from '@testing-library/react';
import { DataTableViewOptions } from '@/components/data-table/data-table-view-options';

function fakeTable() {
  const visible: Record<string, boolean> = { name: true, cost: false };
  return {
    visible,
    getAllLeafColumns: () =>
      Object.keys(visible).map((id) => ({
        id,
        columnDef: { header: id === 'name' ? 'Name' : 'Cost' },
        getCanHide: () => true,
        getIsVisible: () => visible[id],
        toggleVisibility: (v?: boolean) => (visible[id] = Boolean(v)),
      })),
  };
}

describe('DataTableViewOptions', () => {
  it('renders its column checkboxes only while open, and toggles a column', () => {
    const table = fakeTable();
    const { container } = render(<DataTableViewOptions table={table} />);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    const details = container.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cost' }));
    expect(table.visible.cost).toBe(true);
    details.open = false;
    fireEvent(details, new Event('toggle'));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
