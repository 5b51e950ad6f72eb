import { BackendError } from '@/lib/backend/errors';

export const TIMEOUT_MESSAGE = 'Request timed out. Please try again.';

export function timeoutError(): BackendError {
  return new BackendError({ status: 504, code: 'timeout', message: TIMEOUT_MESSAGE });
}

/**
 * Runs `run` with a signal that aborts after `ms` (or when `outer` aborts) and rejects with a 504 BackendError
 * on time-out even if the callee ignores its signal (the in-process embedded handler may not watch it).
 * The timer only covers the returned promise, so a streamed body may keep flowing afterwards.
 */
export async function withTimeout<T>(
  run: (signal: AbortSignal) => Promise<T>,
  ms: number,
  outer?: AbortSignal | null,
): Promise<T> {
  const controller = new AbortController();
  // A listener instead of AbortSignal.any, which is slow and leaks on Node 20 under load.
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
  const signal = controller.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new DOMException('The backend did not answer in time', 'TimeoutError'));
      reject(timeoutError());
    }, ms);
  });
  try {
    return await Promise.race([run(signal), expired]);
  } catch (error) {
    if (controller.signal.aborted && !outer?.aborted) throw timeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
