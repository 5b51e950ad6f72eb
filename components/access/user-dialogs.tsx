'use client';

import * as React from 'react';
import { z } from 'zod';
import { SelectField, SwitchField, TextField } from '@/components/forms/fields';
import { Form, FormActions, SubmitButton, useZodForm } from '@/components/forms/form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/widgets/confirm-dialog';
import { CopyButton } from '@/components/widgets/copy-button';
import { CreateThenShowDialog } from '@/components/access/create-then-show-dialog';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toastDeleted, toastUpdated } from '@/components/widgets/toast';
import { ROLES } from '@/lib/auth/permissions';
import { REQUIRED_MESSAGE } from '@/lib/forms/messages';
import { requiredChoice, requiredText } from '@/lib/forms/schema';
import { useUserWrite, type UserRow } from '@/lib/access/users-queries';

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: r.charAt(0).toUpperCase() + r.slice(1) }));

const inviteSchema = z.object({
  firstName: requiredText(),
  lastName: requiredText(),
  email: z.string().trim().min(1, REQUIRED_MESSAGE).pipe(z.email('Enter a valid email address')),
  role: requiredChoice(ROLES),
});

/** Invite User → POST /auth/invite_user, then the 'Invite Link' the backend returns, with a copy button. */
export function InviteUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useZodForm(inviteSchema, {
    defaultValues: { firstName: '', lastName: '', email: '', role: 'viewer' },
  });
  const write = useUserWrite();
  const [link, setLink] = React.useState<string | null>(null);
  return (
    <CreateThenShowDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite User"
      form={form}
      submitLabel="Invite"
      pendingLabel="Inviting..."
      onSubmit={async (body) => {
        const result = await write.mutateAsync({ kind: 'invite', body });
        setLink(result.link ?? '');
      }}
      result={
        link === null
          ? null
          : {
              title: 'Invite Link',
              description: 'Send this link to the person you invited; it lets them set up their sign-in.',
              content: (
                <div className="flex items-center gap-2">
                  <Input
                    readOnly
                    value={link}
                    aria-label="Invite link"
                    className="font-mono text-xs"
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <CopyButton value={link} />
                </div>
              ),
            }
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="firstName" label="First name" required />
        <TextField name="lastName" label="Last name" required />
      </div>
      <TextField name="email" type="email" label="Email" required />
      <SelectField name="role" label="Role" options={ROLE_OPTIONS} required />
    </CreateThenShowDialog>
  );
}

const editSchema = z.object({
  firstName: requiredText(),
  lastName: z.string().trim(),
  role: requiredChoice(ROLES),
  active: z.boolean(),
});

/** Edit names, role and active state → POST /people/update, '{name} updated successfully'. */
export function EditUserDialog({
  user,
  open,
  onOpenChange,
}: {
  user: UserRow;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useZodForm(editSchema, {
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.roles[0] ?? 'viewer',
      active: user.state === 'active',
    },
  });
  const write = useUserWrite();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit {user.name}</DialogTitle>
          <DialogDescription>{user.email}</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <Form
            form={form}
            aria-label={`Edit ${user.name}`}
            onSubmit={async (values) => {
              await write.mutateAsync({ kind: 'update', body: { id: user.id, ...values } });
              toastUpdated(`${values.firstName} ${values.lastName}`.trim());
              onOpenChange(false);
            }}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name="firstName" label="First name" required />
              <TextField name="lastName" label="Last name" />
            </div>
            <SelectField name="role" label="Role" options={ROLE_OPTIONS} required />
            <SwitchField name="active" label="Active" />
            <FormActions>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <SubmitButton pendingLabel="Saving..." requireChanges>
                Save
              </SubmitButton>
            </FormActions>
          </Form>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}

/** Delete a user after the confirm; the list refreshes (useUserWrite invalidates it). */
export function DeleteUserDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const write = useUserWrite();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Delete ${user.name}`}
      pendingLabel="Deleting..."
      onConfirm={async () => {
        await write.mutateAsync({ kind: 'delete', id: user.id });
        toastDeleted(user.name);
      }}
    />
  );
}
