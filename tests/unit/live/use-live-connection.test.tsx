import { act, renderHook } from '@testing-library/react';
import { useLiveConnection } from '@/components/live/use-live-connection';
import type { LiveConnectionOptions } from '@/lib/live/connection';
import { recentChanges } from '@/lib/live/recent-changes';

/** The stream's code comes after the load event; offline then, it must not throw, and it starts once back online. */
let mockOffline = true;
const mockStart = jest.fn((_options: LiveConnectionOptions) => {
  return { stop: jest.fn(), setEnabled: jest.fn() };
});
jest.mock('@/lib/live/connection', () => {
  if (mockOffline) throw new Error('Failed to load chunk /_next/static/chunks/live.js');
  return { startLiveConnection: mockStart };
});
jest.mock('@/lib/queries/query-client', () => ({ getQueryClient: () => ({}) }));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('starts the stream once the browser is back online when its code could not be fetched after the load', async () => {
  const unhandled = jest.fn();
  process.on('unhandledRejection', unhandled);
  const { unmount } = renderHook(() => useLiveConnection(() => true));
  await act(async () => {
    jest.advanceTimersByTime(1_000);
    await Promise.resolve();
  });
  await act(async () => {
    await jest.runAllTimersAsync();
  });
  expect(mockStart).not.toHaveBeenCalled();
  mockOffline = false;
  await act(async () => {
    window.dispatchEvent(new Event('online'));
    await jest.runAllTimersAsync();
  });
  expect(mockStart).toHaveBeenCalledTimes(1);
  // What the stream names marks those rows; a `many` names none.
  act(() =>
    mockStart.mock.calls[0]![0].onChanges?.([
      { kind: 'check_status', id: 'check-1', op: 'insert' },
      { kind: 'job', id: null, op: 'many' },
    ]),
  );
  expect([...recentChanges.get()]).toEqual(['check-1']);
  unmount();
  process.off('unhandledRejection', unhandled);
  expect(unhandled).not.toHaveBeenCalled();
});
