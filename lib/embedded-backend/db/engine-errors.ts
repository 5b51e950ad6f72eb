/**
 * Errors the engines raise themselves, shaped like driver errors (a SQLSTATE `code`) so every existing mapping —
 * PostgREST's statusForSqlState, the native endpoints' errorToResponse — treats PGlite and PostgreSQL alike.
 */

/** SQLSTATE query_canceled: what PostgreSQL raises when statement_timeout fires. */
export const STATEMENT_TIMEOUT_CODE = '57014';
/** SQLSTATE connection_failure: the engine went away under a statement (PGlite worker restarted or crashed). */
export const ENGINE_UNAVAILABLE_CODE = '08006';

export class EngineError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
  }
}

/** PostgreSQL's own wording, so a timeout reads the same on both engines. */
export function statementTimeoutError(): EngineError {
  return new EngineError(STATEMENT_TIMEOUT_CODE, 'canceling statement due to statement timeout');
}

/** True for a statement cut by the statement timeout, on either engine. */
export function isStatementTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === STATEMENT_TIMEOUT_CODE;
}

/** The answer to a request whose statement ran past the timeout: a clear 504, never a hang or a bare 500. */
export function statementTimeoutResponse(): Response {
  return new Response(
    JSON.stringify({
      error: 'query timed out',
      message: 'The query took too long and was cancelled. Narrow the filter or request fewer rows, then try again.',
    }),
    { status: 504, headers: { 'content-type': 'application/json; charset=utf-8' } },
  );
}
