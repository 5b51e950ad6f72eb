import { act, fireEvent, render, screen } from '@testing-library/react';
import { LiveIndicator } from '@/components/live/live-indicator';
import { LIVE_UPDATES_STORAGE_KEY, writeLiveEnabled } from '@/lib/live/preference';
import { liveStatusStore } from '@/lib/live/status-store';

const setEnabled = jest.fn();
jest.mock('@/components/live/use-live-connection', () => ({
  ...jest.requireActual('@/components/live/use-live-connection'),
  useLiveConnection: () => ({ current: { setEnabled, stop: jest.fn() } }),
}));

describe('live indicator', () => {
  beforeEach(() => {
    window.localStorage.clear();
    setEnabled.mockClear();
    act(() => liveStatusStore.set('connecting'));
  });

  it('names the state in its accessible name and switches live updates off and on, remembered', () => {
    render(<LiveIndicator />);
    const toggle = screen.getByRole('switch', { name: 'Live updates: Reconnecting' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    act(() => liveStatusStore.set('live'));
    expect(toggle).toHaveAccessibleName('Live updates: Live');
    fireEvent.click(toggle);
    expect(setEnabled).toHaveBeenLastCalledWith(false);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(window.localStorage.getItem(LIVE_UPDATES_STORAGE_KEY)).toBe('off');
    act(() => liveStatusStore.set('off'));
    expect(toggle).toHaveAccessibleName('Live updates: Paused');
    fireEvent.click(toggle);
    expect(setEnabled).toHaveBeenLastCalledWith(true);
    expect(window.localStorage.getItem(LIVE_UPDATES_STORAGE_KEY)).toBeNull();
  });

  it('follows a change made elsewhere in the tab (the palette action Live updates)', () => {
    render(<LiveIndicator />);
    const toggle = screen.getByRole('switch');
    act(() => writeLiveEnabled(false));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(setEnabled).toHaveBeenLastCalledWith(false);
    act(() => writeLiveEnabled(true));
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(setEnabled).toHaveBeenLastCalledWith(true);
  });

  it('starts switched off when this browser remembers off', () => {
    window.localStorage.setItem(LIVE_UPDATES_STORAGE_KEY, 'off');
    render(<LiveIndicator />);
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('switch')).toHaveAccessibleName('Live updates: Paused');
  });
});
