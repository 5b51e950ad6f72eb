import { EVENT_KINDS } from '@/lib/embedded-backend/events/kinds';
import { catalogKeys } from '@/lib/catalog';
import { checkKeys, healthKeys } from '@/lib/health';
import { incidentKeys } from '@/lib/incidents';
import { KIND_KEYS, keysForEvents } from '@/lib/live/invalidation';
import { notificationKeys } from '@/lib/notifications';
import { eventQueueKeys, jobKeys } from '@/lib/operations';
import { playbookRunKeys } from '@/lib/playbooks';
import { topologyKeys } from '@/lib/topology';

describe('event kind → query keys', () => {
  it('maps exactly the kinds the backend sends', () => {
    expect(Object.keys(KIND_KEYS).sort()).toEqual([...EVENT_KINDS].sort());
  });

  it('uses each resource’s key factory: one check and the board, or every check for a burst', () => {
    expect(keysForEvents([{ kind: 'check_status', id: 'c1', op: 'insert' }])).toEqual([
      healthKeys.all,
      checkKeys.check('c1'),
    ]);
    expect(keysForEvents([{ kind: 'check_status', id: null, op: 'many' }])).toEqual([
      healthKeys.all,
      checkKeys.all,
    ]);
    expect(keysForEvents([{ kind: 'comment', id: 'x', op: 'insert' }])).toEqual([incidentKeys.all]);
    expect(keysForEvents([{ kind: 'playbook_run_action', id: 'a', op: 'update' }])).toEqual([
      playbookRunKeys.all,
    ]);
    expect(keysForEvents([{ kind: 'notification_send', id: 's', op: 'insert' }])).toEqual([
      notificationKeys.sends(),
    ]);
    expect(keysForEvents([{ kind: 'config_change', id: 'c', op: 'insert' }])).toEqual([catalogKeys.all]);
    expect(keysForEvents([{ kind: 'component', id: 'c', op: 'update' }])).toEqual([topologyKeys.all]);
    expect(keysForEvents([{ kind: 'job', id: 'j', op: 'insert' }])).toEqual([jobKeys.all]);
    expect(keysForEvents([{ kind: 'event_queue', id: 'e', op: 'delete' }])).toEqual([eventQueueKeys.all]);
  });

  it('names each key once per batch and drops keys a broader one in the batch covers', () => {
    const keys = keysForEvents([
      { kind: 'check_status', id: 'c1', op: 'insert' },
      { kind: 'check_status', id: 'c1', op: 'update' },
      { kind: 'check', id: null, op: 'many' },
      { kind: 'incident', id: 'i', op: 'update' },
      { kind: 'responder', id: 'r', op: 'insert' },
    ]);
    expect(keys).toEqual([healthKeys.all, checkKeys.all, incidentKeys.all]);
  });

  it('refetches everything on a reset and ignores kinds it does not know', () => {
    expect(
      keysForEvents([
        { kind: 'incident', id: 'i', op: 'update' },
        { kind: '*', id: null, op: 'reset' },
      ]),
    ).toBe('all');
    expect(keysForEvents([{ kind: 'future_kind', id: 'x', op: 'insert' }])).toEqual([]);
  });
});
