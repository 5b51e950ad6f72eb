import { createHash } from 'node:crypto';
import { EVENT_KINDS, EVENT_SOURCES, isEventKind, type EventKind } from '../events/kinds';
import { parseEventId, type ChangeEvent } from '../events/hub';
import { errorResponse } from '../http-util';
import { objectForResource } from '../rbac/objects';
import type { AuthedContext, Route } from './types';
import { log } from '@/lib/telemetry/probes';

/**
 * `GET /events` (docs/live-updates.md): Server-Sent Events naming what changed (kind, id, op), never row contents.
 * `?kinds=a,b` narrows the stream; kinds the caller may not read are never sent; `Last-Event-ID` (or
 * `?last_event_id=` when a client reconnects on its own) replays what was missed, or sends a reset; `?since=<ms>`
 * does the same for a tab's first stream from the time its page was asked for.
 */

const encoder = new TextEncoder();

/** An SSE message of one event. */
export function formatEvent(event: ChangeEvent): string {
  const data = JSON.stringify({ kind: event.kind, id: event.id, op: event.op });
  return `id: ${event.eventId}\nevent: change\ndata: ${data}\n\n`;
}

/** The session a stream counts against: the bearer token when there is one, else the person (Basic sign-in). */
function sessionKey(request: Request, personId: string): string {
  const authorization = request.headers.get('authorization') ?? '';
  if (!authorization.toLowerCase().startsWith('bearer ')) return personId;
  return `${personId}:${createHash('sha256').update(authorization).digest('base64url').slice(0, 22)}`;
}

function requestedKinds(url: URL): { kinds: EventKind[] } | { unknown: string } {
  const raw = url.searchParams.get('kinds');
  if (raw === null) return { kinds: EVENT_KINDS };
  const kinds: EventKind[] = [];
  for (const part of raw.split(',')) {
    const kind = part.trim();
    if (!kind) continue;
    if (!isEventKind(kind)) return { unknown: kind.slice(0, 64) };
    kinds.push(kind);
  }
  return kinds.length > 0 ? { kinds } : { unknown: '' };
}

async function streamEvents({ request, url, services, identity }: AuthedContext): Promise<Response> {
  const hub = services.events;
  const requested = requestedKinds(url);
  if ('unknown' in requested)
    return errorResponse(
      400,
      requested.unknown ? `unknown event kind: ${requested.unknown}` : 'kinds is empty',
      `known kinds: ${EVENT_KINDS.join(', ')}`,
    );
  const lastRaw = request.headers.get('last-event-id') ?? url.searchParams.get('last_event_id');
  const last = lastRaw === null || lastRaw === '' ? undefined : parseEventId(lastRaw.trim());
  if (lastRaw && !last)
    return errorResponse(
      400,
      'malformed Last-Event-ID',
      'expected an id this stream sent, e.g. 3f2a9c01d4.42',
    );
  const sinceRaw = url.searchParams.get('since');
  if (sinceRaw !== null && !/^\d{1,15}$/.test(sinceRaw))
    return errorResponse(400, 'malformed since', 'expected milliseconds since 1970, e.g. 1765100000000');
  const since = sinceRaw === null ? undefined : Number(sinceRaw);

  // The caller's read grants decide once per stream which kinds it hears of (the stream names no row contents).
  const allowed = new Set<EventKind>();
  for (const kind of requested.kinds) {
    const object = objectForResource(EVENT_SOURCES[kind].table);
    if (object && (await services.enforcer.check(identity, object, 'read'))) allowed.add(kind);
  }

  const session = sessionKey(request, identity.personId);
  if (!hub.tryOpen(session))
    return errorResponse(
      429,
      'too many open event streams',
      `at most ${hub.options.streamsPerSession} per session; close one first`,
    );
  try {
    await hub.ensureListening();
  } catch (error) {
    hub.release(session);
    log.error('[embedded-backend] /events could not listen', { err: error });
    return errorResponse(503, 'change events are unavailable');
  }

  let cleanup: (() => void) | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup?.();
        }
      };
      const visible = (event: ChangeEvent) => event.kind === '*' || allowed.has(event.kind);
      const deliver = (events: readonly ChangeEvent[]) => {
        const text = events.filter(visible).map(formatEvent).join('');
        if (text) send(text);
      };
      // The first bytes go out at once: proxies and the browser see an open stream, not a pending request.
      send(`retry: 3000\n: connected ${hub.boot}\n\n`);
      // A resumed stream gets what it missed after its last event; a tab's first stream what changed since its page
      // was asked for (the page's data may be older than the stream).
      const missed = last ? hub.since(last) : since !== undefined ? hub.sinceTime(since) : [];
      deliver(missed === 'reset' ? [hub.resetEvent()] : missed);
      const unsubscribe = hub.subscribe(deliver);
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), hub.options.heartbeatMs);
      heartbeat.unref?.();
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        hub.release(session);
        request.signal.removeEventListener('abort', onAbort);
        try {
          controller.close();
        } catch {
          // already closed or errored by the reader going away
        }
      };
      const onAbort = () => cleanup?.();
      if (request.signal.aborted) onAbort();
      else request.signal.addEventListener('abort', onAbort, { once: true });
    },
    cancel() {
      cleanup?.();
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and similar buffer responses unless told not to; a change must arrive when it happens.
      'x-accel-buffering': 'no',
    },
  });
}

export const eventRoutes: Route[] = [{ method: 'GET', path: '/events', handle: streamEvents }];
