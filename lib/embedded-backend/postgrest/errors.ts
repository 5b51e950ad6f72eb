/** PostgREST-shaped errors ({code, message, details, hint}) and the SQLSTATE → HTTP status mapping of reference §0.3. */
export class PostgrestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;

  constructor(status: number, code: string, message: string, details: string | null = null, hint: string | null = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
  }

  toJSON(): { code: string; message: string; details: string | null; hint: string | null } {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** A request the grammar cannot read: PostgREST answers 400 PGRST100. */
export function parseError(message: string, details: string | null = null): PostgrestError {
  return new PostgrestError(400, 'PGRST100', message, details);
}

export function unknownColumn(relation: string, column: string): PostgrestError {
  return new PostgrestError(400, '42703', `column ${relation}.${column} does not exist`);
}

export function unknownRelation(name: string): PostgrestError {
  return new PostgrestError(
    404,
    'PGRST205',
    `Could not find the table 'public.${name}' in the schema cache`,
    null,
    null,
  );
}

/** Maps a SQLSTATE class/code to the HTTP status PostgREST uses for it. */
export function statusForSqlState(code: string): number {
  switch (code) {
    case '23505':
    case '23503':
    case '40001':
      return 409;
    case '23502':
    case '23514':
    case '23P01':
      return 400;
    case '42P01':
    case '42883':
      return 404;
    case '42501':
      return 403;
    case '25006':
      return 405;
    case '57014':
      return 504;
    default:
      break;
  }
  const cls = code.slice(0, 2);
  if (cls === '22' || cls === '42' || cls === '23' || cls === '2F' || cls === 'P0' || cls === '0L' || cls === '0P') {
    return 400;
  }
  if (cls === '54') return 413;
  if (cls === '53' || cls === '08') return 503;
  return 500;
}

interface DriverError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

/** Converts anything thrown by the driver (pg or PGlite, both expose `code` = SQLSTATE) into a PostgrestError. */
export function fromDriverError(error: unknown): PostgrestError {
  if (error instanceof PostgrestError) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as DriverError;
  const message = typeof e.message === 'string' ? e.message : String(error);
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
    return new PostgrestError(
      statusForSqlState(e.code),
      e.code,
      message,
      typeof e.detail === 'string' ? e.detail : null,
      typeof e.hint === 'string' ? e.hint : null,
    );
  }
  return new PostgrestError(500, 'PGRST000', message);
}

export function errorResponse(error: PostgrestError): Response {
  return new Response(JSON.stringify(error.toJSON()), {
    status: error.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}
