'use client';

import * as React from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { NuqsAdapter } from 'nuqs/adapters/next/app';
import { Toaster } from '@/components/ui/toaster';
import { PreferencesProvider } from '@/components/providers/preferences-provider';
import { SessionProvider } from '@/components/providers/session-provider';
import { configureApiFetch } from '@/lib/queries/api-fetch';
import { createQueryClient } from '@/lib/queries/query-client';
import type { Preferences } from '@/lib/preferences/constants';
import type { ClientSession } from '@/components/providers/session-provider';

export function AppProviders({
  preferences,
  session,
  children,
}: {
  preferences: Preferences;
  session: ClientSession | null;
  children: React.ReactNode;
}) {
  const [queryClient] = React.useState(createQueryClient);
  // Standalone mode has no sign-in to send a 401 to.
  configureApiFetch({ authMode: session?.mode });
  return (
    <QueryClientProvider client={queryClient}>
      <NuqsAdapter>
        <SessionProvider session={session}>
          <PreferencesProvider initial={preferences}>
            {/* No TooltipProvider here: every Tooltip carries its own (components/ui/tooltip.tsx). */}
            {children}
            <Toaster />
          </PreferencesProvider>
        </SessionProvider>
      </NuqsAdapter>
    </QueryClientProvider>
  );
}
