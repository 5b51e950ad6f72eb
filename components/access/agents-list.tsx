'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { urlRowLinks } from '@/components/data-table/url-row-links';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlTable } from '@/components/data-table/use-url-table';
import { ListToolbar } from '@/components/list/list-toolbar';
import { UrlRefreshControls } from '@/components/list/refresh-controls';
import { useAccess } from '@/components/shell/session-provider';
import { PagedList } from '@/components/list/paged-list';
import { Age } from '@/components/widgets/age';
import { PersonCell } from '@/components/widgets/person-cell';
import type { AgentSummary } from '@/lib/access/agents-endpoints';
import { agentStatus } from '@/lib/access/agent-status';
import { refreshRateToMs } from '@/lib/format/refresh-rate';
import { agentQueries } from '@/lib/access/agents-queries';
import { agentsListParams, agentsSearch } from '@/lib/access/agents-search';
import { useUrlState } from '@/lib/search-params/use-url-state';
import { usePagedListQuery } from '@/lib/queries/paged-list';

// Add, install and edit (form kit, zod) load when a dialog opens.
const AddAgentDialog = dynamic(() =>
  import('@/components/access/agent-dialogs').then((m) => m.AddAgentDialog),
);
const EditAgentDialog = dynamic(() =>
  import('@/components/access/agent-dialogs').then((m) => m.EditAgentDialog),
);

function StatusCell({ agent, asOf }: { agent: AgentSummary; asOf: number }) {
  const status = agentStatus(agent.last_seen, asOf);
  if (status.online) return <span className="font-medium text-green-700 dark:text-green-400">Online</span>;
  return (
    <span className="text-muted-foreground">
      Offline
      {status.lastSeen ? (
        <>
          {' '}
          (<Age from={status.lastSeen} />)
        </>
      ) : null}
    </span>
  );
}

type CountKey = 'config_count' | 'checks_count' | 'config_scrapper_count' | 'playbook_runs_count';
/** A count of the agent's records: right-aligned, 0 where the backend sends none. */
const countColumn = (
  id: CountKey,
  header: string,
): DataTableColumnDef<typeof pagedListFeatures, AgentSummary> => ({
  id,
  header,
  accessorFn: (a) => a[id] ?? 0,
  meta: { align: 'end' },
});

/**
 * The columns, with the status as of `asOf`, when the list was fetched: the server's render and the browser's
 * hydration then agree (Date.now() of each side put an agent seen a minute ago online on one and offline on the other,
 * a hydration error that re-rendered the page under a slow CPU), and a refetch moves it.
 */
const agentColumns = (asOf: number): DataTableColumnDef<typeof pagedListFeatures, AgentSummary>[] => [
  { id: 'name', header: 'Name', accessorFn: (a) => a.name },
  countColumn('config_count', 'Configs'),
  countColumn('checks_count', 'Checks'),
  countColumn('config_scrapper_count', 'Scrapers'),
  countColumn('playbook_runs_count', 'Playbook Runs'),
  {
    id: 'last_seen',
    header: 'Status',
    accessorFn: (a) => (agentStatus(a.last_seen, asOf).online ? 'Online' : 'Offline'),
    cell: ({ row }) => <StatusCell agent={row.original} asOf={asOf} />,
  },
  {
    id: 'last_received',
    header: 'Last Pushed',
    accessorFn: (a) => a.last_received ?? '',
    cell: ({ row }) => <Age from={row.original.last_received} />,
  },
  {
    id: 'created_at',
    header: 'Created At',
    accessorFn: (a) => a.created_at ?? '',
    cell: ({ row }) => <Age from={row.original.created_at} />,
  },
  {
    id: 'updated_at',
    header: 'Updated At',
    accessorFn: (a) => a.updated_at ?? '',
    cell: ({ row }) => <Age from={row.original.updated_at} />,
  },
  {
    id: 'created_by',
    header: 'Created By',
    enableSorting: false,
    accessorFn: (a) => a.creator?.name ?? '',
    cell: ({ row }) => <PersonCell person={row.original.creator} />,
  },
];

/** /settings/agents (spec 000 §2): the agents with their counts and status; `?id=` opens one to edit or delete. */
export function AgentsList({ serverPageSize }: { serverPageSize: number }) {
  const urlState = useUrlState(agentsSearch);
  const [values, update] = urlState;
  const table = useUrlTable(urlState, { serverPageSize });
  const params = agentsListParams(values, table.pagination.pageSize);
  const { query, fetchPage } = usePagedListQuery(agentQueries.list, params, {
    refetchInterval: refreshRateToMs(values.refresh) ?? false,
  });
  const access = useAccess();
  // Adding an agent mints a person and an access token, an identity write the backend takes from admins only.
  const canWrite = access.can('agents', 'write') && access.can('identities', 'write');
  const [adding, setAdding] = React.useState(false);
  // A page still loading shows the last page's rows (placeholder data, updated at 0): their status as of now.
  const asOf = query.dataUpdatedAt || Date.now();
  const columns = React.useMemo(() => agentColumns(asOf), [asOf]);

  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      <ListToolbar
        label="Agents"
        action={canWrite ? { label: 'Add Agent', onClick: () => setAdding(true) } : undefined}
      >
        <UrlRefreshControls urlState={urlState} query={query} />
      </ListToolbar>
      <PagedList
        features={pagedListFeatures}
        query={query}
        empty="No agents found"
        errorTitle="The agents could not be loaded"
        aria-label="Agents"
        columns={columns}
        getRowId={(row) => row.id}
        {...table}
        {...urlRowLinks(urlState, (row: AgentSummary) => ({ id: row.id }))}
        exportName="Agents"
        fetchPage={fetchPage}
      />
      {adding ? <AddAgentDialog open onOpenChange={setAdding} /> : null}
      {values.id ? (
        <EditAgentDialog
          id={values.id}
          canWrite={canWrite}
          open
          onOpenChange={(open) => (open ? undefined : update({ id: null }, { history: 'push' }))}
        />
      ) : null}
    </div>
  );
}
