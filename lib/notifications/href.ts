/** Links into the notifications screens, apart from search.ts so that a link does not load its contracts. */

/** The rules list with one rule open. */
export const notificationRuleHref = (ruleId: string) =>
  `/notifications/rules?id=${encodeURIComponent(ruleId)}`;
