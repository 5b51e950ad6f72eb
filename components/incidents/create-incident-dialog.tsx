'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { z } from 'zod';
import { Form, FormActions, SubmitButton, useZodForm } from '@/components/forms/form';
import { TextareaField, TextField } from '@/components/forms/fields';
import { IncidentSeverityTypeFields } from '@/components/incidents/incident-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toastCreated } from '@/components/widgets/toast';
import { requiredChoice, requiredText, optionalText } from '@/lib/forms/schema';
import { createIncidentWithRoot } from '@/lib/incidents/link-flow';
import { incidentHref } from '@/lib/incidents/href';
import { INCIDENT_SEVERITIES } from '@/lib/format/severity';
import { INCIDENT_TYPES } from '@/lib/incidents/model';
import { useIncidentCalls } from '@/lib/incidents/queries';

const schema = z.object({
  title: requiredText(),
  description: optionalText(),
  severity: requiredChoice(INCIDENT_SEVERITIES),
  type: requiredChoice(INCIDENT_TYPES),
});

/**
 * Create Incident (upstream §2.4): status open, the creator as commander and communicator, a root hypothesis with
 * the incident's title; then the new incident's page. Loaded when the button is pressed.
 */
export function CreateIncidentDialog({ personId, onClose }: { personId: string; onClose: () => void }) {
  const router = useRouter();
  const calls = useIncidentCalls(personId);
  const form = useZodForm(schema, {
    defaultValues: { title: '', description: '', severity: undefined, type: undefined },
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Incident</DialogTitle>
        </DialogHeader>
        <DialogBody>
          <Form
            form={form}
            onSubmit={async (values) => {
              let failure: unknown;
              const created = await createIncidentWithRoot(
                { ...calls, log: (message, error) => ((failure = error), console.error(message, error)) },
                {
                  title: values.title,
                  description: values.description ?? '',
                  severity: values.severity,
                  type: values.type,
                },
              );
              if (!created) throw failure;
              toastCreated(values.title);
              router.push(incidentHref(created.incidentId));
              onClose();
            }}
          >
            <TextField name="title" label="Title" required />
            <TextareaField name="description" label="Description" />
            <IncidentSeverityTypeFields />
            <FormActions>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <SubmitButton pendingLabel="Creating...">Create</SubmitButton>
            </FormActions>
          </Form>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
