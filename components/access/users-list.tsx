'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useUrlSorting } from '@/components/data-table/use-url-sorting';
import { ListToolbar } from '@/components/list/list-toolbar';
import { RefreshButton } from '@/components/shell/header-extra';
import { useAccess } from '@/components/shell/session-provider';
import { PagedList } from '@/components/list/paged-list';
import { Age } from '@/components/widgets/age';
import { Button } from '@/components/ui/button';
import { userQueries, type UserRow } from '@/lib/access/users-queries';
import { sortUsers, usersSearch } from '@/lib/access/users-search';
import { useUrlState } from '@/lib/search-params/use-url-state';

// Invite, edit and delete (form kit, zod, the confirm dialog, the writes) load when a dialog opens.
const InviteUserDialog = dynamic(() =>
  import('@/components/access/user-dialogs').then((m) => m.InviteUserDialog),
);
const EditUserDialog = dynamic(() =>
  import('@/components/access/user-dialogs').then((m) => m.EditUserDialog),
);
const DeleteUserDialog = dynamic(() =>
  import('@/components/access/user-dialogs').then((m) => m.DeleteUserDialog),
);

/**
 * /settings/users (spec 000 §2, upstream Users page): Name, Email, Roles, State (with when it last changed, spec 000
 * §3 `state_changed_at`), Created At, Actions, sorted by the URL's `sortBy`/`sortDesc` (a saved view keeps it).
 * `?id=` is the person whose Edit dialog is open (userHref: the palette opens a person found by name there).
 */
export function UsersList() {
  const query = useQuery(userQueries.list());
  const canWrite = useAccess().can('identities', 'write');
  const urlState = useUrlState(usersSearch);
  const [{ id, sortBy, sortDesc }, update] = urlState;
  const sorting = useUrlSorting(urlState);
  const rows = React.useMemo(
    () => (query.data ? sortUsers(query.data, sortBy, sortDesc) : undefined),
    [query.data, sortBy, sortDesc],
  );
  const [inviting, setInviting] = React.useState(false);
  const [deleting, setDeleting] = React.useState<UserRow | null>(null);
  const editing = canWrite && id ? query.data?.find((u) => u.id === id) : undefined;
  const setEditing = React.useCallback(
    (user: UserRow | null) => update({ id: user?.id ?? null }, { history: 'push' }),
    [update],
  );

  const columns = React.useMemo<DataTableColumnDef<typeof pagedListFeatures, UserRow>[]>(
    () => [
      { id: 'name', header: 'Name', accessorFn: (u) => u.name },
      { id: 'email', header: 'Email', accessorFn: (u) => u.email },
      { id: 'roles', header: 'Roles', accessorFn: (u) => u.roles.join(', ') },
      {
        id: 'state',
        header: 'State',
        accessorFn: (u) => u.state,
        cell: ({ row }) => (
          <span className={row.original.state === 'active' ? '' : 'text-muted-foreground'}>
            {row.original.state}
            {row.original.stateChangedAt ? (
              <span className="text-muted-foreground">
                {' · changed '}
                <Age from={row.original.stateChangedAt} />
              </span>
            ) : null}
          </span>
        ),
      },
      {
        id: 'created_at',
        header: 'Created At',
        accessorFn: (u) => u.createdAt ?? '',
        cell: ({ row }) => <Age from={row.original.createdAt} />,
      },
      {
        id: 'actions',
        header: 'Actions',
        meta: { align: 'end' },
        accessorFn: () => '',
        enableSorting: false,
        cell: ({ row }) =>
          canWrite ? (
            <span className="flex justify-end gap-1">
              {/* Each button is named with the user ('Edit Jane Doe'). */}
              {(
                [
                  ['Edit', setEditing],
                  ['Delete', setDeleting],
                ] as const
              ).map(([verb, open]) => (
                <Button
                  key={verb}
                  size="sm"
                  variant="outline"
                  aria-label={`${verb} ${row.original.name}`}
                  onClick={() => open(row.original)}
                >
                  {verb}
                </Button>
              ))}
            </span>
          ) : null,
      },
    ],
    [canWrite, setEditing],
  );

  return (
    <div className="flex min-w-0 flex-col gap-3 p-4">
      <ListToolbar
        label="Users"
        action={canWrite ? { label: 'Invite User', onClick: () => setInviting(true) } : undefined}
      >
        <RefreshButton onRefresh={() => void query.refetch()} refreshing={query.isFetching} />
      </ListToolbar>
      <PagedList
        features={pagedListFeatures}
        query={{ ...query, data: rows }}
        empty="No users found"
        errorTitle="The users could not be loaded"
        aria-label="Users"
        columns={columns}
        getRowId={(u) => u.id}
        {...sorting}
        manualSorting
      />
      {inviting ? <InviteUserDialog open onOpenChange={setInviting} /> : null}
      {editing ? (
        <EditUserDialog user={editing} open onOpenChange={(open) => (open ? undefined : setEditing(null))} />
      ) : null}
      {deleting ? <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}
