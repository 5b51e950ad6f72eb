import type { QueryKey } from '@tanstack/react-query';
import { catalogKeys } from '@/lib/catalog';
import { checkKeys, healthKeys } from '@/lib/health';
import { incidentKeys } from '@/lib/incidents';
import { notificationKeys } from '@/lib/notifications';
import { eventQueueKeys, jobKeys } from '@/lib/operations';
import { playbookRunKeys } from '@/lib/playbooks';
import { topologyKeys } from '@/lib/topology';

/**
 * Which cached queries an event of each kind makes stale, through each resource's own key factory. A change names
 * one row; lists that may show it are keyed by their filters, so they go by family (invalidating refetches only the
 * queries on screen). The kinds are those of the backend's `GET /events` (docs/live-updates.md).
 */

export interface LiveEvent {
  /** `*` with op `reset`: anything shown may have changed. */
  kind: string;
  id: string | null;
  op: string;
}

const incidents = () => [incidentKeys.all];
const catalog = () => [catalogKeys.all];

export const KIND_KEYS: Readonly<Record<string, (id: string | null) => QueryKey[]>> = {
  check_status: (id) => [healthKeys.all, id ? checkKeys.check(id) : checkKeys.all],
  check: (id) => [healthKeys.all, id ? checkKeys.check(id) : checkKeys.all],
  canary: () => [healthKeys.all, checkKeys.all],
  component: () => [topologyKeys.all],
  topology: () => [topologyKeys.all],
  incident: incidents,
  comment: incidents,
  hypothesis: incidents,
  evidence: incidents,
  responder: incidents,
  playbook_run: () => [playbookRunKeys.all],
  playbook_run_action: () => [playbookRunKeys.all],
  notification_send: () => [notificationKeys.sends()],
  config_change: catalog,
  config_item: catalog,
  job: () => [jobKeys.all],
  event_queue: () => [eventQueueKeys.all],
};

/** The query keys (prefixes) a batch of events makes stale, each once; `all` for a reset. */
export function keysForEvents(events: readonly LiveEvent[]): QueryKey[] | 'all' {
  const seen = new Map<string, QueryKey>();
  for (const event of events) {
    if (event.op === 'reset') return 'all';
    for (const key of KIND_KEYS[event.kind]?.(event.id) ?? []) seen.set(JSON.stringify(key), key);
  }
  // A key under another key in the batch adds nothing: invalidating the prefix covers it.
  const keys = [...seen.values()];
  return keys.filter(
    (key) =>
      !keys.some(
        (other) => other !== key && other.length < key.length && other.every((part, i) => part === key[i]),
      ),
  );
}
