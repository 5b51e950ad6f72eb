import type { Metadata } from 'next';
import { PlaybookPage } from '@/components/playbooks/playbook-page';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { EmptyState } from '@/components/shell/empty-state';
import { hasAccess } from '@/lib/auth/permissions';
import { requireRouteAccess } from '@/lib/auth/server';
import { isUuid } from '@/lib/uuid';
import { getTablePageSize } from '@/lib/preferences/server';
import { playbookQueries } from '@/lib/playbooks/queries';
import { playbookRunsQuery } from '@/lib/playbooks/runs-queries';
import { playbookRunsSearch } from '@/lib/playbooks/search';
import { loadServerQuery } from '@/lib/queries/server';
import type { SearchParamsSource } from '@/lib/search-params/define';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParamsSource> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  if (!isUuid(id)) return { title: 'Playbook not found' };
  const playbook = (await loadServerQuery(playbookQueries.one(id))).data?.[0];
  return { title: playbook ? playbook.title || playbook.name : 'Playbooks' };
}

/** /playbooks/{id}: the playbook, its parameters and spec, Run, and its runs (spec 001 §2.2); gated like /playbooks. */
export default async function PlaybookDetailPage({ params, searchParams }: Props) {
  const session = await requireRouteAccess('/playbooks/[id]');
  const { id } = await params;
  if (!isUuid(id)) return <EmptyState title="This playbook was not found" />;
  // The runs list's filters, sort and page are this page's query; its playbook is the page's.
  const values = { ...playbookRunsSearch.parse(await searchParams), playbook: id };
  const pageSize = values.pageSize ?? (await getTablePageSize());
  return (
    <PrefetchQueries
      queries={[playbookQueries.one(id), playbookQueries.runs(playbookRunsQuery(values, pageSize))]}
    >
      <PlaybookPage
        playbookId={id}
        canRun={hasAccess(session.grants, 'playbook_runs', 'write')}
        serverPageSize={pageSize}
      />
    </PrefetchQueries>
  );
}
