/** The public states of an incident, in the order a public update moves through them (issue 38). */
export const PUBLIC_UPDATE_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type PublicUpdateStatus = (typeof PUBLIC_UPDATE_STATUSES)[number];

export const PUBLIC_UPDATE_LABELS: Record<PublicUpdateStatus, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};
