/**
 * The zod-free half of the preferences (constants, type, defaults, serialization), so that client code (the
 * provider, the preferences menu) does not pull the validator into every page's first-load JavaScript.
 * `parsePreferences` (zod) lives in ./preferences.ts, which re-exports everything here.
 */
export const PREFERENCES_COOKIE = 'console-preferences';
/** The browser's own zone, recorded by the client so the server formats 'Browser' dates the same way. */
export const BROWSER_TIMEZONE_COOKIE = 'browser-timezone';

export const DATETIME_FORMATS = ['short', 'medium', 'full', 'timestamp'] as const;
export const THEMES = ['system', 'light', 'dark'] as const;
export const CARD_WIDTH = { min: 250, max: 768, step: 2, default: 554 } as const;

export interface Preferences {
  datetimeFormat: (typeof DATETIME_FORMATS)[number];
  /** 'Browser' or an IANA zone. */
  timezone: string;
  cardWidth: number;
  showHiddenComponents: boolean;
  showDeletedConfigs: boolean;
  theme: (typeof THEMES)[number];
  sidebarCollapsed: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = {
  datetimeFormat: 'timestamp',
  timezone: 'Browser',
  cardWidth: CARD_WIDTH.default,
  showHiddenComponents: true,
  showDeletedConfigs: false,
  theme: 'system',
  sidebarCollapsed: false,
};

export function serializePreferences(preferences: Preferences): string {
  return encodeURIComponent(JSON.stringify(preferences));
}

/** Snaps a slider value to the allowed range and step. */
export function clampCardWidth(value: number): number {
  if (!Number.isFinite(value)) return CARD_WIDTH.default;
  const clamped = Math.min(CARD_WIDTH.max, Math.max(CARD_WIDTH.min, value));
  return CARD_WIDTH.min + Math.round((clamped - CARD_WIDTH.min) / CARD_WIDTH.step) * CARD_WIDTH.step;
}
