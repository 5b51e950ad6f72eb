/**
 * The detail page's tabs, in order: path segment and label. A module of its own: the item's tab bar loads it on
 * every tab, and constants.ts (the lists' columns and filters) would come whole with it.
 */
export const CONFIG_TABS = [
  { segment: '', label: 'Config', badge: null },
  { segment: 'changes', label: 'Changes', badge: 'changes' },
  { segment: 'insights', label: 'Insights', badge: 'analysis' },
  { segment: 'relationships', label: 'Relationships', badge: 'relationships' },
  { segment: 'playbooks', label: 'Playbooks', badge: 'playbook_runs' },
  { segment: 'checks', label: 'Checks', badge: 'checks' },
] as const;
