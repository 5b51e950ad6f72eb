'use client';

import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { MultiSelectField } from '@/components/forms/fields';
import { Form, FormActions, SubmitButton, useZodForm } from '@/components/forms/form';
import { QueryState } from '@/components/list/query-state';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toastSuccess } from '@/components/widgets/toast';
import type { Person } from '@/lib/access/people-endpoints';
import { successMessages } from '@/lib/forms/messages';
import { peopleQueries } from '@/lib/access/people-queries';
import { useAddTeamMembers } from '@/lib/access/teams-queries';

const schema = z.object({ people: z.array(z.string()).min(1, 'Choose at least one person') });

/** 'Add users': several people out of everyone not in the team yet, added in one request. */
export function AddTeamMembersDialog({
  teamId,
  memberIds,
  open,
  onOpenChange,
}: {
  teamId: string;
  memberIds: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const people = useQuery(peopleQueries.list());
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add users</DialogTitle>
          <DialogDescription>Choose the people to add to this team.</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <QueryState
            query={people}
            empty="No users found"
            errorTitle="The users could not be loaded"
            compact
          >
            {(all) => (
              <AddMembersForm
                teamId={teamId}
                candidates={all.filter((p) => !memberIds.includes(p.id))}
                onDone={() => onOpenChange(false)}
              />
            )}
          </QueryState>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}

function AddMembersForm({
  teamId,
  candidates,
  onDone,
}: {
  teamId: string;
  candidates: readonly Person[];
  onDone: () => void;
}) {
  const form = useZodForm(schema, { defaultValues: { people: [] } });
  const add = useAddTeamMembers(teamId);
  const options = React.useMemo(
    () => candidates.map((p) => ({ value: p.id, label: p.email ? `${p.name} (${p.email})` : p.name })),
    [candidates],
  );
  if (candidates.length === 0)
    return <p className="py-2 text-sm text-muted-foreground">Everyone is in this team already.</p>;
  return (
    <Form
      form={form}
      onSubmit={async ({ people }) => {
        await add.mutateAsync(people);
        toastSuccess(
          successMessages.addedToTeam(people.map((id) => candidates.find((p) => p.id === id)?.name ?? id)),
        );
        onDone();
      }}
    >
      <MultiSelectField name="people" label="Users" options={options} required />
      <FormActions>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton pendingLabel="Adding...">Add</SubmitButton>
      </FormActions>
    </Form>
  );
}
