import type { NotificationRule, NotificationRuleWrite } from '@/lib/notifications/endpoints';
import { durationToNanos, nanosToDuration } from '@/lib/notifications/durations';
import { firstConnection, type CustomService } from '@/lib/notifications/recipient';

/**
 * A notification rule ↔ the rule form's values. One recipient at a time (a person, a team, a notification
 * connection or a playbook); the others are written as null so that a changed recipient replaces the old one
 * (upstream §2.6 forced person_id, team_id and custom_services to null when absent).
 */

export const RECIPIENT_KINDS = ['person', 'team', 'connection', 'playbook'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

export interface RuleFormValues {
  name: string;
  events: string[];
  filter: string;
  title: string;
  template: string;
  recipientKind: RecipientKind;
  /** person or team id, `connection://namespace/name` of a connection, or playbook id. */
  recipient: string;
  repeatInterval: string;
  /** A Go duration ('5m'); stored in nanoseconds. */
  waitFor: string;
  /** Label keys (`tag:<k>`, `label:<k>`) to group by. */
  groupBy: string[];
}

export function ruleToValues(rule: NotificationRule | null): RuleFormValues {
  const connection = firstConnection(rule?.custom_services);
  const recipientKind: RecipientKind = rule?.person_id
    ? 'person'
    : rule?.team_id
      ? 'team'
      : rule?.playbook_id
        ? 'playbook'
        : connection || (Array.isArray(rule?.custom_services) && rule.custom_services.length > 0)
          ? 'connection'
          : 'person';
  const recipient =
    recipientKind === 'person'
      ? (rule?.person_id ?? '')
      : recipientKind === 'team'
        ? (rule?.team_id ?? '')
        : recipientKind === 'playbook'
          ? (rule?.playbook_id ?? '')
          : connection;
  return {
    name: rule?.name ?? '',
    events: rule?.events ?? [],
    filter: rule?.filter ?? '',
    title: rule?.title ?? '',
    template: rule?.template ?? '',
    recipientKind,
    recipient,
    repeatInterval: rule?.repeat_interval ?? '',
    waitFor: nanosToDuration(rule?.wait_for),
    groupBy: rule?.group_by ?? [],
  };
}

/** `connection://ns/name` → a custom service naming the connection's type (the backend resolves the rest). */
export function connectionService(ref: string, type: string | null | undefined): CustomService {
  return { name: type ?? 'connection', connection: ref };
}

/**
 * The write of a rule. `previousServices` are the rule's stored custom services: those that name no connection
 * (a URL typed elsewhere) are kept beside the chosen connection, so an edit does not lose them.
 */
function servicesWith(
  ref: string | null,
  type: string | null | undefined,
  previous: unknown,
): unknown[] | null {
  const kept = Array.isArray(previous)
    ? (previous as CustomService[]).filter(
        (s) => s && typeof s === 'object' && typeof s.connection !== 'string',
      )
    : [];
  const list = ref ? [connectionService(ref, type), ...kept] : kept;
  return list.length > 0 ? list : null;
}

export function valuesToRuleWrite(
  v: RuleFormValues,
  connectionType?: string | null,
  previousServices?: unknown,
): NotificationRuleWrite {
  const pick = (kind: RecipientKind) => (v.recipientKind === kind && v.recipient ? v.recipient : null);
  const connection = pick('connection');
  const groupBy = [...new Set(v.groupBy.map((k) => k.trim()).filter(Boolean))];
  return {
    name: v.name.trim(),
    events: v.events,
    filter: v.filter.trim() || null,
    title: v.title.trim() || null,
    template: v.template.trim() || null,
    person_id: pick('person'),
    team_id: pick('team'),
    playbook_id: pick('playbook'),
    custom_services:
      v.recipientKind === 'connection' ? servicesWith(connection, connectionType, previousServices) : null,
    repeat_interval: v.repeatInterval.trim() || null,
    wait_for: durationToNanos(v.waitFor),
    group_by: groupBy.length > 0 ? groupBy : null,
  };
}
