import type { Metadata } from 'next';
import { AgentsList } from '@/components/access/agents-list';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { getTablePageSize } from '@/lib/preferences/server';
import { agentQueries } from '@/lib/access/agents-queries';
import { agentsListParams, agentsSearch } from '@/lib/access/agents-search';
import type { SearchParamsSource } from '@/lib/search-params/define';

export const metadata: Metadata = { title: 'Agents' };

/** /settings/agents: the agents, server-paged, with the open agent (`?id=`) in the URL. */
export default async function AgentsPage({ searchParams }: { searchParams: Promise<SearchParamsSource> }) {
  await requireRouteAccess('/settings/agents');
  const values = agentsSearch.parse(await searchParams);
  const pageSize = values.pageSize ?? (await getTablePageSize());
  return (
    <PrefetchQueries
      queries={[
        agentQueries.list(agentsListParams(values, pageSize)),
        ...(values.id ? [agentQueries.detail(values.id)] : []),
      ]}
    >
      <AgentsList serverPageSize={pageSize} />
    </PrefetchQueries>
  );
}
