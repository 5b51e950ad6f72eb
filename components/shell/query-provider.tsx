'use client';

import * as React from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSession } from '@/components/shell/session-provider';
import { toastError, toastFromError } from '@/components/widgets/toast';
import { errorCode } from '@/lib/backend/error-status';
import { configureApiFetch, NETWORK_MESSAGES } from '@/lib/queries/api-config';
import { getQueryClient } from '@/lib/queries/query-client';

const notify = (message: string, id: string) => void toastError(message, { id });
// A network failure was already toasted by the fetch layer under this id: the same toast, not a second one.
const notifyError = (error: unknown) => {
  const code = errorCode(error);
  void toastFromError(error, code && code in NETWORK_MESSAGES ? { id: `network-${code}` } : undefined);
};

/**
 * The query client for components that fetch from /api, and the fetch layer's settings: the session's sign-in
 * mode (standalone mode has no sign-in to send a 401 to) and the toasts for network failures and failed writes. Every provider in a
 * tab hands out the same client, so the cache is shared by all screens and survives navigation. Data screens get it
 * from PrefetchQueries; the shell does not carry it, so pages without data stay light.
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [client] = React.useState(getQueryClient);
  configureApiFetch({ authMode: useSession()?.mode, notify, notifyError });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
