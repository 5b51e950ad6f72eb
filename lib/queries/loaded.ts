/**
 * The result of a server read that must not fail the whole page: a part of the page shows its own Unauthorized
 * or error state (components/list/server-state.tsx) instead.
 */
export type Loaded<T> = { ok: true; data: T } | { ok: false; data?: undefined; error: unknown };

export async function loadSafely<T>(run: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    return { ok: false, error };
  }
}
