import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';
import { successMessages } from '@/lib/forms/success-messages';

/**
 * The toast API of the whole console. sonner (and its Toaster) is loaded on the first toast rather than on every
 * page: calls made before it has loaded wait in a queue; the Toaster host (components/widgets/toaster.tsx) mounts
 * sonner's Toaster when asked and flushes the queue once it listens. Without a host (unit tests) the calls go to
 * sonner as soon as the module has loaded, and at once after that.
 */
type Sonner = typeof SonnerModule;

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
const queue: ((module: Sonner) => unknown)[] = [];
let toasterHost: (() => void) | null = null;
let toasterMounted = false;

/** The sonner module, imported once. */
export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => (sonner = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

// Under jest (no Toaster host, mocked sonner) load at once so that toasts are delivered synchronously as before.
// NODE_ENV is inlined by the build, so this is dropped from the browser bundle.
if (process.env.NODE_ENV === 'test') void loadSonner().catch(() => undefined);

function flush(): void {
  if (!sonner) return;
  if (toasterHost && !toasterMounted) {
    toasterHost();
    return;
  }
  for (const call of queue.splice(0)) call(sonner);
}

function run<T>(call: (module: Sonner) => T): T | undefined {
  if (sonner && (toasterMounted || !toasterHost)) return call(sonner);
  queue.push(call);
  if (toasterHost) toasterHost();
  else void loadSonner().then(flush, () => undefined);
  return undefined;
}

/** For the Toaster host only: `request` is called when a toast waits for sonner's Toaster to be mounted. */
export function registerToasterHost(request: () => void): () => void {
  toasterHost = request;
  if (queue.length > 0) request();
  return () => {
    if (toasterHost === request) toasterHost = null;
    toasterMounted = false;
  };
}

/** For the Toaster host only: sonner's Toaster is mounted and subscribed; shows the queued toasts. */
export function toasterDidMount(): void {
  toasterMounted = true;
  flush();
}

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
    Record<string, unknown> | string | undefined;
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
  return run(({ toast }) => toast.success(message, options));
}

export function toastError(message: string, options?: ExternalToast) {
  return run(({ toast }) => toast.error(message, options));
}

export function toastLoading(message: string, options?: ExternalToast) {
  return run(({ toast }) => toast.loading(message, options));
}

/** Show an error toast for any thrown value (see errorMessageOf). */
export function toastFromError(err: unknown, options?: ExternalToast) {
  const message = errorMessageOf(err);
  return run(({ toast }) => toast.error(message, options));
}

export function dismissToast(id?: string | number) {
  return run(({ toast }) => toast.dismiss(id));
}

/** '{name} created successfully' (spec 001 §8's pattern for saves). */
export function toastCreated(name: string) {
  return toastSuccess(successMessages.created(name));
}

/** '{name} updated successfully'. */
export function toastUpdated(name: string) {
  return toastSuccess(successMessages.updated(name));
}

/** '{name} deleted successfully'. */
export function toastDeleted(name: string) {
  return toastSuccess(successMessages.deleted(name));
}
