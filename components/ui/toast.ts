import { toast, type ExternalToast } from 'sonner';

export const DEFAULT_ERROR_MESSAGE = 'An error occurred';

function pickString(v: unknown): string | undefined {
  if (typeof v === 'string' && v.trim() !== '') return v;
  return undefined;
}

/**
 * Extract the user-facing message of an error per the general rule:
 * "the response's error, then its message, then 'An error occurred'".
 * Accepts axios-like errors ({ response: { data: { error, message } } }),
 * fetch-style payloads ({ error, message }), Error instances and strings.
 */
export function errorMessageOf(err: unknown): string {
  if (err === null || err === undefined) return DEFAULT_ERROR_MESSAGE;
  if (typeof err === 'string') return pickString(err) ?? DEFAULT_ERROR_MESSAGE;
  if (typeof err !== 'object') return DEFAULT_ERROR_MESSAGE;
  const e = err as Record<string, unknown>;
  const response = e.response as Record<string, unknown> | undefined;
  const data = (response && typeof response === 'object' ? response.data : undefined) as
    | Record<string, unknown>
    | string
    | undefined;
  if (data && typeof data === 'object') {
    const fromData = pickString(data.error) ?? pickString(data.message);
    if (fromData) return fromData;
  } else if (typeof data === 'string' && pickString(data)) {
    return data;
  }
  const body = e.body as Record<string, unknown> | undefined;
  if (body && typeof body === 'object') {
    const fromBody = pickString(body.error) ?? pickString(body.message);
    if (fromBody) return fromBody;
  }
  if (e.error && typeof e.error === 'object') {
    const nested = e.error as Record<string, unknown>;
    const fromNested = pickString(nested.error) ?? pickString(nested.message);
    if (fromNested) return fromNested;
  }
  return pickString(e.error) ?? pickString(e.message) ?? DEFAULT_ERROR_MESSAGE;
}

export function toastSuccess(message: string, options?: ExternalToast) {
  return toast.success(message, options);
}

export function toastError(message: string, options?: ExternalToast) {
  return toast.error(message, options);
}

export function toastLoading(message: string, options?: ExternalToast) {
  return toast.loading(message, options);
}

/** Show an error toast for any thrown value (see errorMessageOf). */
export function toastFromError(err: unknown, options?: ExternalToast) {
  return toast.error(errorMessageOf(err), options);
}

export function dismissToast(id?: string | number) {
  return toast.dismiss(id);
}
