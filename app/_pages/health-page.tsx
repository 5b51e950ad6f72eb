import 'server-only';
import { HealthDashboard } from '@/components/health/health-dashboard';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import type { ConsoleSession } from '@/lib/auth/session';
import { canRunChecks } from '@/lib/auth/permissions';
import { getEnv } from '@/lib/env';
import { healthQueries } from '@/lib/health/queries';
import { canWriteResource, resourceTableOf } from '@/lib/resources/resource-tables';

/**
 * /health and /view/health differ in their frame only: prefetches the summary with the query options the dashboard uses,
 * so the first HTML already lists the checks and the browser starts from the same cache entry.
 */
export function HealthScreenPage({
  session,
  variant,
}: {
  session: ConsoleSession;
  variant: 'console' | 'view';
}) {
  const summaryPath = getEnv().HEALTH_SUMMARY_PATH;
  return (
    <PrefetchQueries queries={[healthQueries.summary(summaryPath)]}>
      <HealthDashboard
        summaryPath={summaryPath}
        variant={variant}
        canRunChecks={canRunChecks(session.roles, session.grants)}
        canAddChecks={
          variant === 'console' &&
          session.mode !== 'none' &&
          canWriteResource(resourceTableOf('canaries'), session)
        }
        standalone={session.mode === 'none'}
      />
    </PrefetchQueries>
  );
}
