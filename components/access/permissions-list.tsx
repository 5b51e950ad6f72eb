'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { Bell, Users } from 'lucide';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlTable } from '@/components/data-table/use-url-table';
import { urlRowLinks } from '@/components/data-table/url-row-links';
import { UrlFilterSelect } from '@/components/list/filter-select';
import { ListToolbar } from '@/components/list/list-toolbar';
import { UrlRefreshControls } from '@/components/list/refresh-controls';
import { useAccess } from '@/components/shell/session-provider';
import { PagedList } from '@/components/list/paged-list';
import { UserAvatar } from '@/components/shell/user-avatar';
import { Age } from '@/components/widgets/age';
import { TagList } from '@/components/widgets/tag-list';
import { PersonCell } from '@/components/widgets/person-cell';
import { StaticIcon } from '@/components/ui/static-icon';
import type { PermissionSummary } from '@/lib/access/permissions-endpoints';
import { refreshRateToMs } from '@/lib/format/refresh-rate';
import type { PermissionScopeKey } from '@/lib/access/permission-model';
import {
  PERMISSION_ACTIONS,
  RESOURCE_MODES,
  resourceOf,
  selectorSummary,
  subjectOf,
} from '@/lib/access/permission-display';
import { agentQueries } from '@/lib/access/agents-queries';
import { peopleQueries } from '@/lib/access/people-queries';
import { NIL_AGENT_ID } from '@/lib/constants';
import { permissionQueries } from '@/lib/access/permissions-queries';
import { permissionsListParams, permissionsSearch } from '@/lib/access/permissions-search';
import { useUrlState } from '@/lib/search-params/use-url-state';
import { usePagedListQuery } from '@/lib/queries/paged-list';
import { isUuid } from '@/lib/uuid';

// The dialog (form kit, zod, pickers) loads when it opens.
const PermissionDialog = dynamic(() =>
  import('@/components/access/permission-dialog').then((m) => m.PermissionDialog),
);

const ACTION_OPTIONS = PERMISSION_ACTIONS.map((a) => ({ value: a, label: a }));

/** The names of the agents the page's rows name, looked up once per page (the cells only read them). */
const AgentNamesContext = React.createContext<ReadonlyMap<string, string> | undefined>(undefined);

/** A permission's agents by name: the nil id is the local agent, an id not found (or a name) shows as stored. */
function AgentsCell({ agents }: { agents: readonly string[] | null | undefined }) {
  const names = React.useContext(AgentNamesContext);
  if (!agents?.length) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {agents.map((id) => (
        <span key={id} className="rounded-md border border-border bg-muted px-1.5 py-0.5 text-xs" title={id}>
          {id === NIL_AGENT_ID ? 'local' : (names?.get(id) ?? id)}
        </span>
      ))}
    </span>
  );
}
const RESOURCE_OPTIONS = RESOURCE_MODES.map((m) => ({ value: m.value, label: m.label }));

function SubjectCell({ row }: { row: PermissionSummary }) {
  const subject = subjectOf(row);
  return (
    <span className="flex items-center gap-2">
      {subject.kind === 'person' ? (
        <UserAvatar name={subject.name} avatar={subject.avatar} className="size-6 text-[10px]" />
      ) : (
        <StaticIcon
          icon={subject.kind === 'notification' ? Bell : Users}
          className="size-4 text-muted-foreground"
        />
      )}
      <span>{subject.name}</span>
    </span>
  );
}

const columns: DataTableColumnDef<typeof pagedListFeatures, PermissionSummary>[] = [
  {
    id: 'subject',
    header: 'Subject',
    accessorFn: (row) => subjectOf(row).name,
    cell: ({ row }) => <SubjectCell row={row.original} />,
  },
  {
    id: 'resource',
    header: 'Resource',
    enableSorting: false,
    accessorFn: (row) =>
      [`${resourceOf(row).kind}: ${resourceOf(row).name}`, selectorSummary(row.object_selector)]
        .filter(Boolean)
        .join(' · '),
    cell: ({ row }) => {
      const r = resourceOf(row.original);
      const selector = selectorSummary(row.original.object_selector);
      return (
        <span className="flex flex-col gap-0.5">
          <span>
            <span className="text-muted-foreground">{r.kind}: </span>
            {r.name}
          </span>
          {selector ? (
            <code
              className="max-w-80 truncate text-xs text-muted-foreground"
              title={JSON.stringify(row.original.object_selector, null, 2)}
            >
              {selector}
            </code>
          ) : null}
        </span>
      );
    },
  },
  {
    id: 'tags',
    header: 'Tags',
    enableSorting: false,
    accessorFn: (row) =>
      Object.entries(row.tags ?? {})
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(', '),
    cell: ({ row }) => <TagList tags={row.original.tags} max={3} />,
  },
  {
    id: 'agents',
    header: 'Agents',
    enableSorting: false,
    accessorFn: (row) => (row.agents ?? []).join(', '),
    cell: ({ row }) => <AgentsCell agents={row.original.agents} />,
  },
  {
    id: 'action',
    header: 'Action',
    accessorFn: (row) => row.action,
    cell: ({ row }) => <code className="text-xs">{row.original.action}</code>,
  },
  {
    id: 'deny',
    header: 'Deny',
    enableSorting: false,
    accessorFn: (row) => (row.deny ? 'Deny' : ''),
    cell: ({ row }) =>
      row.original.deny ? <span className="font-medium text-destructive">Deny</span> : null,
  },
  {
    id: 'description',
    header: 'Description',
    enableSorting: false,
    accessorFn: (row) => row.description ?? '',
    meta: { truncate: true },
  },
  {
    id: 'until',
    header: 'Until',
    accessorFn: (row) => row.until ?? '',
    cell: ({ row }) => <Age from={row.original.until} mode="absolute" />,
  },
  { id: 'source', header: 'Source', accessorFn: (row) => row.source ?? '' },
  {
    id: 'created_by',
    header: 'Created By',
    enableSorting: false,
    accessorFn: (row) => row.creator?.name ?? '',
    cell: ({ row }) => <PersonCell person={row.original.creator} />,
  },
  {
    id: 'created_at',
    header: 'Created At',
    accessorFn: (row) => row.created_at ?? '',
    cell: ({ row }) => <Age from={row.original.created_at} />,
  },
];

