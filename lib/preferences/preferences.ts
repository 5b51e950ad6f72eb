import { z } from 'zod';
import {
  CARD_WIDTH,
  DATETIME_FORMATS,
  DEFAULT_PREFERENCES,
  THEMES,
  type Preferences,
} from '@/lib/preferences/constants';

/**
 * User preferences (spec 000 §9, 001 §9), kept in one cookie so the server renders dates, card widths and the
 * theme right on the first paint. Client code imports the zod-free ./constants; this module adds the validator.
 */
export {
  BROWSER_TIMEZONE_COOKIE,
  CARD_WIDTH,
  clampCardWidth,
  DATETIME_FORMATS,
  DEFAULT_PREFERENCES,
  PREFERENCES_COOKIE,
  serializePreferences,
  THEMES,
  type Preferences,
} from '@/lib/preferences/constants';

export const preferencesSchema = z.object({
  datetimeFormat: z.enum(DATETIME_FORMATS).catch('timestamp'),
  /** 'Browser' or an IANA zone. */
  timezone: z.string().min(1).max(64).catch('Browser'),
  cardWidth: z.coerce.number().int().min(CARD_WIDTH.min).max(CARD_WIDTH.max).catch(CARD_WIDTH.default),
  showHiddenComponents: z.boolean().catch(true),
  showDeletedConfigs: z.boolean().catch(false),
  theme: z.enum(THEMES).catch('system'),
  sidebarCollapsed: z.boolean().catch(false),
});

// The hand-written type and the schema must describe the same object.
type SchemaOutput = z.infer<typeof preferencesSchema>;
const sameShape: [SchemaOutput, Preferences] extends [Preferences, SchemaOutput] ? true : never = true;
void sameShape;

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
