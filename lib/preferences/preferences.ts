import { z } from 'zod';

/**
 * User preferences (spec 000 §9, 001 §9), kept in one cookie so the server renders dates, card widths and the
 * theme right on the first paint.
 */
export const PREFERENCES_COOKIE = 'console-preferences';
/** The browser's own zone, recorded by the client so the server formats 'Browser' dates the same way. */
export const BROWSER_TIMEZONE_COOKIE = 'browser-timezone';

export const DATETIME_FORMATS = ['short', 'medium', 'full', 'timestamp'] as const;
export const THEMES = ['system', 'light', 'dark'] as const;
export const CARD_WIDTH = { min: 250, max: 768, step: 2, default: 554 } as const;

export const preferencesSchema = z.object({
  datetimeFormat: z.enum(DATETIME_FORMATS).catch('timestamp'),
  /** 'Browser' or an IANA zone. */
  timezone: z.string().min(1).max(64).catch('Browser'),
  cardWidth: z.coerce
    .number()
    .int()
    .min(CARD_WIDTH.min)
    .max(CARD_WIDTH.max)
    .catch(CARD_WIDTH.default),
  showHiddenComponents: z.boolean().catch(true),
  showDeletedConfigs: z.boolean().catch(false),
  theme: z.enum(THEMES).catch('system'),
  sidebarCollapsed: z.boolean().catch(false),
});

export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  datetimeFormat: 'timestamp',
  timezone: 'Browser',
  cardWidth: CARD_WIDTH.default,
  showHiddenComponents: true,
  showDeletedConfigs: false,
  theme: 'system',
  sidebarCollapsed: false,
};

/** Parses the cookie; every field that is missing or malformed falls back to its default on its own. */
export function parsePreferences(raw: string | undefined | null): Preferences {
  if (!raw) return DEFAULT_PREFERENCES;
  let value: unknown;
  try {
    value = JSON.parse(decodeURIComponent(raw));
  } catch {
    return DEFAULT_PREFERENCES;
  }
  if (!value || typeof value !== 'object') return DEFAULT_PREFERENCES;
  const merged = { ...DEFAULT_PREFERENCES, ...(value as Record<string, unknown>) };
  return preferencesSchema.parse(merged);
}

export function serializePreferences(preferences: Preferences): string {
  return encodeURIComponent(JSON.stringify(preferences));
}

/** Snaps a slider value to the allowed range and step. */
export function clampCardWidth(value: number): number {
  if (!Number.isFinite(value)) return CARD_WIDTH.default;
  const clamped = Math.min(CARD_WIDTH.max, Math.max(CARD_WIDTH.min, value));
  return CARD_WIDTH.min + Math.round((clamped - CARD_WIDTH.min) / CARD_WIDTH.step) * CARD_WIDTH.step;
}
