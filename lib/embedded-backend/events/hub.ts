import { randomBytes } from 'node:crypto';
import type { Database } from '../db/types';
import { CHANGE_CHANNEL, isEventKind, type EventKind } from './kinds';

/**
 * The fan-out behind `GET /events`: one LISTEN per backend instance, bursts coalesced, a short replay window for
 * `Last-Event-ID`, and the per-session count of open streams. Events carry kind, id and operation only.
 */

export type ChangeOp = 'insert' | 'update' | 'delete' | 'many' | 'reset';

export interface ChangeEvent {
  /** `<boot>.<seq>`: the boot part changes with every start, so an id from before a restart asks for a reset. */
  eventId: string;
  seq: number;
  /** `*` only with `reset`: whatever the caller shows may have changed. */
  kind: EventKind | '*';
  /** Null for `many` (more rows of the kind than are worth naming) and `reset`. */
  id: string | null;
  op: ChangeOp;
  at: number;
}

export interface EventHubOptions {
  /** Notifications within this window after the first are sent together (a ticker pass is one batch). */
  coalesceMs: number;
  /** More distinct ids of one kind in a window than this become one `many` event. */
  idsPerKind: number;
  /** How long events stay available to `Last-Event-ID`. */
  replayMs: number;
  /** At most this many events are kept for replay. */
  replayMax: number;
  /** Open streams per session (a bearer token, or a person signing in with Basic credentials). */
  streamsPerSession: number;
  /** A comment line every this many ms keeps proxies from closing an idle stream. */
  heartbeatMs: number;
}

export const EVENT_HUB_DEFAULTS: EventHubOptions = {
  coalesceMs: 200,
  idsPerKind: 5,
  replayMs: 120_000,
  replayMax: 2000,
  streamsPerSession: 16,
  heartbeatMs: 25_000,
};

type Subscriber = (events: readonly ChangeEvent[]) => void;

interface Notification {
  k: string;
  op: string;
  ids: string[] | null;
}

const OPS = new Set(['insert', 'update', 'delete']);

/** Reads one trigger payload; anything else on the channel is ignored. */
export function parseNotification(payload: string): Notification | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const { k, op, ids } = value as Record<string, unknown>;
  if (typeof k !== 'string' || typeof op !== 'string' || !OPS.has(op)) return undefined;
  if (ids !== null && !(Array.isArray(ids) && ids.every((id) => typeof id === 'string'))) return undefined;
  return { k, op, ids: ids as string[] | null };
}

const EVENT_ID = /^([a-z0-9]{1,16})\.(\d{1,15})$/;

/** A Last-Event-ID as this hub writes it, or undefined when malformed. */
export function parseEventId(value: string): { boot: string; seq: number } | undefined {
  const match = EVENT_ID.exec(value);
  return match ? { boot: match[1] as string, seq: Number(match[2]) } : undefined;
}

