import type { SilenceRequest } from '@/lib/notifications/endpoints';
import { durationLabel, INDEFINITELY, INDEFINITELY_DISPLAY } from '@/lib/time-range/ranges';
import { resolveTimeRange } from '@/lib/time-range/resolve';
import type { TimeRange } from '@/lib/time-range/types';

/**
 * The add-silence form's values → the body of POST /notification/silence (and of its preview). One mapping, so
 * the preview always shows what the save would store.
 */

export type SilenceTargetMode = 'resource' | 'filter' | 'labels';

export interface SilenceDraftValues {
  name: string;
  description?: string;
  range: TimeRange | null;
  recursive: boolean;
  mode: SilenceTargetMode;
  resource: { id: string; kind: string } | null;
  filter: string;
  labelSelector: string;
}

const ID_FIELD: Record<string, 'check_id' | 'component_id' | 'config_id' | 'canary_id'> = {
  checks: 'check_id',
  check: 'check_id',
  components: 'component_id',
  component: 'component_id',
  configs: 'config_id',
  config: 'config_id',
  canaries: 'canary_id',
  canary: 'canary_id',
};

/**
 * The "Silence for" choices (issue 37): a silence quiets an alert from now on, so the form offers durations ahead
 * first, then Indefinitely and a time to silence until — never the past ranges a time-range picker opens on.
 */
export const SILENCE_DURATIONS = [
  { value: '1h', label: '1 hour' },
  { value: '4h', label: '4 hours' },
  { value: '1d', label: '1 day' },
  { value: '1w', label: '1 week' },
  { value: INDEFINITELY, label: INDEFINITELY_DISPLAY },
  { value: 'until', label: 'Until…' },
] as const;

export type SilenceDuration = (typeof SILENCE_DURATIONS)[number]['value'];

/** A chosen duration as the range silenceWindow reads; 'until' needs the instant (ISO), else null. */
export function silenceRange(
  duration: SilenceDuration,
  until: string | undefined,
  now: Date,
): TimeRange | null {
  if (duration === INDEFINITELY)
    return { type: 'relative', display: INDEFINITELY_DISPLAY, range: INDEFINITELY };
  if (duration === 'until')
    return until ? { type: 'absolute', display: 'Until', from: now.toISOString(), to: until } : null;
  return { type: 'relative', display: `Next ${durationLabel(duration)}`, range: `now+${duration}` };
}

/** from/until of a picked range; a past start is now (a silence does not act backwards); Indefinitely → null until. */
export function silenceWindow(
  range: TimeRange | null,
  now: Date,
): { from: string; until: string | null } | null {
  if (!range) return null;
  if (range.type === 'relative' && range.range === INDEFINITELY)
    return { from: now.toISOString(), until: null };
  const resolved = resolveTimeRange(range, { now });
  if (!resolved) return null;
  return { from: resolved.from.toISOString(), until: resolved.to ? resolved.to.toISOString() : null };
}

/** What the silence covers, or null when the draft names nothing yet (the preview waits for it). */
export function silenceCriteria(
  v: Pick<SilenceDraftValues, 'mode' | 'resource' | 'filter' | 'labelSelector' | 'recursive'>,
): Omit<SilenceRequest, 'name'> | null {
  if (v.mode === 'resource') {
    const field = v.resource ? ID_FIELD[v.resource.kind] : undefined;
    return v.resource && field ? { [field]: v.resource.id, recursive: v.recursive } : null;
  }
  if (v.mode === 'filter')
    return v.filter.trim() ? { filter: v.filter.trim(), recursive: v.recursive } : null;
  return v.labelSelector.trim()
    ? { selectors: [{ labelSelector: v.labelSelector.trim() }], recursive: v.recursive }
    : null;
}

export function silenceBody(v: SilenceDraftValues, now: Date): SilenceRequest | null {
  const criteria = silenceCriteria(v);
  const window = silenceWindow(v.range, now);
  if (!criteria || !window) return null;
  return {
    name: v.name.trim(),
    ...(v.description?.trim() ? { description: v.description.trim() } : {}),
    from: window.from,
    until: window.until,
    ...criteria,
    source: 'UI',
  };
}
