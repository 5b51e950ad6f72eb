import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from '@/components/widgets/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  dialogParts,
} from '@/components/ui/dialog';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';

/** A row action opening a confirmation, as the lists do (controlled `open`, no Radix trigger). */
function RowWithDelete({ onConfirm }: { onConfirm: () => unknown }) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete row
      </button>
      <ConfirmDialog open={open} onOpenChange={setOpen} onConfirm={onConfirm} title="Delete user" />
    </>
  );
}

function ToolbarWithDialog() {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Invite
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Invite user</DialogTitle>
            <DialogDescription>Send an invitation</DialogDescription>
          </DialogHeader>
          <input aria-label="Email" />
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('the kit dialogs load their Radix part on open', () => {
  it('renders nothing and loads nothing while closed; the first click opens the dialog, Escape closes it, focus returns', async () => {
    const user = userEvent.setup();
    render(<ToolbarWithDialog />);
    expect(dialogParts.current).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    const opener = screen.getByRole('button', { name: 'Invite' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    expect(dialogParts.current).not.toBeNull();
    expect(dialog).toHaveAccessibleDescription('Send an invitation');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
    // Loaded once, the next opening is immediate.
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Invite user' })).toBeInTheDocument();
  });

  it('ConfirmDialog: a row action opens it on the first click, Delete runs the action and closes, focus returns', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn().mockResolvedValue(undefined);
    render(<RowWithDelete onConfirm={onConfirm} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const opener = screen.getByRole('button', { name: 'Delete row' });
    await user.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete user' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this resource?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it('ConfirmDialog: Escape closes without running the action', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    render(<RowWithDelete onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete row' }));
    await screen.findByRole('alertdialog', { name: 'Delete user' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete row' })).toHaveFocus();
  });

  it('Sheet opens with its title and closes with its Close button', async () => {
    const user = userEvent.setup();
    function Filters() {
      const [open, setOpen] = React.useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Filters
          </button>
          <Sheet open={open} onOpenChange={setOpen}>
            <SheetContent side="left">
              <SheetTitle>Filter checks</SheetTitle>
            </SheetContent>
          </Sheet>
        </>
      );
    }
    render(<Filters />);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filter checks' });
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
  });
});
