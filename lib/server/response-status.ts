import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * A status a page's render cannot set: Next gives a page no API for one but notFound()/forbidden(), and forbidden()
 * thrown by a page sends an empty error document (`<html id="__next_error__">`) whose Unauthorized state only the
 * browser's JavaScript draws. So middleware names the status in this response header, the page renders its state
 * in the server HTML, and the front door (lib/server/front-door.ts) answers with the status and drops the header.
 */
export const RESPONSE_STATUS_HEADER = 'x-console-status';

const ALLOWED = new Set([403]);

/** Makes `res` answer with the status its headers name, once Next writes the head. */
export function applyNamedStatus(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    const named = Number(this.getHeader(RESPONSE_STATUS_HEADER));
    if (this.hasHeader(RESPONSE_STATUS_HEADER)) this.removeHeader(RESPONSE_STATUS_HEADER);
    // Headers handed to writeHead itself are merged after; a named status there counts too.
    const headers = args.find(
      (a): a is OutgoingHttpHeaders => typeof a === 'object' && a !== null && !Array.isArray(a),
    );
    const inline = headers ? Number(headers[RESPONSE_STATUS_HEADER]) : NaN;
    if (headers) delete headers[RESPONSE_STATUS_HEADER];
    const status = ALLOWED.has(named) ? named : ALLOWED.has(inline) ? inline : undefined;
    // Only a successful page becomes the named status: a redirect or an error keeps its own.
    if (status !== undefined && args[0] === 200) args[0] = status;
    return writeHead.apply(this, args) as ServerResponse;
  } as ServerResponse['writeHead'];
}
