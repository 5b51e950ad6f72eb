/**
 * jsdom has no layout, and CodeMirror measures text ranges for its tooltips and scrolling: every range reads as an
 * empty box at the origin. Call in beforeAll of a test that renders a code field.
 */
export function stubTextRangeLayout(): void {
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
}
