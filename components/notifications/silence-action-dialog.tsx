'use client';

import * as React from 'react';
import { z } from 'zod';
import { TextareaField, TextField } from '@/components/forms/fields';
import { Form, FormActions, SubmitButton, useZodForm } from '@/components/forms/form';
import { TimeRangeField } from '@/components/forms/time-fields';
import { Age } from '@/components/widgets/age';
import { ConfirmDialog } from '@/components/widgets/confirm-dialog';
import { Dialog, DialogBody, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toastDeleted, toastUpdated } from '@/components/widgets/toast';
import { optionalText, requiredText, timeRangeValue } from '@/lib/forms/schema';
import type { Silence } from '@/lib/notifications/endpoints';
import { silenceWindow } from '@/lib/notifications/silence-draft';
import { useDeleteSilence, useUpdateSilence } from '@/lib/notifications/mutations';

/** A row action of the silences list; the list loads this dialog on demand and imports only this type. */
export type SilenceAction = { kind: 'edit' | 'delete'; silence: Silence };

const editSchema = z.object({
  name: requiredText(),
  description: optionalText(),
  /** A new end; left empty, the silence keeps its own. */
  until: timeRangeValue(),
});

function EditSilence({ action, onClose }: { action: SilenceAction; onClose: () => void }) {
  const silence = action.silence;
  const update = useUpdateSilence();
  const form = useZodForm(editSchema, {
    defaultValues: { name: silence.name, description: silence.description ?? '', until: null },
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit {silence.name}</DialogTitle>
        </DialogHeader>
        <DialogBody>
          <Form
            form={form}
            onSubmit={async (values) => {
              const window = silenceWindow(values.until, new Date());
              await update.mutateAsync({
                id: silence.id,
                body: {
                  name: values.name,
                  description: values.description || null,
                  // "Indefinitely" clears the end (upstream sent the text "indefinitely" as null).
                  ...(window ? { until: window.until } : {}),
                },
              });
              toastUpdated(values.name);
              onClose();
            }}
          >
            <TextField name="name" label="Name" required />
            <TextareaField name="description" label="Reason" rows={2} />
            <TimeRangeField
              name="until"
              label="Until"
              hint={
                silence.until ? (
                  <>
                    Now until <Age from={silence.until} mode="absolute" />
                  </>
                ) : (
                  'Now: indefinitely'
                )
              }
              placeholder="Keep the current end"
            />
            <FormActions>
              <SubmitButton requireChanges pendingLabel="Saving...">
                Save
              </SubmitButton>
            </FormActions>
          </Form>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}

function DeleteSilence({ action, onClose }: { action: SilenceAction; onClose: () => void }) {
  const remove = useDeleteSilence();
  const { silence } = action;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${silence.name}`}
      pendingLabel="Deleting..."
      onConfirm={async () => {
        await remove.mutateAsync(silence.id);
        toastDeleted(silence.name);
      }}
    />
  );
}

/** Edit or delete one silence (loaded when a row's action is used). */
export function SilenceActionDialog({ action, onClose }: { action: SilenceAction; onClose: () => void }) {
  return action.kind === 'edit' ? (
    <EditSilence action={action} onClose={onClose} />
  ) : (
    <DeleteSilence action={action} onClose={onClose} />
  );
}
