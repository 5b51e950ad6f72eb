/**
 * The TCP peer of a request the HTTP server received, kept beside the Request object (never in a header, which a
 * caller could forge). In-process calls from the console have no peer: the console throttles by client address
 * itself, and the backend then throttles per account only.
 */
const peers = new WeakMap<Request, string>();

export function setPeerAddress(request: Request, address: string | undefined): void {
  if (address) peers.set(request, address);
}

export function peerAddress(request: Request): string | undefined {
  return peers.get(request);
}
