/** A MediaQueryList for jsdom (which has no matchMedia): `matches` is asked on every read, listeners are ignored. */
export function mediaQueryList(query: string, matches: () => boolean): MediaQueryList {
  return {
    get matches() {
      return matches();
    },
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  } as MediaQueryList;
}
