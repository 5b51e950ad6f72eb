/**
 * The ids the change stream named in the last few seconds, for lists and cards to mark the row that changed
 * (issue 32). A few lines on the first load: the stream (connection.ts) feeds it after the page has loaded.
 */

/** How long a changed row stays marked: long enough to see after its refetch, short enough to stay a hint. */
export const MARK_MS = 3000;

const NONE: ReadonlySet<string> = new Set();
let ids: ReadonlySet<string> = NONE;
const until = new Map<string, number>();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

const publish = (next: ReadonlySet<string>) => {
  ids = next;
  for (const listener of listeners) listener();
};

// Unmarks what has been marked long enough, and waits for the next one to expire.
const expire = () => {
  timer = undefined;
  const now = Date.now();
  for (const [id, end] of until) if (end <= now) until.delete(id);
  publish(until.size ? new Set(until.keys()) : NONE);
  if (until.size) timer = setTimeout(expire, Math.min(...until.values()) - now);
};

export const recentChanges = {
  get: (): ReadonlySet<string> => ids,
  /** What the server renders: nothing changed yet. */
  getServer: (): ReadonlySet<string> => NONE,
  /** Marks these ids for MARK_MS (again, if they were marked). */
  add(changed: Iterable<string>): void {
    const end = Date.now() + MARK_MS;
    let any = false;
    for (const id of changed) {
      until.set(id, end);
      any = true;
    }
    if (!any) return;
    publish(new Set(until.keys()));
    timer ??= setTimeout(expire, MARK_MS);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
