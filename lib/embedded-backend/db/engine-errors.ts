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

/**
 * The answer to a request whose statement the engine cut or lost: 504 for a statement past the timeout, 503 while
 * the engine is unavailable (a PGlite worker restarting); undefined for every other error. Never a hang or a bare 500.
 */
export function engineErrorResponse(error: unknown): Response | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === STATEMENT_TIMEOUT_CODE) {
    return jsonError(504, {
      error: 'query timed out',
      message:
        'The query took too long and was cancelled. Narrow the filter or request fewer rows, then try again.',
    });
  }
  if (typeof code === 'string' && code.startsWith('08')) {
    return jsonError(503, {
      error: 'database unavailable',
      message: 'The database is restarting. Try again in a few seconds.',
    });
  }
  return undefined;
}

function jsonError(status: number, body: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}
