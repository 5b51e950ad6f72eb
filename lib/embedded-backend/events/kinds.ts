/**
 * The change-event kinds of `GET /events` (docs/live-updates.md): each names a table the screens show, the column
 * that identifies the changed row, and the /db resource whose RBAC object decides who may hear of it.
 */
export const EVENT_SOURCES = {
  check_status: { table: 'check_statuses', idColumn: 'check_id' },
  check: { table: 'checks', idColumn: 'id' },
  canary: { table: 'canaries', idColumn: 'id' },
  component: { table: 'components', idColumn: 'id' },
  topology: { table: 'topologies', idColumn: 'id' },
  incident: { table: 'incidents', idColumn: 'id' },
  comment: { table: 'comments', idColumn: 'id' },
  hypothesis: { table: 'hypotheses', idColumn: 'id' },
  evidence: { table: 'evidences', idColumn: 'id' },
  responder: { table: 'responders', idColumn: 'id' },
  playbook_run: { table: 'playbook_runs', idColumn: 'id' },
  playbook_run_action: { table: 'playbook_run_actions', idColumn: 'id' },
  notification_send: { table: 'notification_send_history', idColumn: 'id' },
  config_change: { table: 'config_changes', idColumn: 'id' },
  config_item: { table: 'config_items', idColumn: 'id' },
  job: { table: 'job_history', idColumn: 'id' },
  event_queue: { table: 'event_queue', idColumn: 'id' },
} as const satisfies Record<string, { table: string; idColumn: string }>;

export type EventKind = keyof typeof EVENT_SOURCES;

export const EVENT_KINDS = Object.keys(EVENT_SOURCES) as EventKind[];

export function isEventKind(value: string): value is EventKind {
  return Object.hasOwn(EVENT_SOURCES, value);
}

/** The NOTIFY channel the triggers of migration 0320 write to. */
export const CHANGE_CHANNEL = 'console_changes';
