/**
 * How a kit control opens one of the palette's flows without importing the palette (a feature): it sends this
 * event on the document, and the palette's launcher, in every console page's first load, loads the palette and
 * opens it there. A few bytes in the control; the palette's code still loads on use.
 */
export const PALETTE_REQUEST_EVENT = 'console:palette-request';

/** The flows a control may open: today the list toolbar's Save view. */
export type PaletteRequest = 'save-view';

export function requestPalette(flow: PaletteRequest, target: EventTarget = document): void {
  target.dispatchEvent(new CustomEvent<PaletteRequest>(PALETTE_REQUEST_EVENT, { detail: flow }));
}
