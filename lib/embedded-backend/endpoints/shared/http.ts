import { engineErrorResponse } from '../../db/engine-errors';
import { log } from '@/lib/telemetry/probes';

/** Response helpers with the envelopes of backend-contract §0.3 (plain `{error}` bodies, JSON content type). */

const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_TYPE, ...headers } });
}

/** An error a handler throws to answer with `{error, message?}` and a status (duty's error writer shape). */
export class HttpError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;

  constructor(status: number, error: string, extra: Record<string, unknown> = {}) {
    super(error);
    this.status = status;
    this.body = { error, ...extra };
  }
}

export const badRequest = (error: string, extra?: Record<string, unknown>) =>
  new HttpError(400, error, extra);
export const notFound = (error: string) => new HttpError(404, error);
export const forbidden = (error: string) => new HttpError(403, error);
export const conflict = (error: string) => new HttpError(409, error);

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): boolean {
  return typeof value === 'string' && UUID_RE.test(value);
}

/** Reads a JSON object body; an empty body is `{}`, anything that is not an object is a 400. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('invalid request body: malformed JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest('invalid request body: expected a JSON object');
  }
  return parsed as Record<string, unknown>;
}

export function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw badRequest(`invalid request body: ${key} must be a string`);
}

/** Drops null/undefined keys so optional fields are omitted like Go's omitempty. */
export function omitEmpty<T extends Record<string, unknown>>(row: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (v !== null && v !== undefined) out[k] = v;
  return out as Partial<T>;
}

interface DriverError {
  code?: unknown;
  message?: unknown;
}

/** Turns a thrown value into a response: HttpError as is, SQL constraint errors as 409/400, the rest as 500. */
export function errorToResponse(error: unknown): Response {
  if (error instanceof HttpError) return json(error.body, error.status);
  const e = (typeof error === 'object' && error !== null ? error : {}) as DriverError;
  const message = typeof e.message === 'string' ? e.message : String(error);
  const engine = engineErrorResponse(error);
  if (engine) return engine;
  if (typeof e.code === 'string') {
    if (e.code === '23505' || e.code === '23503') return json({ error: message }, 409);
    if (e.code === '23502' || e.code === '23514' || e.code.startsWith('22'))
      return json({ error: message }, 400);
  }
  log.error(`[embedded-backend] endpoint error: ${message}`);
  return json({ error: message }, 500);
}
