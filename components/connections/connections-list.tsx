'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide';
import { DataTable, type DataTableColumnDef } from '@/components/data-table/data-table';
import { urlRowLinks } from '@/components/data-table/url-row-links';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlTable } from '@/components/data-table/use-url-table';
import { LazyConnectionTypeIcon } from '@/components/connections/lazy-connection-type-icon';
import { UrlFilterSelect } from '@/components/list/filter-select';
import { ListToolbar } from '@/components/list/list-toolbar';
import { UrlSearchBox } from '@/components/list/search-box';
import { useAccess } from '@/components/shell/session-provider';
import { QueryState } from '@/components/list/query-state';
import { HeaderExtra, RefreshButton } from '@/components/shell/header-extra';
import { UserAvatar } from '@/components/shell/user-avatar';
import { LazyAge } from '@/components/widgets/lazy-age';
import { preloadDateFormat } from '@/components/widgets/use-date-format';
import { usePreferences } from '@/components/shell/preferences-provider';
import { Button } from '@/components/ui/button';
import { StaticIcon } from '@/components/ui/static-icon';
import { toastFromError } from '@/components/widgets/toast';
import { isForbiddenError } from '@/lib/backend/error-status';
import type { Connection } from '@/lib/connections/endpoints';
import { CONNECTION_TYPE_INFO, connectionTypeTitle } from '@/lib/connections/catalog';
import { connectionQueries, connectionsListParams } from '@/lib/connections/queries';
import { connectionsSearch } from '@/lib/connections/search';
import { useUrlState } from '@/lib/search-params/use-url-state';
import { serverPageProps } from '@/lib/queries/paged-list';

/** The add and edit dialogs (Radix dialog, the form kit and zod) load when one opens, not with the list. */
const AddConnectionDialog = dynamic(
  () => import('@/components/connections/connection-dialogs').then((m) => m.AddConnectionDialog),
  { ssr: false },
);
const EditConnectionDialog = dynamic(
  () => import('@/components/connections/connection-dialogs').then((m) => m.EditConnectionDialog),
  { ssr: false },
);

/** Every type the backend may store (jmeter included: it is hidden only from the picker), by title. */
const TYPE_OPTIONS = CONNECTION_TYPE_INFO.map((def) => ({ value: def.value, label: def.title })).sort(
  (a, b) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }),
);

interface TimeDisplay {
  now: number;
  format?: string;
  timezone?: string;
}

function columnsFor({
  now,
  format,
  timezone,
}: TimeDisplay): DataTableColumnDef<typeof pagedListFeatures, Connection>[] {
  const time = (at: string | null | undefined) => (
    <LazyAge at={at ?? undefined} now={now} format={format} timezone={timezone} />
  );
  return [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (row) => row.name,
      cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
    },
    {
      id: 'type',
      header: 'Type',
      accessorFn: (row) => connectionTypeTitle(row.type),
      cell: ({ row }) => (
        <span className="flex items-center gap-2">
          <LazyConnectionTypeIcon type={row.original.type} />
          {connectionTypeTitle(row.original.type)}
        </span>
      ),
    },
    { id: 'namespace', header: 'Namespace', accessorFn: (row) => row.namespace ?? '' },
    {
      id: 'url',
      header: 'URL / Host',
      accessorFn: (row) => row.url ?? '',
      meta: { truncate: true },
    },
    { id: 'source', header: 'Source', accessorFn: (row) => row.source ?? '' },
    {
      id: 'created_by',
      header: 'Created By',
      enableSorting: false,
      accessorFn: (row) => row.created_by?.name ?? '',
      cell: ({ row }) =>
        row.original.created_by?.name ? (
          <span className="flex items-center gap-2">
            <UserAvatar
              name={row.original.created_by.name}
              avatar={row.original.created_by.avatar}
              className="size-5"
            />
            {row.original.created_by.name}
          </span>
        ) : null,
    },
    {
      id: 'created_at',
      header: 'Created',
      accessorFn: (row) => row.created_at ?? '',
      cell: ({ row }) => time(row.original.created_at),
    },
    {
      id: 'updated_at',
      header: 'Updated',
      accessorFn: (row) => row.updated_at ?? '',
      cell: ({ row }) => time(row.original.updated_at),
    },
  ];
}

/**
 * Settings → Connections (spec 001 §3.2): the live connections, newest first, searched by name or URL and
 * filtered by type on the backend; a row opens the edit dialog (its id in the URL, so Back closes it). Add, save,
 * test and delete need write access to connections.
 */
export function ConnectionsList({ serverPageSize }: { serverPageSize: number }) {
  const urlState = useUrlState(connectionsSearch);
  const [values, update] = urlState;
  const table = useUrlTable(urlState, { serverPageSize });
  const query = useQuery(connectionQueries.list(connectionsListParams(values, table.pagination.pageSize)));
  const canWrite = useAccess().can('connections', 'write');
  const [adding, setAdding] = React.useState(false);
  const { preferences } = usePreferences();
  // Times are relative to when the list rendered (a refresh renders again).
  const now = query.dataUpdatedAt || Date.now();
  const columns = React.useMemo(
    () => columnsFor({ now, format: preferences.datetimeFormat, timezone: preferences.timezone }),
    [now, preferences.datetimeFormat, preferences.timezone],
  );
  // Spec 001 §8: a failed load of the list is also an error toast with the message (a refusal is the Unauthorized state).
  const failure = query.isError && !isForbiddenError(query.error) ? query.error : null;
  React.useEffect(() => {
    if (failure) toastFromError(failure, { id: 'connections-load' });
  }, [failure]);

  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      <HeaderExtra>
        <RefreshButton onRefresh={() => void query.refetch()} refreshing={query.isFetching} />
      </HeaderExtra>
      <ListToolbar label="Connections">
        <UrlSearchBox
          urlState={urlState}
          param="query"
          label="Search connections"
          placeholder="Search by name or URL"
        />
        <UrlFilterSelect label="Type" urlState={urlState} param="type" options={TYPE_OPTIONS} />
        {canWrite ? (
          <Button className="sm:ml-auto" onClick={() => setAdding(true)}>
            <StaticIcon icon={Plus} className="size-4" />
            Add Connection
          </Button>
        ) : null}
      </ListToolbar>
      <QueryState query={query} empty="No connections found" errorTitle="The connections could not be loaded">
        {(page) => (
          <div onPointerEnter={preloadDateFormat} className="min-w-0">
            <DataTable
              features={pagedListFeatures}
              aria-label="Connections"
              columns={columns}
              getRowId={(row) => row.id}
              {...table}
              {...serverPageProps(page)}
              {...urlRowLinks(urlState, (row: Connection) => ({ id: row.id }))}
            />
          </div>
        )}
      </QueryState>
      {adding ? (
        <AddConnectionDialog onClose={() => setAdding(false)} onCreated={() => setAdding(false)} />
      ) : null}
      {values.id ? (
        <EditConnectionDialog
          id={values.id}
          canWrite={canWrite}
          onClose={() => update({ id: null }, { history: 'push' })}
        />
      ) : null}
    </div>
  );
}
