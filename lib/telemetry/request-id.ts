/**
 * The request id: taken from the caller's `x-request-id` when it is a plain token (a load balancer's or a tracing
 * proxy's id), otherwise made here, so a log line, a backend call and an error state all name the same request.
 * No dependencies: the front door, the proxy and the client-side error states share it.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and `._:-`, 8 to 128 characters: enough for UUIDs, ULIDs and trace ids, nothing to inject. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function isValidRequestId(value: string | null | undefined): value is string {
  return typeof value === 'string' && VALID_REQUEST_ID.test(value);
}

/** The caller's id when valid, else a new random one. */
export function acceptRequestId(value: string | string[] | null | undefined): string {
  const given = Array.isArray(value) ? value[0] : value;
  return isValidRequestId(given) ? given : crypto.randomUUID();
}

/** The request id an error carries (BackendError and anything shaped like it), for "Reference: …". */
export function requestIdOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const id = (error as { requestId?: unknown }).requestId;
  return typeof id === 'string' && isValidRequestId(id) ? id : undefined;
}
