/**
 * Tri-state include/exclude filters (000 §4, 001 §4): neutral (0), include (1), exclude (-1).
 * Clicking the active state returns to neutral.
 */
export type TriState = 0 | 1 | -1;
export const NEUTRAL: TriState = 0;
export const INCLUDE: TriState = 1;
export const EXCLUDE: TriState = -1;

/** A map of filter value → include (1) / exclude (-1). Neutral values are absent. */
export type TriStateMap = Record<string, 1 | -1>;

/** Next state after clicking `clicked` while in `current`: the active state toggles back to neutral. */
export function toggleTriState(current: TriState, clicked: 1 | -1): TriState {
  return current === clicked ? NEUTRAL : clicked;
}

export function getTriState(map: TriStateMap, key: string): TriState {
  return map[key] ?? NEUTRAL;
}

/** Set a key's state immutably; neutral removes the key. */
export function setTriState(map: TriStateMap, key: string, state: TriState): TriStateMap {
  const next: TriStateMap = { ...map };
  if (state === 1 || state === -1) next[key] = state;
  else delete next[key];
  return next;
}

/** Apply a click on the include or exclude control of `key`. */
export function clickTriState(map: TriStateMap, key: string, clicked: 1 | -1): TriStateMap {
  return setTriState(map, key, toggleTriState(getTriState(map, key), clicked));
}

export function includedKeys(map: TriStateMap): string[] {
  return Object.keys(map).filter((k) => map[k] === INCLUDE);
}

/**
 * Client-side matching: a value passes when it is not excluded and, if anything is included,
 * it is one of the included values. For multi-valued items, pass an array.
 */
export function matchesTriState(
  map: TriStateMap,
  value: string | readonly string[] | null | undefined,
): boolean {
  const values = value === null || value === undefined ? [] : typeof value === 'string' ? [value] : value;
  if (values.some((v) => map[v] === EXCLUDE)) return false;
  const inc = includedKeys(map);
  if (inc.length === 0) return true;
  return values.some((v) => map[v] === INCLUDE);
}
