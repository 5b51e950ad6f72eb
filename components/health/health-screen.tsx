import 'server-only';
import { HealthDashboard } from '@/components/health/health-dashboard';
import type { InitialHealthChecks } from '@/components/health/use-health-summary';
import type { ConsoleSession } from '@/lib/auth/session';
import { canRunChecks } from '@/lib/auth/permissions';
import { getBackend } from '@/lib/backend/client';
import { healthSummaryRawEndpoint } from '@/lib/backend/endpoints/canary';
import { getEnv } from '@/lib/env';
import { encodeHealthChecks } from '@/lib/queries/health-compact';
import { checksFromSummary } from '@/lib/queries/health-summary';

/** The summary, checked and trimmed as in the browser and in the columnar form; null when it fails (the browser then loads it). */
async function loadInitialChecks(summaryPath: string): Promise<InitialHealthChecks | null> {
  const backend = await getBackend();
  try {
    // The same hand check as the browser's refetch: the list's fields only, without the full schema's cost.
    const summary = await backend.request(healthSummaryRawEndpoint(summaryPath));
    return { checks: encodeHealthChecks(checksFromSummary(summary)), fetchedAt: Date.now() };
  } catch {
    return null;
  }
}

/**
 * The server half of /health and /view/health: loads the summary so the first HTML already lists the checks and
 * hands it to the client dashboard in a compact columnar form (the dashboard seeds its query cache with it). A
 * failed load is not handed over; the browser then loads (and shows the error) itself.
 */
export async function HealthScreen({ session, variant }: { session: ConsoleSession; variant: 'console' | 'view' }) {
  const summaryPath = getEnv().HEALTH_SUMMARY_PATH;
  const initial = await loadInitialChecks(summaryPath);
  return (
    <HealthDashboard
      summaryPath={summaryPath}
      variant={variant}
      canRunChecks={canRunChecks(session.roles)}
      standalone={session.mode === 'none'}
      initial={initial}
    />
  );
}
