import { act, render, screen } from '@testing-library/react';
import { Transition } from '@/components/health/health-cells';
import { loadDateFormat } from '@/components/widgets/use-date-format';
import { formatDateTime, formatDateTimeAbsolute } from '@/lib/format/date';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');

describe('transition cell (date formatter loaded on demand)', () => {
  it('shows a recent transition as relative text at once and an old one by preference once the formatter is in', async () => {
    const recent = '2026-11-22T09:00:00.000Z';
    const old = '2026-10-01T08:30:00.000Z';
    render(
      <>
        <Transition at={recent} now={NOW} format="timestamp" />
        <Transition at={old} now={NOW} format="timestamp" timezone="UTC" />
        <Transition at={undefined} now={NOW} />
      </>,
    );
    expect(screen.getByText('3h ago').tagName).toBe('TIME');
    expect(screen.getByText('–')).toBeTruthy();
    // Before the formatter has loaded (in the browser the server's text is still in place at this point).
    expect(screen.getByText('2026-10-01').getAttribute('title')).toBeNull();
    // The old cell asked for the formatter; once it has loaded, both cells carry the absolute tooltip.
    await act(async () => {
      await loadDateFormat();
    });
    const oldText = formatDateTime(old, { format: 'timestamp', timezone: 'UTC', now: NOW });
    expect(screen.getByText(oldText).getAttribute('title')).toBe(
      formatDateTimeAbsolute(old, { format: 'timestamp', timezone: 'UTC' }),
    );
    expect(screen.getByText('3h ago').getAttribute('title')).toBe(
      formatDateTimeAbsolute(recent, { format: 'timestamp' }),
    );
    expect(screen.getByText('3h ago').getAttribute('datetime')).toBe(recent);
  });
});

describe('transition cell that ticks (issue 32)', () => {
  beforeEach(() => jest.useFakeTimers({ now: Date.parse('2026-12-07T10:00:00.000Z') }));
  afterEach(() => jest.useRealTimers());

  /** Past the after-load delay (components/widgets/use-after-load.ts) and the clock's chunk load. */
  async function loadClock() {
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    await act(async () => {
      await Promise.resolve();
    });
  }

  it('moves "8s ago" on each second with one timer for every cell, and stops when the cells go', async () => {
    const at = new Date(Date.now() - 8000).toISOString();
    const { unmount } = render(
      <>
        {Array.from({ length: 20 }, (_, i) => (
          <Transition key={i} at={at} now={Date.now()} tick />
        ))}
      </>,
    );
    expect(screen.getAllByText('8s ago')).toHaveLength(20);
    await loadClock();
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(screen.getAllByText('9s ago')).toHaveLength(20);
    await act(async () => {
      jest.advanceTimersByTime(60_000);
    });
    expect(screen.getAllByText('1m ago')).toHaveLength(20);
    // One interval for the twenty cells (the other timers are React's own), gone with the last cell.
    const ticking = jest.getTimerCount();
    unmount();
    expect(jest.getTimerCount()).toBe(ticking - 1);
  });

  it('stays at the time it was given without tick', async () => {
    const at = new Date(Date.now() - 8000).toISOString();
    render(<Transition at={at} now={Date.now()} />);
    await loadClock();
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    expect(screen.getByText('8s ago')).toBeTruthy();
  });
});
