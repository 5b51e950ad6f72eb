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

/** A failure's message when it carries one (an Error, or a failure handed over from the server render), else undefined. */
export function errorText(error: unknown): string | undefined {
  const message =
    typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

/**
 * A failed server prefetch as the browser's cache receives it (lib/queries/server.ts): plain data, since an Error
 * does not cross from a server render to the browser, marked so the browser shows it instead of asking again on
 * mount (the server HTML already shows it; Retry asks again).
 */
export interface HandedOverError {
  name: 'BackendError';
  status?: number;
  code?: string;
  message: string;
  handedOver: true;
}

export function isHandedOverError(error: unknown): error is HandedOverError {
  return (
    typeof error === 'object' && error !== null && (error as { handedOver?: unknown }).handedOver === true
  );
}