/**
 * The permissions list (spec 001 §2.5): server-paged, filtered by subject, resource kind and action, all in the
 * URL; Add Permission and row click → Edit for who may write permissions. `scope` fixes an id column for a
 * connection's, playbook's or team's Permissions tab (and is what a new permission there is prefilled with).
 */
export function PermissionsList({
  serverPageSize,
  scope,
}: {
  serverPageSize?: number | null;
  scope?: Partial<Record<PermissionScopeKey, string>>;
}) {
  const urlState = useUrlState(permissionsSearch);
  const [values, update] = urlState;
  const table = useUrlTable(urlState, { serverPageSize });
  const params = permissionsListParams(values, table.pagination.pageSize, scope);
  const { query, fetchPage } = usePagedListQuery(permissionQueries.list, params, {
    refetchInterval: refreshRateToMs(values.refresh) ?? false,
  });
  const access = useAccess();
  // A permission is an RBAC policy: the backend takes it only from who may write rbac (admins).
  const canWrite = access.can('permissions', 'write') && access.can('rbac', 'write');
  const [adding, setAdding] = React.useState(false);
  // The row's dialog is addressable (?permission=…): reloaded or opened in a new tab with the same filters, it opens
  // again once its row is listed.
  const editing = values.permission
    ? query.data?.data.find((row) => row.id === values.permission)
    : undefined;

  const people = useQuery({ ...peopleQueries.list(), enabled: access.can('identities', 'read') });
  const agentIds = React.useMemo(
    () => [...new Set((query.data?.data ?? []).flatMap((row) => row.agents ?? []))].filter(isUuid).sort(),
    [query.data],
  );
  const agentNames = useQuery(agentQueries.names(agentIds)).data;
  const teams = useQuery(permissionQueries.picker('teams'));
  const subjectOptions = React.useMemo(
    () => [
      ...(teams.data ?? []).map((t) => ({ value: t.id, label: `Team: ${t.name}` })),
      ...(people.data ?? []).map((p) => ({ value: p.id, label: p.name })),
    ],
    [people.data, teams.data],
  );

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <ListToolbar
        label="Permissions"
        action={canWrite ? { label: 'Add Permission', onClick: () => setAdding(true) } : undefined}
      >
        <UrlFilterSelect label="Subject" urlState={urlState} param="subject" options={subjectOptions} />
        <UrlFilterSelect label="Resource" urlState={urlState} param="resource" options={RESOURCE_OPTIONS} />
        <UrlFilterSelect label="Action" urlState={urlState} param="action" options={ACTION_OPTIONS} />
        <UrlRefreshControls urlState={urlState} query={query} />
      </ListToolbar>
      <AgentNamesContext.Provider value={agentNames}>
        <PagedList
          features={pagedListFeatures}
          query={query}
          empty="No permissions found"
          errorTitle="The permissions could not be loaded"
          aria-label="Permissions"
          columns={columns}
          getRowId={(row) => row.id}
          {...table}
          {...(canWrite ? urlRowLinks(urlState, (row: PermissionSummary) => ({ permission: row.id })) : {})}
          exportName="Permissions"
          fetchPage={fetchPage}
        />
      </AgentNamesContext.Provider>
      {adding ? <PermissionDialog permission={null} scope={scope} open onOpenChange={setAdding} /> : null}
      {canWrite && editing ? (
        <PermissionDialog
          key={editing.id}
          permission={editing}
          scope={scope}
          open
          onOpenChange={(open) => (open ? undefined : update({ permission: null }, { history: 'push' }))}
        />
      ) : null}
    </div>
  );
}
