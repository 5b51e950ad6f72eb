/** A JSON response with the right content type. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** The duty error envelope `{error, message?}` used by most native handlers. */
export function errorResponse(status: number, error: string, message?: string): Response {
  return jsonResponse(message === undefined ? { error } : { error, message }, status);
}

/** Reads a JSON object body; returns an error text instead of throwing for malformed input. */
export async function readJsonObject(
  request: Request,
): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; error: string }> {
  let text: string;
  try {
    text = await request.text();
  } catch {
    return { ok: false, error: 'could not read request body' };
  }
  if (!text.trim()) return { ok: false, error: 'request body is empty' };
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value))
      return { ok: false, error: 'request body must be a JSON object' };
    return { ok: true, value: value as Record<string, unknown> };
  } catch {
    return { ok: false, error: 'request body is not valid JSON' };
  }
}
