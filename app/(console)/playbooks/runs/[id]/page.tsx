import type { Metadata } from 'next';
import { PlaybookRunView } from '@/components/playbooks/playbook-run-view';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { hasAccess, isAdmin } from '@/lib/auth/permissions';
import { requireRouteAccess } from '@/lib/auth/server';
import { loadServerQuery } from '@/lib/queries/server';
import { playbookRunQueries } from '@/lib/playbooks/run-queries';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const runs = (await loadServerQuery(playbookRunQueries.run(id))).data;
  const run = runs?.find((r) => r.id === id);
  const title = run?.playbooks?.title || run?.playbooks?.name;
  return { title: title ? `${title} Playbook Runs` : 'Playbook Runs' };
}

/** /playbooks/runs/{id}: the run with its actions, live until it finishes. */
export default async function PlaybookRunPage({ params }: Props) {
  const session = await requireRouteAccess('/playbooks/runs/[id]');
  const { id } = await params;
  return (
    <PrefetchQueries queries={[playbookRunQueries.run(id), playbookRunQueries.runActions(id, null)]}>
      <PlaybookRunView
        runId={id}
        canRun={hasAccess(session.grants, 'playbook_runs', 'write')}
        // The backend lets only holders of playbook:approve / playbook:cancel decide: admin by default (backend-contract §3.4).
        canDecide={isAdmin(session.roles)}
        // One clock for the server's HTML and the browser's hydration (a running duration counts to now).
        renderedAt={Date.now()}
      />
    </PrefetchQueries>
  );
}
