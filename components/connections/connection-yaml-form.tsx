'use client';

import * as React from 'react';
import { CodeField } from '@/components/forms/code-field';
import { Form, useZodForm } from '@/components/forms/form';
import type { ConnectionFormProps } from '@/components/connections/connection-form-props';
import { EditorFooter } from '@/components/forms/editor-steps';
import type { ConnectionRecord } from '@/lib/connections/types';
import { recordAsYaml, yamlFallbackSchema } from '@/lib/connections/yaml-fallback';

/** A stored row of a type the console does not know: its columns as YAML. */
export function ConnectionYamlForm({
  record,
  onSubmit,
  onCancel,
  actions,
  readOnly,
}: Omit<ConnectionFormProps, 'initialType' | 'renderTitle'> & { record: ConnectionRecord }) {
  const schema = React.useMemo(() => yamlFallbackSchema(record), [record]);
  const form = useZodForm(schema, { defaultValues: { spec: recordAsYaml(record) } });
  return (
    <Form
      form={form}
      serverFieldFor={() => 'spec'}
      onSubmit={(payload) => onSubmit(payload, { name: record.name, type: record.type })}
    >
      <p className="text-sm text-muted-foreground">
        The console has no form for connections of type “{record.type}”. Edit its fields as YAML; name,
        namespace and type stay as they are.
      </p>
      <CodeField name="spec" label="Connection" language="yaml" size="medium" readOnly={readOnly} required />
      <EditorFooter onCancel={onCancel} actions={actions} readOnly={readOnly} edit />
    </Form>
  );
}
