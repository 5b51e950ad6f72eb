import { badRequest } from './http';

/**
 * Cooperative time slicing for loops that evaluate callers' filters in process (a silence preview runs its CEL filter
 * and selectors over every resource and every send of a week). Even with linear-time matching such a loop can run for
 * a second or more, and while it runs the server's one event loop answers nobody: /health and other people's reads
 * waited with it (issue 31 item 8). `tick()` between items gives the event loop back every `sliceMs`, and past
 * `budgetMs` of this loop's own work the request is refused with 400 instead of running on.
 */
export interface TimeSlicer {
  tick(): Promise<void>;
}

export function timeSlicer(what: string, options: { sliceMs?: number; budgetMs?: number } = {}): TimeSlicer {
  const sliceMs = options.sliceMs ?? 10;
  const budgetMs = options.budgetMs ?? 5000;
  let spent = 0;
  let sliceStart = performance.now();
  return {
    async tick() {
      const now = performance.now();
      if (now - sliceStart < sliceMs) return;
      spent += now - sliceStart;
      if (spent > budgetMs)
        throw badRequest(
          `${what} takes too long to evaluate (more than ${budgetMs / 1000} s); narrow it down`,
        );
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    },
  };
}
