import { userHref } from '@/lib/access';
import { decideAccess } from '@/lib/auth/access';
import { isAdmin } from '@/lib/auth/permissions';
import { catalogItemHref } from '@/lib/catalog';
import { connectionHref } from '@/lib/connections';
import { checkHref } from '@/lib/health';
import { incidentHref } from '@/lib/incidents';
import { playbookRunsHref } from '@/lib/playbooks';
import { teamHref, type ResourceOption } from '@/lib/resources';
import { findRoute } from '@/lib/routes';
import { componentHref } from '@/lib/topology';
import type { PaletteSession } from './pages';

/** One found thing as the palette lists it: what it is, its state, a line of context and the page it opens. */
export interface PaletteThing {
  kind: 'Check' | 'Component' | 'Config' | 'Incident' | 'Playbook' | 'Person' | 'Team' | 'Connection';
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

/** Which of the admin-only kinds the palette searches for the person (issue 33: "for admins people, teams and
 * connections"): an admin's, each only when the gate lets them open its page, so no search is sent that the page
 * would be refused; people not in hosted mode, where the organization's settings list them instead. */
export function adminThingSearches(session: PaletteSession): {
  people: boolean;
  teams: boolean;
  connections: boolean;
} {
  const opens = (pattern: string) =>
    isAdmin(session.roles) &&
    decideAccess(findRoute(pattern), { ...session, refreshedAt: 0 }, session.mode) === 'allow';
  return {
    people: session.mode !== 'clerk' && opens('/settings/users'),
    teams: opens('/settings/teams'),
    connections: opens('/settings/connections'),
  };
}

/** People open their dialog on the users page (`?id=`, userHref). */
export function thingsOfPeople(
  people: readonly { id: string; name: string; email?: string | null }[],
): PaletteThing[] {
  return people.map((p) => ({
    kind: 'Person',
    id: p.id,
    title: p.name,
    context: text(p.email),
    href: userHref(p.id),
    keywords: ['Person', 'user', p.email ?? ''],
  }));
}

export function thingsOfTeams(
  teams: readonly { id: string; name: string; source?: string | null }[],
): PaletteThing[] {
  return teams.map((t) => ({
    kind: 'Team',
    id: t.id,
    title: t.name,
    context: text(t.source) ? `Source: ${t.source}` : undefined,
    href: teamHref(t.id),
    keywords: ['Team'],
  }));
}

/** Connections open in their edit dialog; the context is the type and the host, never a credential. */
export function thingsOfConnections(
  connections: readonly { id: string; name: string; type: string; url?: string | null }[],
): PaletteThing[] {
  return connections.map((c) => ({
    kind: 'Connection',
    id: c.id,
    title: c.name,
    context: [c.type, hostOf(c.url)].filter(Boolean).join(' · ') || undefined,
    href: connectionHref(c.id),
    keywords: ['Connection', c.type, hostOf(c.url) ?? ''],
  }));
}

/** The host of a connection's URL (no user, password or path), or nothing when it is not a URL. */
function hostOf(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
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
