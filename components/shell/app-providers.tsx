'use client';

import * as React from 'react';
import { NetworkStatus } from '@/components/shell/network-status';
import { Toaster } from '@/components/widgets/toaster';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { SessionProvider } from '@/components/shell/session-provider';
import type { Preferences } from '@/lib/preferences/constants';
import { consoleHydrated } from '@/lib/shell/console-hydrated';
import type { ClientSession } from '@/components/shell/session-provider';

export function AppProviders({
  preferences,
  session,
  children,
}: {
  preferences: Preferences;
  session: ClientSession | null;
  children: React.ReactNode;
}) {
  // The page has hydrated: the early-click catcher stops and replays the click it held (lib/shell/early-clicks.ts).
  React.useEffect(() => consoleHydrated(), []);
  return (
    <SessionProvider session={session}>
      <PreferencesProvider initial={preferences}>
        {/* No TooltipProvider here: every Tooltip carries its own (components/ui/tooltip.tsx). No query client or
            URL-state adapter either: data screens get the query client from PrefetchQueries, so pages without data stay light. */}
        {children}
        <Toaster />
        <NetworkStatus />
      </PreferencesProvider>
    </SessionProvider>
  );
}
