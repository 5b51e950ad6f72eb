'use client';

import * as React from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { NuqsAdapter } from 'nuqs/adapters/next/app';
import { useSession } from '@/components/providers/session-provider';
import { configureApiFetch } from '@/lib/queries/api-fetch';
import { getQueryClient } from '@/lib/queries/query-client';

/**
 * The query client (and the /api fetch settings) for components that fetch from /api. Every provider in a tab hands out the same client, so the
 * cache is shared by all screens and survives navigation.
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [client] = React.useState(getQueryClient);
  // Everything below calls /api through apiFetch; standalone mode has no sign-in to send a 401 to.
  configureApiFetch({ authMode: useSession()?.mode });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * What a data screen needs around it: the shared query client and the URL-state adapter. Screens' layouts carry
 * it instead of the root layout, so that pages without data (sign-in, Unauthorized) do not load either library.
 */
export function ScreenProviders({ children }: { children: React.ReactNode }) {
  return (
    <QueryProvider>
      <NuqsAdapter>{children}</NuqsAdapter>
    </QueryProvider>
  );
}
