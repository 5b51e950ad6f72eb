import { catalogItemHref } from '@/lib/catalog';
import { checkHref } from '@/lib/health';
import { incidentHref } from '@/lib/incidents';
import { playbookRunsHref } from '@/lib/playbooks';
import type { ResourceOption } from '@/lib/resources';
import { componentHref } from '@/lib/topology';

/** One found thing as the palette lists it: what it is, its state, a line of context and the page it opens. */
export interface PaletteThing {
  kind: 'Check' | 'Component' | 'Config' | 'Incident' | 'Playbook';
  id: string;
  title: string;
  status?: string;
  context?: string;
  href: string;
  keywords: string[];
}

const RESOURCE_KINDS = {
  checks: { kind: 'Check', href: (id: string) => checkHref(id) },
  components: { kind: 'Component', href: componentHref },
  configs: { kind: 'Config', href: (id: string) => catalogItemHref(id) },
} as const;

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** Hits of POST /resources/search (backend-contract §2.7), with health or status as the state. */
export function thingsOfResources(options: readonly ResourceOption[]): PaletteThing[] {
  return options.map((o) => {
    const { kind, href } = RESOURCE_KINDS[o.kind];
    const context = [text(o.type), text(o.namespace)].filter(Boolean).join(' · ');
    return {
      kind,
      id: o.id,
      title: text(o.name) ?? o.id,
      status: text((o as Record<string, unknown>).health) ?? text((o as Record<string, unknown>).status),
      context: context || undefined,
      href: href(o.id),
      keywords: [kind, text(o.type) ?? '', text(o.namespace) ?? ''],
    };
  });
}

export function thingsOfIncidents(
  rows: readonly { id: string; title: string; incident_id?: string | null; status?: unknown }[],
): PaletteThing[] {
  return rows.map((r) => ({
    kind: 'Incident',
    id: r.id,
    title: r.title,
    status: text(r.status),
    context: text(r.incident_id),
    href: incidentHref(r.id),
    keywords: ['Incident', r.incident_id ?? ''],
  }));
}

export function thingsOfPlaybooks(
  playbooks: readonly {
    id: string;
    name: string;
    title?: string | null;
    category?: string | null;
    description?: string | null;
  }[],
): PaletteThing[] {
  return playbooks.map((p) => ({
    kind: 'Playbook',
    id: p.id,
    title: p.title || p.name,
    context: [text(p.category), text(p.description)].filter(Boolean).join(' · ') || undefined,
    href: playbookRunsHref(p.id),
    keywords: ['Playbook', p.name, p.category ?? ''],
  }));
}

/**
 * What is sent to the resource search: the typed words as name matches only. Its search syntax (`key=value`, `;`,
 * `!`, `*`, `,`) is the backend's filter grammar, and a palette query is plain text, never a filter.
 */
export function resourceSearchText(query: string): string {
  return query
    .replace(/[=;!*,]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}
