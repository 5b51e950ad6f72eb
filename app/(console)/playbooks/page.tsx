import type { Metadata } from 'next';
import { PlaybooksScreen } from '@/components/playbooks/playbooks-screen';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { hasAccess } from '@/lib/auth/permissions';
import { requireRouteAccess } from '@/lib/auth/server';
import { playbookQueries } from '@/lib/playbooks/queries';

export const metadata: Metadata = { title: 'Playbooks' };

/** /playbooks: the playbooks by category with their recent runs; Run, New and Edit for who may write. */
export default async function PlaybooksPage() {
  const session = await requireRouteAccess('/playbooks');
  return (
    <PrefetchQueries queries={[playbookQueries.list(), playbookQueries.recentRuns()]}>
      <PlaybooksScreen
        canRun={hasAccess(session.grants, 'playbook_runs', 'write')}
        canEdit={hasAccess(session.grants, 'playbooks', 'write')}
      />
    </PrefetchQueries>
  );
}
