import { agentHref } from '@/lib/access';
import { catalogItemHref } from '@/lib/catalog';
import { componentHref } from '@/lib/topology';

/** The all-zero agent id: no agent (spec 000 §3). */
export const NIL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

export type LinkedSource =
  | { kind: 'agent'; id: string; name: string; href: string }
  /** `sourceId`: the source text after its prefix, looked up to find the component or item (never linked as is). */
  | { kind: 'component'; sourceId: string }
  | { kind: 'catalog'; sourceId: string }
  | { kind: 'file' }
  | { kind: 'crd'; source: string };

/**
 * What owns a resource that the editor must not change (spec 001 §4, in this order): an agent other than the nil id,
 * a source starting with `component`, one starting with `kubernetes`, `ConfigFile`, or any other non-UI source.
 * Undefined when the console owns it (source UI or none).
 */
export function linkedSourceOf(record: {
  agent_id?: string | null;
  agent?: { name?: string | null } | null;
  source?: string | null;
}): LinkedSource | undefined {
  if (record.agent_id && record.agent_id !== NIL_AGENT_ID) {
    return {
      kind: 'agent',
      id: record.agent_id,
      name: record.agent?.name || record.agent_id,
      href: agentHref(record.agent_id),
    };
  }
  const source = record.source ?? '';
  if (source === '' || source === 'UI') return undefined;
  const rest = (prefix: string) => source.slice(prefix.length).replace(/^[/:]+/, '');
  if (source.startsWith('component')) return { kind: 'component', sourceId: rest('component') };
  if (source.startsWith('kubernetes')) return { kind: 'catalog', sourceId: rest('kubernetes') };
  if (source === 'ConfigFile') return { kind: 'file' };
  return { kind: 'crd', source };
}

/** The page of a linked component or catalog item, by its real id (found by source id: 001 §7). */
export function linkedTargetHref(kind: 'component' | 'catalog', id: string): string {
  return kind === 'component' ? componentHref(id) : catalogItemHref(id);
}
