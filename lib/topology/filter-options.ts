import type { Agent } from '@/lib/access';
import type { ComponentLabel } from '@/lib/topology/endpoints';

/** Dropdown options of the filter bar from the backend's label and agent lists. */
export interface Option {
  value: string;
  label: string;
}

const MAX_LABEL_OPTIONS = 500;

export function labelOptions(labels: readonly ComponentLabel[]): Option[] {
  const seen = new Set<string>();
  const out: Option[] = [];
  for (const l of labels) {
    const value = `${l.key}=${l.value ?? ''}`;
    if (seen.has(value)) continue;
    seen.add(value);
    out.push({ value, label: `${l.key}: ${l.value ?? ''}` });
  }
  return out.sort((a, b) => a.label.localeCompare(b.label)).slice(0, MAX_LABEL_OPTIONS);
}

export function agentOptions(agents: readonly Agent[]): Option[] {
  return agents
    .map((a) => ({ value: a.id, label: a.name || a.id }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
