import type { LogLine } from '@/lib/logs/endpoints';
import type { EvidenceTarget } from '@/lib/incidents';

/** A log line as incident evidence of type log (the incident page shows `lines`; the rest keeps the line whole). */
export function logEvidence(line: LogLine, componentId: string): EvidenceTarget {
  return {
    type: 'log',
    component_id: componentId,
    evidence: {
      lines: [[line.timestamp, line.message].filter(Boolean).join(' ')],
      logs: [{ timestamp: line.timestamp ?? null, message: line.message ?? '', labels: line.labels ?? {} }],
    },
  };
}
