import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import type { Endpoint } from '@/lib/backend/endpoint';
import { apiFetchConfig, orOfflineFailure } from '@/lib/queries/api-config';
import { fetchEndpoint } from '@/lib/queries/fetcher';

/** Runs one endpoint with the query client's fetcher and gives its data. */
export type RunEndpoint = <T>(endpoint: Endpoint<T>) => Promise<T>;

interface EndpointMutationOptions<V, R> extends Omit<
  UseMutationOptions<R, Error, V>,
  'mutationFn' | 'onError' | 'onSuccess' | 'onSettled'
> {
  /** The write: usually one endpoint, loaded by `import()` so that its zod schemas come with the first write. */
  mutationFn: (value: V, run: RunEndpoint) => Promise<R>;
  /** Every key family that shows the resource; each is invalidated after the write. */
  invalidates: readonly QueryKey[] | ((value: V) => readonly QueryKey[]);
  /** 'success' leaves the caches alone when the write failed; 'settled' (the default) refetches either way. */
  refetchOn?: 'settled' | 'success';
  /**
   * The spec's error toast (the backend's error, then its message, then 'An error occurred'), shown through the
   * fetch layer's notifier (configureApiFetch); false, or false for some values, when the caller shows the error
   * itself (a form places it under its fields).
   */
  errorToast?: boolean | ((value: V) => boolean);
}

/**
 * A write of a resource's data module: runs the endpoint, then refreshes every key family that shows the resource
 * (declared once here rather than at each call site), and toasts a failure unless the caller asked to show it.
 */
export function useEndpointMutation<V = void, R = unknown>({
  mutationFn,
  invalidates,
  refetchOn = 'settled',
  errorToast = true,
  ...options
}: EndpointMutationOptions<V, R>) {
  const queryClient = useQueryClient();
  const run: RunEndpoint = async (endpoint) => (await fetchEndpoint(queryClient, endpoint)).data;
  const refresh = (value: V) =>
    Promise.all(
      (typeof invalidates === 'function' ? invalidates(value) : invalidates).map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  return useMutation<R, Error, V>({
    ...options,
    mutationFn: (value) => orOfflineFailure(() => mutationFn(value, run)),
    onError: (error, value) => {
      if (typeof errorToast === 'function' ? errorToast(value) : errorToast)
        apiFetchConfig.notifyError(error);
    },
    ...(refetchOn === 'success'
      ? { onSuccess: (_data: R, value: V) => refresh(value) }
      : { onSettled: (_data: R | undefined, _error: Error | null, value: V) => refresh(value) }),
  });
}
