import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { routerCalls } from '../../helpers/next-navigation';
import { WallHeadline } from '@/components/live/wall-headline';
import { IDLE_MS, useWallIdle } from '@/components/live/wall-idle';
import { WALL_POLL_MS, WallPageRefresh } from '@/components/live/wall-page-refresh';
import type { LiveEvent } from '@/lib/live/invalidation';
import { liveStatusStore } from '@/lib/live/status-store';

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);

// The stream's code is not loaded here: the test hands the wall the batches the connection would.
let mockOnChanges: ((events: readonly LiveEvent[]) => void) | undefined;
jest.mock('@/components/live/use-live-connection', () => ({
  ...jest.requireActual('@/components/live/use-live-connection'),
  useLiveConnection: (_enabled: () => boolean, onChanges?: (events: readonly LiveEvent[]) => void) => {
    mockOnChanges = onChanges;
    return { current: undefined };
  },
}));

describe('the wall display headline', () => {
  it('says how many fail and names them', () => {
    render(<WallHeadline failing={['api latency', 'db ping', 'dns']} />);
    // Sized for a room, in the colour of failure: both classes survive.
    expect(screen.getByText('3 failing')).toHaveClass('wall-type-xl', 'text-destructive');
    const names = within(screen.getByRole('list', { name: 'Failing' })).getAllByRole('listitem');
    expect(names.map((n) => n.textContent)).toEqual(['api latency', 'db ping', 'dns']);
  });

  it('says all pass when nothing fails', () => {
    render(<WallHeadline failing={[]} />);
    expect(screen.getByText('All passing')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('counts what it cannot name', () => {
    render(<WallHeadline failing={['db']} count={4} />);
    expect(screen.getByText('4 failing')).toBeInTheDocument();
    expect(screen.getByText('and 3 more')).toBeInTheDocument();
  });

  it('keeps a long list readable', () => {
    render(<WallHeadline failing={Array.from({ length: 20 }, (_, i) => `check ${i}`)} />);
    expect(screen.getByText('20 failing')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(13);
    expect(screen.getByText('and 8 more')).toBeInTheDocument();
  });
});

describe('a wall display without pointer or keyboard activity', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const idle = () => document.documentElement.hasAttribute('data-wall-idle');

  it('turns idle after a few seconds, and back at once on a pointer move or a key', () => {
    const { unmount } = renderHook(() => useWallIdle());
    expect(idle()).toBe(false);
    act(() => jest.advanceTimersByTime(IDLE_MS - 100));
    expect(idle()).toBe(false);
    act(() => jest.advanceTimersByTime(200));
    expect(idle()).toBe(true);
    fireEvent.pointerMove(window);
    expect(idle()).toBe(false);
    act(() => jest.advanceTimersByTime(IDLE_MS + 100));
    expect(idle()).toBe(true);
    // Keyboard people get the controls too.
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(idle()).toBe(false);
    act(() => jest.advanceTimersByTime(IDLE_MS + 100));
    unmount();
    expect(idle()).toBe(false);
  });
});

describe('a wall rendered on the server, kept live', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    routerCalls.length = 0;
  });
  afterEach(() => {
    act(() => liveStatusStore.set('connecting'));
    jest.useRealTimers();
  });
  const refreshes = () => routerCalls.filter((c) => c.method === 'refresh').length;

  it('renders again on the server when the stream names a kind it shows, or resets', () => {
    act(() => liveStatusStore.set('live'));
    render(<WallPageRefresh renderedAt={Date.now()} kinds={['component', 'check_status']} />);
    act(() => mockOnChanges?.([{ kind: 'comment', id: 'c', op: 'insert' }]));
    expect(refreshes()).toBe(0);
    act(() => mockOnChanges?.([{ kind: 'check_status', id: 'k', op: 'insert' }]));
    expect(refreshes()).toBe(1);
    act(() => mockOnChanges?.([{ kind: '*', id: null, op: 'reset' }]));
    expect(refreshes()).toBe(2);
    // Live: no polling.
    act(() => jest.advanceTimersByTime(WALL_POLL_MS * 2));
    expect(refreshes()).toBe(2);
  });

  it('polls while the stream is not live, and turns stale when no render brought data for a minute', () => {
    act(() => liveStatusStore.set('polling'));
    const started = Date.now();
    const { rerender } = render(<WallPageRefresh renderedAt={started} kinds={['component']} />);
    act(() => jest.advanceTimersByTime(WALL_POLL_MS));
    expect(refreshes()).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent(/^Updated 30s ago$/);
    // The refresh failed on the server: the page has no data, and the last good time stays.
    rerender(<WallPageRefresh renderedAt={undefined} kinds={['component']} />);
    act(() => jest.advanceTimersByTime(WALL_POLL_MS + 1000));
    expect(refreshes()).toBe(2);
    expect(screen.getByRole('status')).toHaveTextContent('Stale: no new data for 1 min');
    // A render with data again: fresh.
    rerender(<WallPageRefresh renderedAt={Date.now()} kinds={['component']} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Updated 0s ago$/);
  });
});
