import 'server-only';
import { HealthDashboard } from '@/components/health/health-dashboard';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import type { ConsoleSession } from '@/lib/auth/session';
import { canRunChecks } from '@/lib/auth/permissions';
import { getEnv } from '@/lib/env';
import { boardRequestOf } from '@/lib/health/board';
import { healthQueries } from '@/lib/health/queries';
import { healthSearch, healthViewSearch } from '@/lib/health/search';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { canWriteResource, resourceTableOf } from '@/lib/resources/resource-tables';

/**
 * /health and /view/health differ in their frame only: prefetches the board's page for the URL with the query options
 * the dashboard uses, so the first HTML already lists the checks and the browser starts from the same cache entry.
 */
export function HealthScreenPage({
  session,
  variant,
  search,
}: {
  session: ConsoleSession;
  variant: 'console' | 'view';
  search: SearchParamsSource;
}) {
  const summaryPath = getEnv().HEALTH_SUMMARY_PATH;
  const params = (variant === 'view' ? healthViewSearch : healthSearch).parse(search);
  return (
    <PrefetchQueries queries={[healthQueries.board(summaryPath, boardRequestOf(params))]}>
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
