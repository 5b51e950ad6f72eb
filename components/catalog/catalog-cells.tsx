import * as React from 'react';
import { StatusDot } from '@/components/widgets/status-dot';
import { countOf } from '@/lib/catalog/format';
import { cn } from '@/lib/utils';

/**
 * Cells shared by the catalog's lists: the health split, change and insight badges. The type icon with name is in
 * config-name.tsx, apart, since the change and insight feeds show it without these (and their status dot).
 */

const HEALTH_ORDER = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;

/** Counts per health (healthy, unhealthy, warning, unknown), each with its dot. */
export function HealthSplit({ health }: { health: Readonly<Record<string, number>> }) {
  const entries = HEALTH_ORDER.filter((h) => (health[h] ?? 0) > 0);
  if (!entries.length) return <span className="text-muted-foreground">–</span>;
  return (
    <span className="flex flex-wrap items-center gap-2">
      {entries.map((h) => (
        <span key={h} className="inline-flex items-center gap-1 tabular-nums" title={`${health[h]} ${h}`}>
          <StatusDot status={h} label={h} />
          {health[h]}
        </span>
      ))}
    </span>
  );
}

export function HealthCell({
  health,
  status,
}: {
  health: string | null | undefined;
  status?: string | null;
}) {
  return (
    <span className="flex items-center gap-1.5">
      <StatusDot status={health ?? 'unknown'} label={health ?? 'unknown'} />
      <span className="truncate">{status ?? health ?? ''}</span>
    </span>
  );
}

/** A count as a small badge; nothing for zero. */
export function CountBadge({
  count,
  label,
  tone = 'default',
}: {
  count: number | null | undefined;
  label: string;
  tone?: 'default' | 'warning';
}) {
  if (!count) return null;
  return (
    <span
      title={`${count} ${label}`}
      aria-label={`${count} ${label}`}
      className={cn(
        'inline-flex min-w-6 justify-center rounded-full px-1.5 text-xs font-medium tabular-nums',
        tone === 'warning'
          ? 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200'
          : 'bg-muted text-foreground',
      )}
    >
      {count}
    </span>
  );
}

export function ChangesInsightsBadges({
  changes,
  analysis,
}: {
  changes: number | null | undefined;
  analysis: Readonly<Record<string, number | null | undefined>> | null | undefined;
}) {
  return (
    <span className="flex items-center gap-1">
      <CountBadge count={changes} label="changes" />
      <CountBadge count={countOf(analysis)} label="insights" tone="warning" />
    </span>
  );
}
