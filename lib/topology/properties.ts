import type { ComponentProperty } from '@/lib/topology/endpoints';
import { NIL_AGENT_ID } from '@/lib/constants';
import { formatBytes } from '@/lib/format/bytes';
import { propertyProgress, type ProgressAmount } from '@/lib/format/progress';
import { internalLinkOf } from '@/lib/safe-path';

/** Display of component properties: values with their units, and their links. */

export interface FormattedProperty {
  label: string;
  text: string;
  /** Only http(s) and same-origin paths; anything else (javascript:, data:) is not linked. */
  href?: string;
  icon?: string;
  color?: string;
  tooltip?: string;
  /** A percentage, or a value with a max: drawn as a progress bar (spec 001 §9). */
  progress?: ProgressAmount;
}

/** 250 → '250m'; 1500 → '1.5 cores'; 1000 → '1 core'. */
export function formatMillicores(millicores: number): string {
  if (!Number.isFinite(millicores)) return '';
  if (Math.abs(millicores) < 1000) return `${Math.round(millicores)}m`;
  const cores = Number((millicores / 1000).toFixed(2));
  return `${cores} ${cores === 1 ? 'core' : 'cores'}`;
}

function trimNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toFixed(2)));
}

/** A value with its unit, the way cards show it. */
export function formatPropertyValue(
  value: number | string | null | undefined,
  unit: string | null | undefined,
): string {
  if (value === null || value === undefined || value === '') return '';
  const numeric = typeof value === 'number' ? value : Number(value);
  const u = (unit ?? '').trim();
  if (!Number.isFinite(numeric)) return u ? `${String(value)} ${u}` : String(value);
  switch (u.toLowerCase()) {
    case 'bytes':
    case 'byte':
    case 'b':
      return formatBytes(numeric);
    case 'millicores':
    case 'millicore':
    case 'm':
      return formatMillicores(numeric);
    case 'percent':
    case '%':
      return `${trimNumber(numeric)}%`;
    case '':
      return trimNumber(numeric);
    default:
      return `${trimNumber(numeric)} ${u}`;
  }
}

/** Whether a link target is safe to render as an href. */
export function safeHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  // A path passes the same check as a redirect target (lib/safe-path.ts): '/\host' is no internal link.
  const internal = internalLinkOf(url);
  if (internal) return internal.href ?? undefined;
  const trimmed = url.trim();
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

export function formatProperty(p: ComponentProperty): FormattedProperty | null {
  const label = p.label || p.name || '';
  const link = p.links?.find((l) => safeHref(l.url));
  const valueText = formatPropertyValue(p.value, p.unit);
  const text = p.text || valueText || link?.text || link?.label || '';
  if (!label && !text) return null;
  const href = link ? safeHref(link.url) : p.type === 'url' ? safeHref(p.text) : undefined;
  const out: FormattedProperty = { label, text: text || (href ?? '') };
  if (href) out.href = href;
  if (p.icon) out.icon = p.icon;
  if (p.color) out.color = p.color;
  if (p.tooltip) out.tooltip = p.tooltip;
  const progress = propertyProgress(p);
  if (progress) out.progress = progress;
  return out;
}

export function formatProperties(
  properties: readonly ComponentProperty[] | null | undefined,
): FormattedProperty[] {
  return (properties ?? []).map(formatProperty).filter((p): p is FormattedProperty => p !== null);
}

/** A cost (per minute or total) in dollars, or '' when absent. */
export function formatCost(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || n === undefined || !Number.isFinite(n) || n === 0) return '';
  return n < 0.01 ? `$${n.toFixed(4)}` : `$${n.toFixed(2)}`;
}

/** The agent a card shows: none for the local (nil) agent or an unknown id. */
export function agentOf(
  agentId: string | null | undefined,
  agents: ReadonlyMap<string, { name?: string | null }>,
): { id: string; name: string } | undefined {
  if (!agentId || agentId === NIL_AGENT_ID) return undefined;
  const name = agents.get(agentId)?.name;
  return name ? { id: agentId, name } : undefined;
}
