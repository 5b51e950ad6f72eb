'use client';

import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useOptionalPreferences } from '@/components/shell/preferences-provider';
import { formatDateTime, formatDateTimeAbsolute } from '@/lib/format/date';
import { formatDuration } from '@/lib/format/duration';
import type { CheckGraph } from '@/lib/health/endpoints';

/** The check graph's count (spec 000 §9). */
export const CHART_MAX_POINTS = 300;

interface Point {
  time: number;
  duration: number;
  ok: boolean;
}

function pointsOf(graph: CheckGraph | null | undefined): Point[] {
  const buckets = graph?.status ?? [];
  return buckets
    .slice(-CHART_MAX_POINTS)
    .map((b) => ({ time: Date.parse(b.time), duration: b.duration ?? 0, ok: b.status === true }));
}

/**
 * Colours from the theme's tokens (CSS variables), so the chart follows light and dark like the rest of the page
 * (issue 37): recharts' own defaults are fixed greys and a white tooltip.
 */
const AXIS = { fill: 'var(--muted-foreground)', fontSize: 11 };
const TOOLTIP_STYLE = {
  backgroundColor: 'var(--popover)',
  color: 'var(--popover-foreground)',
  border: '1px solid var(--border)',
  borderRadius: 'var(--radius)',
};
const BAR_FILL = { ok: 'var(--status-healthy)', failed: 'var(--status-unhealthy)' };

/** Health Overview (recharts, loaded with the check panel only): duration per bucket, red when it failed. */
export function HealthOverviewChart({ graph }: { graph: CheckGraph | null | undefined }) {
  const points = pointsOf(graph);
  // Ticks and tooltip in the person's zone and 24-hour time, as every other time in the console.
  const preferences = useOptionalPreferences()?.preferences;
  const zone = { timezone: preferences?.timezone, format: preferences?.datetimeFormat };
  const tickLabel = (value: number) => formatDateTime(value, { format: 'medium', timezone: zone.timezone });
  const failed = points.filter((p) => !p.ok).length;
  if (points.length === 0) return <p className="p-4 text-sm text-muted-foreground">No data available</p>;
  return (
    <figure
      className="h-48 w-full"
      aria-label={`Health overview: ${points.length} intervals, ${failed} failed`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
          <XAxis
            dataKey="time"
            type="number"
            domain={['dataMin', 'dataMax']}
            tickFormatter={tickLabel}
            tick={AXIS}
            stroke="var(--border)"
          />
          <YAxis
            tickFormatter={(v: number) => formatDuration(v)}
            width={56}
            tick={AXIS}
            stroke="var(--border)"
          />
          <Tooltip
            contentStyle={TOOLTIP_STYLE}
            labelStyle={{ color: 'var(--popover-foreground)' }}
            itemStyle={{ color: 'var(--popover-foreground)' }}
            cursor={{ fill: 'var(--muted)' }}
            labelFormatter={(v) => formatDateTimeAbsolute(Number(v), zone)}
            formatter={(v) => [formatDuration(Number(v)), 'Duration']}
          />
          <Bar dataKey="duration" isAnimationActive={false}>
            {points.map((p) => (
              <Cell key={p.time} fill={p.ok ? BAR_FILL.ok : BAR_FILL.failed} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