export class EventHub {
  readonly options: EventHubOptions;
  readonly boot = randomBytes(5).toString('hex');
  private seq = 0;
  private readonly replay: ChangeEvent[] = [];
  private readonly subscribers = new Set<Subscriber>();
  private readonly pending = new Map<EventKind, { many: boolean; ids: Map<string, ChangeOp> }>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private listening: Promise<() => Promise<void>> | undefined;
  private readonly open = new Map<string, number>();
  /** Since when every change has reached this hub (its LISTEN's start), and the newest time the replay has cut. */
  private coveredSince = Number.POSITIVE_INFINITY;
  private droppedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Database,
    options: Partial<EventHubOptions> = {},
  ) {
    this.options = { ...EVENT_HUB_DEFAULTS, ...options };
  }

  /** Starts the LISTEN on first use (a backend nobody streams from pays nothing); a failure is retried next time. */
  ensureListening(): Promise<unknown> {
    if (!this.listening) {
      const started = this.db.listen(
        CHANGE_CHANNEL,
        (payload) => this.receive(payload),
        () => this.emit([{ kind: '*', id: null, op: 'reset' }]),
      );
      this.listening = started;
      started.then(
        () => (this.coveredSince = Math.min(this.coveredSince, Date.now())),
        () => {
          if (this.listening === started) this.listening = undefined;
        },
      );
    }
    return this.listening;
  }

  /** One trigger notification: queued for the next flush of the coalescing window. */
  receive(payload: string): void {
    const note = parseNotification(payload);
    if (!note || !isEventKind(note.k)) return;
    let entry = this.pending.get(note.k);
    if (!entry) {
      entry = { many: false, ids: new Map() };
      this.pending.set(note.k, entry);
    }
    if (note.ids === null) entry.many = true;
    else for (const id of note.ids) entry.ids.set(id, note.op as ChangeOp);
    if (entry.ids.size > this.options.idsPerKind) entry.many = true;
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.options.coalesceMs);
      this.timer.unref?.();
    }
  }

  /** Sends what the window collected: one event per id, or one `many` per kind that had more. */
  flush(): void {
    this.timer = undefined;
    const batch: Omit<ChangeEvent, 'eventId' | 'seq' | 'at'>[] = [];
    for (const [kind, entry] of this.pending) {
      if (entry.many) batch.push({ kind, id: null, op: 'many' });
      else for (const [id, op] of entry.ids) batch.push({ kind, id, op });
    }
    this.pending.clear();
    if (batch.length > 0) this.emit(batch);
  }

  private emit(batch: Omit<ChangeEvent, 'eventId' | 'seq' | 'at'>[]): void {
    const at = Date.now();
    const events = batch.map((event) => {
      const seq = ++this.seq;
      return { ...event, seq, eventId: `${this.boot}.${seq}`, at };
    });
    this.replay.push(...events);
    const cutoff = at - this.options.replayMs;
    let drop = Math.max(0, this.replay.length - this.options.replayMax);
    while (drop < this.replay.length && (this.replay[drop] as ChangeEvent).at < cutoff) drop++;
    if (drop > 0) {
      this.droppedAt = Math.max(this.droppedAt, (this.replay[drop - 1] as ChangeEvent).at);
      this.replay.splice(0, drop);
    }
    for (const subscriber of this.subscribers) subscriber(events);
  }

  /**
   * What a stream resuming after `lastEventId` missed: the events since, or a reset when they are no longer all
   * here (another boot, or older than the replay window).
   */
  since(last: { boot: string; seq: number }): readonly ChangeEvent[] | 'reset' {
    if (last.boot !== this.boot || last.seq > this.seq) return 'reset';
    if (last.seq === this.seq) return [];
    const first = this.replay[0];
    if (!first || first.seq > last.seq + 1) return 'reset';
    return this.replay.filter((event) => event.seq > last.seq);
  }

  /**
   * What a tab's first stream missed since `ms` (when its page was asked for): the events since, or a reset when this
   * hub cannot vouch for all of them (it started listening later, or the replay window has cut them).
   */
  sinceTime(ms: number): readonly ChangeEvent[] | 'reset' {
    if (ms < this.coveredSince || ms <= this.droppedAt) return 'reset';
    return this.replay.filter((event) => event.at >= ms);
  }

  /** A reset event of its own for one stream (not recorded: only that caller missed anything). */
  resetEvent(): ChangeEvent {
    return {
      kind: '*',
      id: null,
      op: 'reset',
      seq: this.seq,
      eventId: `${this.boot}.${this.seq}`,
      at: Date.now(),
    };
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Counts one more open stream of a session; false when it already has as many as allowed. */
  tryOpen(session: string): boolean {
    const count = this.open.get(session) ?? 0;
    if (count >= this.options.streamsPerSession) return false;
    this.open.set(session, count + 1);
    return true;
  }

  release(session: string): void {
    const count = (this.open.get(session) ?? 1) - 1;
    if (count <= 0) this.open.delete(session);
    else this.open.set(session, count);
  }

  /** Streams open now (benchmarks and tests). */
  get streams(): number {
    let total = 0;
    for (const count of this.open.values()) total += count;
    return total;
  }
}
