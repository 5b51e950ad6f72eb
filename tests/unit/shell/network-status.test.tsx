import { act, render, screen } from '@testing-library/react';
import { NetworkStatus } from '@/components/shell/network-status';
import { afterPageLoad } from '@/components/widgets/use-after-load';
import { ErrorPanel } from '@/components/shell/error-panel';
import { configureApiFetch, NETWORK_MESSAGES, orOfflineFailure } from '@/lib/queries/api-config';

function goOffline(offline: boolean) {
  jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => jest.restoreAllMocks());

describe('the offline banner (issue 34)', () => {
  it('appears when the browser goes offline and goes when it is back', () => {
    render(<NetworkStatus />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    goOffline(true);
    expect(status).toHaveTextContent(
      'You are offline. The console will refresh when the connection is back.',
    );
    goOffline(false);
    expect(status).toHaveTextContent('');
  });
});

describe('afterPageLoad', () => {
  it('runs the task a moment after the page has loaded, and not after a cancel', () => {
    jest.useFakeTimers();
    try {
      const task = jest.fn();
      afterPageLoad(task);
      jest.advanceTimersByTime(5_000);
      expect(task).toHaveBeenCalledTimes(1);
      const cancelled = jest.fn();
      afterPageLoad(cancelled)();
      jest.advanceTimersByTime(5_000);
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('orOfflineFailure: a step that needs code not loaded yet', () => {
  const chunkError = () => Promise.reject(new Error('Loading chunk 123 failed.'));

  it('offline, fails with the offline message as a status-0 failure and the offline toast', async () => {
    const notify = jest.fn();
    configureApiFetch({ notify });
    jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const failure = await orOfflineFailure(chunkError).catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: NETWORK_MESSAGES.offline, status: 0, code: 'offline' });
    expect(notify).toHaveBeenCalledWith(NETWORK_MESSAGES.offline, 'network-offline');
  });

  it('online, passes the failure on as it is, and an answer through', async () => {
    const notify = jest.fn();
    configureApiFetch({ notify });
    await expect(orOfflineFailure(chunkError)).rejects.toThrow('Loading chunk 123 failed.');
    await expect(orOfflineFailure(() => 42)).resolves.toBe(42);
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('the error panel offline (issue 34)', () => {
  it('says the spec’s offline message instead of a chunk-loading error, and the error’s own message online', () => {
    const chunk = new Error('Failed to load chunk /_next/static/chunks/x.js from module 1');
    jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const { rerender } = render(<ErrorPanel error={chunk} title="Sorry.. there was an error" />);
    expect(screen.getByText(NETWORK_MESSAGES.offline)).toBeInTheDocument();
    expect(screen.queryByText(/Failed to load chunk/, { selector: 'p' })).toBeNull();
    jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
    rerender(<ErrorPanel error={chunk} title="Sorry.. there was an error" />);
    expect(screen.getByText(chunk.message)).toBeInTheDocument();
  });
});
