// Apart from silence-draft.ts: the silences list needs only this, and the draft's range code (date-fns) would
// otherwise load with the list (ARCHITECTURE §6).

export type SilenceState = 'active' | 'upcoming' | 'expired';

/** Whether a silence holds notifications back now, will from its start, or no longer does. */
export function silenceState(s: { from?: string | null; until?: string | null }, now: Date): SilenceState {
  if (s.until && Date.parse(s.until) <= now.getTime()) return 'expired';
  if (s.from && Date.parse(s.from) > now.getTime()) return 'upcoming';
  return 'active';
}
