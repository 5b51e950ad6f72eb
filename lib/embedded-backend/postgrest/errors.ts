import { CAPS, CAP_MARKERS } from './caps';

/** PostgREST-shaped errors ({code, message, details, hint}) and the SQLSTATE → HTTP status mapping of reference §0.3. */
export class PostgrestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;
  /** Extra response headers (the X-Rbac-* of an authorization failure). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
    this.headers = headers;
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

/**
 * Maps a SQLSTATE to the HTTP status PostgREST uses for it. Every database error is answered as a client error: the
 * statement failed because of what the request asked for (connection failures excepted, which are 503).
 */
export function statusForSqlState(code: string): number {
  switch (code) {
    case '23505':
    case '23503':
    case '40001':
    case '40P01':
      return 409;
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
  if (cls === '53' || cls === '54') return 413;
  if (cls === '08' || cls === '57') return 503;
  return 400;
}

/**
 * The message a SQLSTATE is answered with. Postgres' own texts (and its detail and hint) name constraints, echo
 * stored values and describe internals, so none of them is passed on; the code stays for clients that branch on it.
 */
export function messageForSqlState(code: string): string {
  switch (code) {
    case '23505':
      return 'A row with the same unique value already exists';
    case '23503':
      return 'The row refers to a row that does not exist, or is still referred to by other rows';
    case '23502':
      return 'A required column is missing (null value)';
    case '23514':
      return 'A value is outside the range allowed for its column';
    case '22P02':
      return 'A value does not have the type of its column (invalid input syntax)';
    case '22001':
      return 'A value is too long for its column';
    case '22003':
      return 'A number is out of range for its column';
    case '22007':
    case '22008':
      return 'A date or time value is invalid';
    case '2201W':
    case '2201X':
      return 'limit and offset must be non-negative integers';
    case '22023':
      return 'A parameter value is invalid';
    case '42501':
      return 'Permission denied';
    case '42703':
      return 'A column named in the request does not exist';
    case '42883':
      return 'No function or operator matches the given names and argument types';
    case '42804':
    case '42846':
      return 'A value cannot be used as the type of its column';
    case '40001':
    case '40P01':
      return 'The request conflicted with a concurrent change; try again';
    case '57014':
      return 'The query took too long and was cancelled';
    case '25006':
      return 'The database is read-only';
    case '55000':
    case '0A000':
      return 'The request asks for something the database does not support on this resource';
    case 'P0001':
      return 'The request was refused by a database rule';
    default:
      break;
  }
  switch (code.slice(0, 2)) {
    case '22':
      return 'A value in the request is invalid for its column';
    case '23':
      return 'The request violates a constraint of the data';
    case '42':
      return 'The request does not match the schema';
    case '53':
    case '54':
      return 'The request needs more resources than the database allows; ask for fewer rows, columns or embeds';
    case '08':
    case '57':
      return 'The database is not available; try again';
    default:
      return GENERIC_MESSAGE;
  }
}

const GENERIC_MESSAGE = 'The database could not answer the request';

/** Whether a SQLSTATE is one a request can cause (it has a message of its own); others are worth a log line. */
export function isExpectedSqlState(code: string): boolean {
  return messageForSqlState(code) !== GENERIC_MESSAGE && !['08', '57', '53'].includes(code.slice(0, 2));
}

/** A request limit the compiler enforces inside the statement (compiler.ts CAP_MARKERS), by the marker it raises with. */
const CAP_ERRORS: readonly { marker: string; error: () => PostgrestError }[] = [
  {
    marker: CAP_MARKERS.embedRows,
    error: () =>
      new PostgrestError(
        413,
        '54000',
        `An embedded resource has more than ${CAPS.embedRows} rows for one parent`,
        null,
        'Filter the embed, or page it with <embed>.limit and <embed>.offset.',
      ),
  },
  {
    marker: CAP_MARKERS.responseBytes,
    error: () =>
      new PostgrestError(
        413,
        '54000',
        `The response would be larger than ${CAPS.responseBytes / (1024 * 1024)} MiB`,
        null,
        'Ask for fewer rows (limit), fewer columns or fewer embeds.',
      ),
  },
];

interface DriverError {
  code?: unknown;
  message?: unknown;
}

/** Converts anything thrown by the driver (pg or PGlite, both expose `code` = SQLSTATE) into a PostgrestError. */
export function fromDriverError(error: unknown): PostgrestError {
  if (error instanceof PostgrestError) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as DriverError;
  const message = typeof e.message === 'string' ? e.message : '';
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
    const cap = e.code === '42704' ? CAP_ERRORS.find((c) => message.includes(c.marker)) : undefined;
    if (cap) return cap.error();
    return new PostgrestError(statusForSqlState(e.code), e.code, messageForSqlState(e.code));
  }
  // Not a database answer (a driver or engine failure): nothing of it reaches the client, the log has it.
  return new PostgrestError(500, 'PGRST000', 'Internal error');
}

export function errorResponse(error: PostgrestError): Response {
  return new Response(JSON.stringify(error.toJSON()), {
    status: error.status,
    headers: { ...error.headers, 'Content-Type': 'application/json; charset=utf-8' },
  });
}
