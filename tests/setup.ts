import '@testing-library/jest-dom';
import { mediaQueryList } from './helpers/media-query';

// jsdom has no ResizeObserver; Radix (popper, slider) measures elements with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

// jsdom has no matchMedia; this one answers min-/max-width and -height queries from the window's size.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) => {
    const matches = () =>
      [...query.matchAll(/\((min|max)-(width|height):\s*(\d+)px\)/g)].every(([, bound, dimension, px]) => {
        const size = dimension === 'width' ? window.innerWidth : window.innerHeight;
        return bound === 'min' ? size >= Number(px) : size <= Number(px);
      });
    return mediaQueryList(query, matches);
  };
}
