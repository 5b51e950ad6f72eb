import type { Metadata } from 'next';
import { PlaybookPage } from '@/components/playbooks/playbook-page';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { EmptyState } from '@/components/shell/empty-state';
import { requireRouteAccess } from '@/lib/auth/server';
import { isUuid } from '@/lib/uuid';
import { getTablePageSize } from '@/lib/preferences/server';
import { playbookQueries } from '@/lib/playbooks/queries';
import { playbookRunsQuery } from '@/lib/playbooks/runs-queries';
import { playbookRunsSearch } from '@/lib/playbooks/search';
import { loadServerQuery } from '@/lib/queries/server';
import type { SearchParamsSource } from '@/lib/search-params/define';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParamsSource> };

/** The playbook with that id, or null (the query's `select` does not run in a server read). */
async function loadPlaybook(id: string) {
  const loaded = await loadServerQuery(playbookQueries.one(id));
  return loaded.ok ? { ok: true as const, data: loaded.data[0] ?? null } : loaded;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  if (!isUuid(id)) return { title: 'Playbook not found' };
  const playbook = (await loadPlaybook(id)).data;
  return { title: playbook ? playbook.title || playbook.name : 'Playbooks' };
}

/** /playbooks/{id}: the playbook, its parameters and spec, Run, and its runs (spec 001 §2.2); gated like /playbooks. */
export default async function PlaybookDetailPage({ params, searchParams }: Props) {
  await requireRouteAccess('/playbooks/[id]');
  const { id } = await params;
  if (!isUuid(id)) return <EmptyState title="This playbook was not found" />;
  // The runs list's filters, sort and page are this page's query; its playbook is the page's.
  const values = { ...playbookRunsSearch.parse(await searchParams), playbook: id };
  const pageSize = values.pageSize ?? (await getTablePageSize());
  const playbook = await loadPlaybook(id);
  return (
    <PrefetchQueries queries={[playbookQueries.runs(playbookRunsQuery(values, pageSize))]}>
      <PlaybookPage playbookId={id} playbook={playbook} serverPageSize={pageSize} />
    </PrefetchQueries>
  );
}
