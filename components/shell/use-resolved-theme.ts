'use client';

import { useSyncExternalStore } from 'react';
import { useOptionalPreferences } from '@/components/shell/preferences-provider';
import type { Preferences } from '@/lib/preferences/constants';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The theme a preference shows: 'system' follows the operating system's colour scheme. */
export function resolveTheme(theme: Preferences['theme'], systemDark: boolean): 'light' | 'dark' {
  return theme === 'system' ? (systemDark ? 'dark' : 'light') : theme;
}

function subscribe(listener: () => void) {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/**
 * The theme on screen now, for the parts CSS cannot colour (CodeMirror's highlight style): the preference, with
 * 'system' resolved by prefers-color-scheme and followed when the operating system switches. The server assumes
 * light; only client-rendered parts (the editors) use it.
 */
export function useResolvedTheme(): 'light' | 'dark' {
  // Without a provider (a kit part rendered alone) the light theme.
  const theme = useOptionalPreferences()?.preferences.theme ?? 'light';
  const systemDark = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(DARK_QUERY).matches,
    () => false,
  );
  return resolveTheme(theme, systemDark);
}
