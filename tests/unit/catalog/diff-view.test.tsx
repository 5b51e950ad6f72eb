import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DiffView } from '@/components/catalog/diff-view';

const DIFF = [
  '--- a/Deployment/web',
  '+++ b/Deployment/web',
  '@@ -1,3 +1,3 @@',
  ' spec:',
  '-  replicas: 2',
  '+  replicas: 3',
  '   paused: false',
].join('\n');

describe('DiffView', () => {
  it('shows added and removed lines marked, with both line numbers, and switches to side by side', async () => {
    render(<DiffView diff={DIFF} />);
    const unified = screen.getByRole('table', { name: 'Unified diff' });
    const removed = within(unified).getByLabelText(/^removed: +replicas: 2$/);
    const added = within(unified).getByLabelText(/^added: +replicas: 3$/);
    expect(removed).toHaveAttribute('data-kind', 'remove');
    expect(added).toHaveAttribute('data-kind', 'add');
    expect(
      within(removed.closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '', '-  replicas: 2']);
    expect(screen.getByText('+1')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Side by side' }));
    const split = screen.getByRole('table', { name: 'Side-by-side diff' });
    const row = within(split)
      .getByLabelText(/^removed: +replicas: 2$/)
      .closest('tr')!;
    expect(within(row).getByLabelText(/^added: +replicas: 3$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Side by side' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows text that is not a unified diff as it is', () => {
    render(<DiffView diff="not a diff" />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('not a diff')).toBeInTheDocument();
  });
});
