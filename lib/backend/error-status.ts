/**
 * Reading a failure's status without the BackendError class (structurally): the query client's retry rule and the
 * state components run on every data screen's first load, which does not otherwise need the fetch layer.
 */
export function errorStatus(error: unknown): number | undefined {
  const status =
    typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

export function errorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** A 403 from the backend or the proxy. */
export function isForbiddenError(error: unknown): boolean {
  return errorStatus(error) === 403;
}
