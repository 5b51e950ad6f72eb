'use client';

import * as React from 'react';
import { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { CodeField } from '@/components/forms/code-field';
import { TextareaField, TextField } from '@/components/forms/fields';
import { Form, FormActions, SubmitButton, useZodForm } from '@/components/forms/form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/widgets/confirm-dialog';
import { Dialog, DialogBody, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toastCreated, toastDeleted, toastUpdated } from '@/components/widgets/toast';
import type { Playbook } from '@/lib/playbooks/endpoints';
import { codeText, stringifyCode } from '@/lib/forms/code-value';
import { optionalText, requiredText } from '@/lib/forms/schema';
import type { JsonSchema } from '@/lib/forms/json-schema';
import { useDeletePlaybook, useSavePlaybook } from '@/lib/playbooks/mutations';
import { playbookFormQueries } from '@/lib/playbooks/form-queries';

/** Create and edit a playbook (write on playbooks): name, title, icon, category, description and the spec in YAML. */

const schema = z
  .object({
    name: requiredText(),
    title: optionalText(),
    icon: optionalText(),
    category: optionalText(),
    description: optionalText(),
    spec: codeText({ language: 'yaml', required: true, object: true }),
  })
  .transform((v) => ({
    name: v.name,
    title: v.title,
    icon: v.icon,
    category: v.category,
    description: v.description || undefined,
    spec: v.spec as Record<string, unknown>,
  }));

const NEW_SPEC =
  'parameters:\n  - name: reason\n    label: Reason\n    required: true\nactions:\n  - name: say-hello\n    exec:\n      script: echo "{{.params.reason}}"\n';

export function PlaybookEditor({
  open,
  onOpenChange,
  playbook,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  playbook: Playbook | null;
}) {
  const queryClient = useQueryClient();
  const save = useSavePlaybook();
  const remove = useDeletePlaybook();
  const [confirming, setConfirming] = React.useState(false);
  const form = useZodForm(schema, {
    defaultValues: {
      name: playbook?.name ?? '',
      title: playbook?.title ?? '',
      icon: playbook?.icon ?? '',
      category: playbook?.category ?? '',
      description: playbook?.description ?? '',
      spec: playbook?.spec ? stringifyCode(playbook.spec, 'yaml') : NEW_SPEC,
    },
  });
  const loadJsonSchema = React.useCallback(
    async () => (await queryClient.fetchQuery(playbookFormQueries.specSchema())) as JsonSchema,
    [queryClient],
  );
  const name = playbook ? playbook.title || playbook.name : 'New playbook';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent showSizeToggle className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{playbook ? `Edit ${name}` : 'New playbook'}</DialogTitle>
        </DialogHeader>
        <DialogBody>
          <Form
            form={form}
            aria-label={playbook ? 'Edit playbook' : 'New playbook'}
            onSubmit={async (body) => {
              await save.mutateAsync({ id: playbook?.id, body });
              if (playbook) toastUpdated(body.title || body.name);
              else toastCreated(body.title || body.name);
              onOpenChange(false);
            }}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name="name" label="Name" required />
              <TextField name="title" label="Title" />
              <TextField name="icon" label="Icon" />
              <TextField name="category" label="Category" />
            </div>
            <TextareaField name="description" label="Description" rows={2} />
            <CodeField
              name="spec"
              label="Spec"
              language="yaml"
              size="large"
              required
              loadJsonSchema={loadJsonSchema}
            />
            <FormActions className="sm:justify-between">
              {playbook ? (
                <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
                  Delete
                </Button>
              ) : (
                <span />
              )}
              <SubmitButton pendingLabel="Saving..." requireChanges={!!playbook}>
                Save
              </SubmitButton>
            </FormActions>
          </Form>
        </DialogBody>
        {playbook && (
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Delete ${name}`}
            pendingLabel="Deleting..."
            onConfirm={async () => {
              await remove.mutateAsync(playbook.id);
              toastDeleted(name);
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
