import { act, renderHook } from '@testing-library/react';
import { useLiveConnection } from '@/components/live/use-live-connection';

/** The stream's code comes after the load event; offline then, it must not throw, and it starts once back online. */
let mockOffline = true;
const mockStart = jest.fn(() => ({ stop: jest.fn(), setEnabled: jest.fn() }));
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
  unmount();
  process.off('unhandledRejection', unhandled);
  expect(unhandled).not.toHaveBeenCalled();
});
