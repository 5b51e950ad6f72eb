import * as React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { columnWidthVars, ResizableHeader, useColumnWidths } from '@/components/data-table/column-resizer';
import {
  clampWidth,
  columnWidthStore,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  readWidths,
  widthAfterKey,
} from '@/components/data-table/column-widths';

/** The /logs results' resizable, remembered columns (issue 19): the rules, the store and the header's handle. */

const DEFAULTS = { timestamp: 200, message: 640 };

describe('column widths', () => {
  it.each([
    [null, DEFAULTS],
    ['not json', DEFAULTS],
    ['[1,2]', DEFAULTS],
    ['{"timestamp":300}', { timestamp: 300, message: 640 }],
    ['{"timestamp":"300","message":5}', { timestamp: 200, message: MIN_COLUMN_WIDTH }],
    ['{"message":99999,"gone":120}', { timestamp: 200, message: MAX_COLUMN_WIDTH }],
  ])('reads %p as %p', (raw, expected) => {
    expect(readWidths(raw, DEFAULTS)).toEqual(expected);
  });

  it('clamps and rounds', () => {
    expect(clampWidth(12.6)).toBe(MIN_COLUMN_WIDTH);
    expect(clampWidth(250.4)).toBe(250);
    expect(clampWidth(Number.NaN)).toBe(MIN_COLUMN_WIDTH);
  });

  it.each([
    ['ArrowRight', false, 216],
    ['ArrowLeft', false, 184],
    ['ArrowRight', true, 264],
    ['Home', false, MIN_COLUMN_WIDTH],
    ['End', false, MAX_COLUMN_WIDTH],
    ['Enter', false, 640],
    ['a', false, null],
  ])('%s (shift %p) from 200 gives %p', (key, shift, expected) => {
    expect(widthAfterKey(200, key, shift, 640)).toBe(expected);
  });

  it('keeps one snapshot while the stored text is unchanged, saves, tells subscribers and resets', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
    const store = columnWidthStore('w', DEFAULTS, () => storage);
    const first = store.read();
    expect(store.read()).toBe(first);
    const heard = jest.fn();
    const stop = store.subscribe(heard);
    store.write('message', 500);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(JSON.parse(data.get('w') as string)).toEqual({ timestamp: 200, message: 500 });
    expect(store.read()).toEqual({ timestamp: 200, message: 500 });
    store.reset();
    expect(store.read()).toEqual(DEFAULTS);
    stop();
    store.write('message', 300);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('holds a width in the tab when storage refuses it', () => {
    const store = columnWidthStore('w', DEFAULTS, () => ({
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    }));
    store.write('timestamp', 320);
    expect(store.read().timestamp).toBe(320);
  });
});

describe('the resize handle', () => {
  beforeAll(() => {
    // jsdom has no PointerEvent: without it fireEvent drops clientX.
    if (!('PointerEvent' in window))
      Object.defineProperty(window, 'PointerEvent', {
        configurable: true,
        value: class extends MouseEvent {
          pointerId: number;
          constructor(type: string, init: PointerEventInit = {}) {
            super(type, init);
            this.pointerId = init.pointerId ?? 0;
          }
        },
      });
  });
  beforeEach(() => window.localStorage.clear());

  function Table({ store }: { store: ReturnType<typeof columnWidthStore> }) {
    const widths = useColumnWidths(store);
    return (
      <div data-testid="wrapper" style={columnWidthVars(widths)}>
        <ResizableHeader id="message" title="Message" store={store} />
      </div>
    );
  }

  it('resizes with keys and the pointer, saves in localStorage, and a double click restores the default', () => {
    const store = columnWidthStore('logsColumnWidths-test', DEFAULTS);
    render(<Table store={store} />);
    const handle = screen.getByRole('separator', { name: 'Resize the Message column' });
    expect(handle).toHaveAttribute('aria-valuenow', '640');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(handle, { key: 'ArrowLeft', shiftKey: true });
    expect(handle).toHaveAttribute('aria-valuenow', '656');
    expect(screen.getByTestId('wrapper').style.getPropertyValue('--col-message')).toBe('656px');
    expect(JSON.parse(window.localStorage.getItem('logsColumnWidths-test') as string)).toMatchObject({
      message: 656,
    });

    fireEvent.pointerDown(handle, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 40, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 40, pointerId: 1 });
    expect(handle).toHaveAttribute('aria-valuenow', '596');
    fireEvent.pointerMove(handle, { clientX: 400, pointerId: 1 });
    expect(handle).toHaveAttribute('aria-valuenow', '596');

    fireEvent.doubleClick(handle);
    expect(handle).toHaveAttribute('aria-valuenow', '640');
  });

  it('starts from the saved width on the next visit', () => {
    window.localStorage.setItem('logsColumnWidths-test', JSON.stringify({ message: 420 }));
    render(<Table store={columnWidthStore('logsColumnWidths-test', DEFAULTS)} />);
    expect(screen.getByRole('separator', { name: 'Resize the Message column' })).toHaveAttribute(
      'aria-valuenow',
      '420',
    );
  });
});
