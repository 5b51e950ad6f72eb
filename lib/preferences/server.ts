import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { isValidTimezone } from '@/lib/format/date';
import {
  BROWSER_TIMEZONE_COOKIE,
  parsePreferences,
  PREFERENCES_COOKIE,
  type Preferences,
} from '@/lib/preferences/preferences';

export const getPreferences = cache(async (): Promise<Preferences> => {
  const jar = await cookies();
  return parsePreferences(jar.get(PREFERENCES_COOKIE)?.value);
});

/**
 * The zone server-rendered dates use: the chosen zone, or for 'Browser' the zone the browser reported (UTC on a
 * first visit, corrected from the second render on).
 */
export const getServerTimezone = cache(async (): Promise<string> => {
  const preferences = await getPreferences();
  if (preferences.timezone !== 'Browser' && isValidTimezone(preferences.timezone)) return preferences.timezone;
  const reported = (await cookies()).get(BROWSER_TIMEZONE_COOKIE)?.value;
  return reported && isValidTimezone(decodeURIComponent(reported)) ? decodeURIComponent(reported) : 'UTC';
});
