'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { type DataTableColumnDef } from '@/components/data-table/data-table';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { useAccess } from '@/components/shell/session-provider';
import { PagedList } from '@/components/list/paged-list';
import { UserAvatar } from '@/components/shell/user-avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/widgets/confirm-dialog';
import { toastSuccess } from '@/components/widgets/toast';
import type { TeamMember } from '@/lib/access/teams-endpoints';
import { successMessages } from '@/lib/forms/messages';
import { teamQueries, useRemoveTeamMember } from '@/lib/access/teams-queries';

const TEAM_MEMBERS_EMPTY = "You haven't added any team members to the team yet.";

// The dialog (form kit, zod) loads when it opens, not with the team page.
const AddTeamMembersDialog = dynamic(() =>
  import('@/components/access/add-team-members-dialog').then((m) => m.AddTeamMembersDialog),
);

const nameOf = (member: TeamMember) => member.person?.name ?? member.person_id;

/**
 * The Members tab of /settings/teams/{id}: who is in the team, Add users, and Remove (from this team only).
 * Team membership is an identity write, which the backend allows admins only, so only they see the buttons.
 */
export function TeamMembers({ teamId }: { teamId: string }) {
  const query = useQuery(teamQueries.members(teamId));
  const access = useAccess();
  const canEdit = access.can('identities', 'write');
  // The backend masks people's emails for who may not read identities; the column would show only the mask.
  const showEmail = access.can('identities', 'read');
  const [adding, setAdding] = React.useState(false);
  const [removing, setRemoving] = React.useState<TeamMember | null>(null);
  const remove = useRemoveTeamMember(teamId);

  const columns = React.useMemo<DataTableColumnDef<typeof pagedListFeatures, TeamMember>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorFn: nameOf,
        cell: ({ row }) => (
          <span className="flex items-center gap-2">
            <UserAvatar
              name={nameOf(row.original)}
              avatar={row.original.person?.avatar}
              className="size-6 text-[10px]"
            />
            {nameOf(row.original)}
          </span>
        ),
      },
      ...(showEmail
        ? [{ id: 'email', header: 'Email', accessorFn: (m: TeamMember) => m.person?.email ?? '' }]
        : []),
      ...(canEdit
        ? [
            {
              id: 'actions',
              header: () => <span className="sr-only">Actions</span>,
              enableSorting: false,
              cell: ({ row }: { row: { original: TeamMember } }) => (
                <Button size="sm" variant="outline" onClick={() => setRemoving(row.original)}>
                  Remove
                </Button>
              ),
              meta: { align: 'end' as const, label: 'Actions' },
            } satisfies DataTableColumnDef<typeof pagedListFeatures, TeamMember>,
          ]
        : []),
    ],
    [canEdit, showEmail],
  );

  const members = query.data;
  return (
    <section aria-label="Members" className="flex flex-col gap-3">
      {canEdit ? (
        <div className="flex justify-end">
          <Button onClick={() => setAdding(true)}>Add users</Button>
        </div>
      ) : null}
      <PagedList
        features={pagedListFeatures}
        query={query}
        empty={TEAM_MEMBERS_EMPTY}
        errorTitle="The team members could not be loaded"
        aria-label="Team members"
        columns={columns}
        getRowId={(row) => row.person_id}
        defaultSorting={[{ id: 'name', desc: false }]}
      />
      {adding ? (
        <AddTeamMembersDialog
          teamId={teamId}
          memberIds={(members ?? []).map((m) => m.person_id)}
          open={adding}
          onOpenChange={setAdding}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Remove member"
        description={removing ? `Are you sure you want to remove ${nameOf(removing)} from this team?` : ''}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        onConfirm={async () => {
          if (!removing) return;
          await remove.mutateAsync(removing.person_id);
          toastSuccess(successMessages.removedFromTeam(nameOf(removing)));
        }}
      />
    </section>
  );
}
