'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { z } from 'zod';
import { TextField } from '@/components/forms/fields';
import { Form, FormActions, SubmitButton, useZodForm } from '@/components/forms/form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/widgets/confirm-dialog';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toastCreated, toastDeleted, toastUpdated } from '@/components/widgets/toast';
import { refreshSessionAction } from '@/lib/auth/actions/refresh-session';
import { requiredText } from '@/lib/forms/schema';
import { useWriteProperty } from '@/lib/operations/mutations';

const schema = z.object({ name: requiredText(), value: requiredText() });

/**
 * Add, edit or delete a stored feature flag (properties: name and value). After a change the session reads the
 * flags again and the page re-renders, so the sidebar and the route gates follow without signing in again.
 */
export function FeatureFlagDialog({
  flag,
  onClose,
}: {
  flag?: { name: string; value: string };
  onClose: () => void;
}) {
  const router = useRouter();
  const write = useWriteProperty();
  const form = useZodForm(schema, { defaultValues: { name: flag?.name ?? '', value: flag?.value ?? '' } });
  const [confirming, setConfirming] = React.useState(false);
  const applied = async () => {
    await refreshSessionAction();
    router.refresh();
    onClose();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{flag ? `Edit ${flag.name}` : 'Add Feature Flag'}</DialogTitle>
          <DialogDescription>
            A feature is turned off by a flag named {'{feature}.disable'} with the value true.
          </DialogDescription>
        </DialogHeader>
        <DialogBody>
          <Form
            form={form}
            onSubmit={async (values) => {
              await write.mutateAsync({
                kind: flag ? 'update' : 'create',
                name: values.name,
                value: values.value,
              });
              (flag ? toastUpdated : toastCreated)(values.name);
              await applied();
            }}
          >
            <TextField name="name" label="Name" required disabled={Boolean(flag)} />
            <TextField name="value" label="Value" required />
            <FormActions>
              {flag && (
                <Button
                  type="button"
                  variant="destructive"
                  className="sm:mr-auto"
                  onClick={() => setConfirming(true)}
                >
                  Delete
                </Button>
              )}
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <SubmitButton pendingLabel="Saving..." requireChanges={Boolean(flag)}>
                {flag ? 'Update' : 'Save'}
              </SubmitButton>
            </FormActions>
          </Form>
        </DialogBody>
        {flag && (
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Delete ${flag.name}`}
            pendingLabel="Deleting..."
            onConfirm={async () => {
              await write.mutateAsync({ kind: 'delete', name: flag.name });
              toastDeleted(flag.name);
              await applied();
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
