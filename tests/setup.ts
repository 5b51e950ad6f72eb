import '@testing-library/jest-dom';

// jsdom has no ResizeObserver; Radix (popper, slider) measures elements with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
