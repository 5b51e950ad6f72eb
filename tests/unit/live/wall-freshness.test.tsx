import { act, render, screen } from '@testing-library/react';
import { ago, WallFreshness } from '@/components/live/wall-freshness';
import { liveStatusStore } from '@/lib/live/status-store';

// The test sets the status the wall's connection would report.
describe('wall display freshness', () => {
  afterEach(() => act(() => liveStatusStore.set('connecting')));

  it('says how long ago, in words readable across a room', () => {
    expect([0, 8_000, 59_400, 61_000, 3_600_000 + 5].map(ago)).toEqual([
      '0s ago',
      '8s ago',
      '59s ago',
      '1 min ago',
      '1 h ago',
    ]);
  });

  it('shows live with the last update, and a stale notice after a minute without stream or data', () => {
    act(() => liveStatusStore.set('live'));
    const { rerender } = render(<WallFreshness updatedAt={Date.now() - 90_000} />);
    expect(screen.getByRole('status')).toHaveTextContent('Live · updated 1 min ago');
    act(() => liveStatusStore.set('polling'));
    expect(screen.getByRole('status')).toHaveTextContent('Stale: no new data for 1 min');
    expect(screen.getByRole('status')).toHaveAttribute('data-stale', 'true');
    expect(screen.getByRole('status')).toHaveClass('wall-type-lg', 'text-destructive-foreground');
    rerender(<WallFreshness updatedAt={Date.now() - 5_000} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Updated [4-6]s ago$/);
  });
});
