import { componentInsightsHref } from '@/lib/catalog';
import { componentIncidentsHref } from '@/lib/incidents';
import type { ComponentSummary, TopologyComponent } from '@/lib/topology/endpoints';
import { componentChecksHref, componentStatusHref } from '@/lib/topology/href';

/**
 * The health summary of a card as links to the lists they count: the component's children with that status, its
 * incidents and insights by type, and its checks (the component page's checks section).
 */

export type SummaryKind =
  'healthy' | 'unhealthy' | 'warning' | 'unknown' | 'incidents' | 'insights' | 'checks';

export interface SummaryLink {
  kind: SummaryKind;
  /** The status, the incident or insight type, or the check status. */
  key: string;
  count: number;
  href: string;
  label: string;
}

const HEALTH_KINDS = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;

/** A counter's total: a number, or the sum of a `{severity: n}` map. */
function total(value: number | Record<string, number> | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (!value) return 0;
  return Object.values(value).reduce((sum, n) => sum + (Number.isFinite(n) ? n : 0), 0);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function summaryLinks(
  componentId: string,
  summary: ComponentSummary | null | undefined,
): SummaryLink[] {
  if (!summary) return [];
  // The builders encode the id.
  const id = componentId;
  const links: SummaryLink[] = [];
  for (const kind of HEALTH_KINDS) {
    // The backend has called the unknown counter 'info' in some versions.
    const count = kind === 'unknown' ? (summary.unknown ?? summary.info ?? 0) : (summary[kind] ?? 0);
    if (count > 0) {
      links.push({ kind, key: kind, count, href: componentStatusHref(id, kind), label: `${count} ${kind}` });
    }
  }
  for (const [type, counts] of Object.entries(summary.incidents ?? {})) {
    const count = total(counts);
    if (count > 0) {
      links.push({
        kind: 'incidents',
        key: type,
        count,
        href: componentIncidentsHref(id, type),
        label: `${plural(count, 'incident')} (${type})`,
      });
    }
  }
  for (const [type, counts] of Object.entries(summary.insights ?? {})) {
    const count = total(counts);
    if (count > 0) {
      links.push({
        kind: 'insights',
        key: type,
        count,
        href: componentInsightsHref(id, type),
        label: `${plural(count, 'insight')} (${type})`,
      });
    }
  }
  for (const [status, counts] of Object.entries(summary.checks ?? {})) {
    const count = total(counts);
    if (count > 0) {
      links.push({
        kind: 'checks',
        key: status,
        count,
        href: componentChecksHref(id),
        label: `${plural(count, 'check')} ${status}`,
      });
    }
  }
  return links;
}

/**
 * What a component's wall display says is failing: its unhealthy children (named as far as the tree carries them,
 * counted by the summary), or the component itself when it is unhealthy without one.
 */
export function failingComponents(c: TopologyComponent): { names: string[]; count: number } {
  const name = (x: TopologyComponent) => x.title || x.name;
  const names = (c.components ?? []).filter((child) => child.status === 'unhealthy').map(name);
  const count = Math.max(names.length, c.summary?.unhealthy ?? 0);
  if (count > 0 || c.status !== 'unhealthy') return { names, count };
  return { names: [name(c)], count: 1 };
}
