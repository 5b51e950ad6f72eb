/** A JSON answer as the console's fetch layer reads it (ok, status, headers, text), for a mocked global fetch. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return {
    ok: status < 400,
    status,
    headers: new Headers(headers),
    text: async () => JSON.stringify(body),
  } as Response;
}
