import 'server-only';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { HealthDashboard } from '@/components/health/health-dashboard';
import type { ConsoleSession } from '@/lib/auth/session';
import { canRunChecks } from '@/lib/auth/permissions';
import { getBackend } from '@/lib/backend/client';
import { healthSummaryEndpoint } from '@/lib/backend/endpoints/canary';
import { getEnv } from '@/lib/env';
import { createQueryClient } from '@/lib/queries/query-client';
import { healthListQuery } from '@/lib/queries/health-check';

/**
 * The server half of /health and /view/health: prefetches the trimmed summary into a request-scoped QueryClient
 * so the first HTML already lists the checks, then hands the cache to the client dashboard. A failed prefetch is
 * not dehydrated; the browser then loads (and shows the error) itself.
 */
export async function HealthScreen({ session, variant }: { session: ConsoleSession; variant: 'console' | 'view' }) {
  const summaryPath = getEnv().HEALTH_SUMMARY_PATH;
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 } });
  const backend = await getBackend();
  await queryClient.prefetchQuery(healthListQuery(summaryPath, (signal) => backend.request(healthSummaryEndpoint(summaryPath), { signal })));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <HealthDashboard
        summaryPath={summaryPath}
        variant={variant}
        canRunChecks={canRunChecks(session.roles)}
        standalone={session.mode === 'none'}
      />
    </HydrationBoundary>
  );
}
