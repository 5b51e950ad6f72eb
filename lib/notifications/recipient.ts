import type { NotificationRule } from '@/lib/notifications/endpoints';

/**
 * A rule's recipient as the rules list names it; apart from the rule form (rule-form.ts) so that the list's first
 * load carries no form mapping.
 */

/** The list's and the picker's word for a rule that names nobody (a valid rule: the backend stores nulls). */
export const NO_RECIPIENT = 'No recipient';

export interface CustomService {
  name?: string;
  connection?: string;
  url?: string;
}

export function firstConnection(services: unknown): string {
  if (!Array.isArray(services)) return '';
  const hit = (services as CustomService[]).find((s) => typeof s?.connection === 'string');
  return hit?.connection ?? '';
}

/**
 * Who a rule notifies, in words for the list: the person's or team's name, the connection's ref, 'Playbook', or
 * `NO_RECIPIENT`. URL services (no connection) read 'Custom service'.
 */
export function recipientLabel(rule: NotificationRule): string {
  if (rule.person_id) return rule.person?.name ?? rule.person_id;
  if (rule.team_id) return rule.team?.name ?? rule.team_id;
  if (rule.playbook_id) return 'Playbook';
  const connection = firstConnection(rule.custom_services);
  if (connection) return connection.replace(/^connection:\/\//, '');
  if (Array.isArray(rule.custom_services) && rule.custom_services.length > 0) return 'Custom service';
  return NO_RECIPIENT;
}
