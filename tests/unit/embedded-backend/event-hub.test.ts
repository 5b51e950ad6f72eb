/** @jest-environment node */
import type { Database } from '@/lib/embedded-backend/db/types';
import {
  EventHub,
  parseEventId,
  parseNotification,
  type ChangeEvent,
} from '@/lib/embedded-backend/events/hub';

const db = { listen: async () => async () => undefined } as unknown as Database;
const note = (k: string, op: string, ids: string[] | null) =>
  JSON.stringify({ k, op, ids, n: ids?.length ?? 21 });

describe('event hub', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reads trigger payloads and event ids strictly', () => {
    expect(parseNotification(note('incident', 'update', ['a']))).toEqual({
      k: 'incident',
      op: 'update',
      ids: ['a'],
    });
    expect(parseNotification(note('incident', 'truncate', ['a']))).toBeUndefined();
    expect(parseNotification('{"k":"incident","op":"insert","ids":[1]}')).toBeUndefined();
    expect(parseNotification('not json')).toBeUndefined();
    expect(parseEventId('ab12.42')).toEqual({ boot: 'ab12', seq: 42 });
    for (const bad of ['', '42', 'AB.1', 'ab.-1', 'ab.1.2', `${'a'.repeat(17)}.1`])
      expect(parseEventId(bad)).toBeUndefined();
  });

  it('coalesces a window into one event per id, or one `many` per kind past the limit', () => {
    const hub = new EventHub(db, { coalesceMs: 200, idsPerKind: 3 });
    const got: ChangeEvent[] = [];
    hub.subscribe((events) => got.push(...events));
    hub.receive(note('comment', 'insert', ['c1']));
    hub.receive(note('comment', 'update', ['c1']));
    for (let i = 0; i < 50; i++) hub.receive(note('check_status', 'insert', [`k${i}`]));
    hub.receive(note('job', 'insert', null));
    hub.receive(note('not_a_kind', 'insert', ['x']));
    expect(got).toEqual([]);
    jest.advanceTimersByTime(200);
    expect(got.map(({ kind, id, op }) => ({ kind, id, op }))).toEqual([
      { kind: 'comment', id: 'c1', op: 'update' },
      { kind: 'check_status', id: null, op: 'many' },
      { kind: 'job', id: null, op: 'many' },
    ]);
    expect(got.map((e) => e.eventId)).toEqual([`${hub.boot}.1`, `${hub.boot}.2`, `${hub.boot}.3`]);
  });

  it('replays after an id it holds, and asks for a reset otherwise', () => {
    const hub = new EventHub(db, { coalesceMs: 10, replayMax: 3 });
    for (let i = 0; i < 5; i++) {
      hub.receive(note('incident', 'update', [`i${i}`]));
      jest.advanceTimersByTime(10);
    }
    expect((hub.since({ boot: hub.boot, seq: 3 }) as ChangeEvent[]).map((e) => e.id)).toEqual(['i3', 'i4']);
    expect(hub.since({ boot: hub.boot, seq: 5 })).toEqual([]);
    expect(hub.since({ boot: hub.boot, seq: 1 })).toBe('reset');
    expect(hub.since({ boot: 'other', seq: 4 })).toBe('reset');
    expect(hub.since({ boot: hub.boot, seq: 99 })).toBe('reset');
  });

  it('counts open streams per session against the cap', () => {
    const hub = new EventHub(db, { streamsPerSession: 2 });
    expect([hub.tryOpen('s'), hub.tryOpen('s'), hub.tryOpen('s'), hub.tryOpen('t')]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    hub.release('s');
    expect(hub.tryOpen('s')).toBe(true);
    expect(hub.streams).toBe(3);
  });
});
