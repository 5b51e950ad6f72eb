import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { parsePreferences, PREFERENCES_COOKIE, type Preferences } from '@/lib/preferences/preferences';

export const getPreferences = cache(async (): Promise<Preferences> => {
  const jar = await cookies();
  return parsePreferences(jar.get(PREFERENCES_COOKIE)?.value);
});
