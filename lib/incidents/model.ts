/**
 * Incident vocabulary (spec 000 §3–§4, 001 §4): statuses, types and their labels. The incident page's own rules
 * (hypotheses, comments, the timeline) are in investigation.ts, so the list's first load carries none of them.
 */

export const INCIDENT_STATUSES = ['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export const INCIDENT_TYPES = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technicalDebt',
  'reliability',
] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];

export const INCIDENT_TYPE_LABELS: Record<IncidentType, string> = {
  cost: 'Cost',
  availability: 'Availability',
  performance: 'Performance',
  security: 'Security',
  integration: 'Integration',
  compliance: 'Compliance',
  technicalDebt: 'Technical Debt',
  reliability: 'Reliability',
};

export const capitalize = (value: string) => (value ? value.charAt(0).toUpperCase() + value.slice(1) : value);

export function incidentTypeLabel(type: string | null | undefined): string {
  return type ? (INCIDENT_TYPE_LABELS[type as IncidentType] ?? type) : '';
}
