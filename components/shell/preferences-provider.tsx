'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import {
  BROWSER_TIMEZONE_COOKIE,
  PREFERENCES_COOKIE,
  serializePreferences,
  type Preferences,
} from '@/lib/preferences/constants';

interface PreferencesContextValue {
  preferences: Preferences;
  setPreference: <K extends keyof Preferences>(key: K, value: Preferences[K]) => void;
}

const PreferencesContext = React.createContext<PreferencesContextValue | null>(null);

/** Preferences that change server-rendered output; the others apply on the client at once. */
const SERVER_RENDERED: ReadonlySet<keyof Preferences> = new Set([
  'cardWidth',
  'showHiddenComponents',
  'showDeletedConfigs',
]);

export function PreferencesProvider({
  initial,
  children,
}: {
  initial: Preferences;
  children: React.ReactNode;
}) {
  const [preferences, setPreferences] = React.useState(initial);
  const router = useRouter();

  const setPreference = React.useCallback(
    <K extends keyof Preferences>(key: K, value: Preferences[K]) => {
      setPreferences((current) => {
        const next = { ...current, [key]: value };
        document.cookie = `${PREFERENCES_COOKIE}=${serializePreferences(next)}; path=/; max-age=31536000; samesite=lax`;
        if (key === 'theme') {
          const root = document.documentElement;
          root.classList.remove('light', 'dark', 'system');
          root.classList.add(String(value));
        }
        return next;
      });
      if (SERVER_RENDERED.has(key)) router.refresh();
    },
    [router],
  );

  React.useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && !document.cookie.includes(`${BROWSER_TIMEZONE_COOKIE}=${encodeURIComponent(zone)}`)) {
      document.cookie = `${BROWSER_TIMEZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
    }
  }, []);

  const value = React.useMemo(() => ({ preferences, setPreference }), [preferences, setPreference]);
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

/** The preferences where a provider is above, else null (kit parts that also render alone, as in their tests). */
export function useOptionalPreferences(): PreferencesContextValue | null {
  return React.useContext(PreferencesContext);
}

export function usePreferences(): PreferencesContextValue {
  const value = React.useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences must be used inside PreferencesProvider');
  return value;
}
