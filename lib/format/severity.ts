/**
 * Incident severities (ARCHITECTURE §5: the union of both spec files, in order).
 */
export const INCIDENT_SEVERITIES = [
  'info',
  'warning',
  'low',
  'medium',
  'high',
  'critical',
  'blocker',
] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];

export const INCIDENT_SEVERITY_LABELS: Record<IncidentSeverity, string> = {
  info: 'Info',
  warning: 'Warning',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
  blocker: 'Blocker',
};

const NUMERIC: Record<number, IncidentSeverity> = { 1: 'medium', 2: 'high', 3: 'blocker', 4: 'critical' };

/**
 * Read a stored severity: a severity name (any case) is kept; numeric 1–4 (number or
 * numeric string) read as medium, high, blocker, critical; anything else is low.
 */
export function normalizeSeverity(value: unknown): IncidentSeverity {
  if (typeof value === 'number') return NUMERIC[value] ?? 'low';
  if (typeof value === 'string') {
    const s = value.trim().toLowerCase();
    if ((INCIDENT_SEVERITIES as readonly string[]).includes(s)) return s as IncidentSeverity;
    if (/^\d+$/.test(s)) return NUMERIC[Number(s)] ?? 'low';
  }
  return 'low';
}

export function severityLabel(value: unknown): string {
  return INCIDENT_SEVERITY_LABELS[normalizeSeverity(value)];
}

export const INCIDENT_SEVERITY_OPTIONS = INCIDENT_SEVERITIES.map((value) => ({
  value,
  label: INCIDENT_SEVERITY_LABELS[value],
}));
