'use client';

import * as React from 'react';
import { CodeField } from '@/components/forms/code-field';
import { TextField } from '@/components/forms/fields';
import { Form, FormActions, SubmitButton, useZodForm } from '@/components/forms/form';
import { KeyValueField } from '@/components/forms/key-value-field';
import { Button } from '@/components/ui/button';
import { toastCreated, toastUpdated } from '@/components/widgets/toast';
import type { LogBackend } from '@/lib/operations/endpoints';
import { useSaveLogBackend } from '@/lib/operations/mutations';
import {
  logBackendChanges,
  logBackendFormValues,
  logBackendSchema,
} from '@/lib/operations/log-backend-values';

/**
 * Add or edit a log backend (name required, labels, spec optional; submit disabled while invalid). An edit starts from the
 * stored record and sends only what changed.
 */
export function LogBackendForm({
  record,
  onSaved,
  onCancel,
  successName = (name) => name,
}: {
  record?: LogBackend | null;
  onSaved?: (name: string) => void;
  onCancel?: () => void;
  /** What the success toast names ('{name} updated successfully'); the integration page adds the kind. */
  successName?: (name: string) => string;
}) {
  const defaultValues = React.useMemo(() => logBackendFormValues(record), [record]);
  const form = useZodForm(logBackendSchema, { defaultValues });
  const save = useSaveLogBackend();
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const body = { name: values.name, labels: values.labels, spec: values.spec };
        if (record)
          await save.mutateAsync({ kind: 'update', id: record.id, body: logBackendChanges(record, body) });
        else await save.mutateAsync({ kind: 'create', body });
        (record ? toastUpdated : toastCreated)(successName(values.name));
        onSaved?.(values.name);
      }}
    >
      <TextField name="name" label="Name" required />
      <KeyValueField name="labels" label="Labels" addLabel="Add label" />
      <CodeField
        name="spec"
        label="Spec"
        language="yaml"
        size="medium"
        placeholder={'loki:\n  url: http://loki.monitoring.svc:3100'}
      />
      <FormActions>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <SubmitButton pendingLabel="Saving..." requireChanges={Boolean(record)}>
          {record ? 'Update' : 'Save'}
        </SubmitButton>
      </FormActions>
    </Form>
  );
}
