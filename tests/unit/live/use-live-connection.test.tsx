import { act, renderHook } from '@testing-library/react';
import { useLiveConnection } from '@/components/live/use-live-connection';
import type { LiveConnectionOptions } from '@/lib/live/connection';

/** The stream's code comes after the load event; offline then, it must not throw, and it starts once back online. */
let mockOffline = true;
const mockStart = jest.fn((_options: LiveConnectionOptions) => ({ stop: jest.fn(), setEnabled: jest.fn() }));
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
  // The rows the stream names are marked (a `many` names none), until the page goes.
  document.body.innerHTML = '<ul><li data-row-id="check-1"></li><li data-row-id="check-2"></li></ul>';
  act(() =>
    mockStart.mock.calls[0]![0].onChanges?.([
      { kind: 'check_status', id: 'check-1', op: 'insert' },
      { kind: 'job', id: null, op: 'many' },
    ]),
  );
  const marks = document.head.querySelector('style[data-live-row-marks]');
  expect(marks?.textContent).toContain('[data-row-id~="check-1"]');
  expect(marks?.textContent).not.toContain('check-2');
  unmount();
  expect(document.head.querySelector('style[data-live-row-marks]')).toBeNull();
  process.off('unhandledRejection', unhandled);
  expect(unhandled).not.toHaveBeenCalled();
});
