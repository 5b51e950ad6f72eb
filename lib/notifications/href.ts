/** Links into the notifications screens, apart from search.ts so that a link does not load its contracts. */

/** The rules list with one rule open. */
export const notificationRuleHref = (ruleId: string) =>
  `/notifications/rules?id=${encodeURIComponent(ruleId)}`;

/** The notification pages in their tab order; the header's bell opens the first one a person may open. */
export const NOTIFICATION_PAGES = [
  { href: '/notifications', label: 'Notifications' },
  { href: '/notifications/rules', label: 'Rules' },
  { href: '/notifications/silences', label: 'Silences' },
] as const;

/** The bell's target: the first notification page the person may open (send history and rules are admin-only). */
export function notificationsEntry(canOpen: (pattern: string) => boolean): string | undefined {
  return NOTIFICATION_PAGES.find((p) => canOpen(p.href))?.href;
}
