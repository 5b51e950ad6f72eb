'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import {
  BackToPicker,
  EditorFooter,
  EditorStep,
  PickerStep,
  stepHeading,
} from '@/components/forms/editor-steps';
import { Form, useZodForm } from '@/components/forms/form';
import { ConnectionFields } from '@/components/connections/connection-fields';
import { ConnectionTypePicker } from '@/components/connections/connection-type-picker';
import { activeFieldsOf, defaultValuesOf, recordToValues } from '@/lib/connections/mapping';
import { connectionTypeOf } from '@/lib/connections/registry';
import { connectionFormSchema } from '@/lib/connections/schema';
import type { ConnectionTypeDef } from '@/lib/connections/types';
import type { ConnectionFormProps } from '@/components/connections/connection-form-props';

/** The YAML fallback (with the yaml parser and the code editor) loads only for a type the console does not know. */
const ConnectionYamlForm = dynamic(
  () => import('@/components/connections/connection-yaml-form').then((m) => m.ConnectionYamlForm),
  {
    loading: () => (
      <p role="status" className="text-sm text-muted-foreground">
        Loading editor…
      </p>
    ),
  },
);

/** The form of one known type, for adding (defaults) or editing (the stored row's values). */
function TypeDetailsForm({
  def,
  record,
  onSubmit,
  onCancel,
  actions,
  readOnly,
  children,
}: Omit<ConnectionFormProps, 'initialType' | 'renderTitle'> & {
  def: ConnectionTypeDef;
  children?: React.ReactNode;
}) {
  const schema = React.useMemo(() => connectionFormSchema(def, { original: record }), [def, record]);
  const defaultValues = React.useMemo(
    () => (record ? recordToValues(def, record) : defaultValuesOf(def)),
    [def, record],
  );
  const form = useZodForm(schema, { defaultValues });
  // A backend error on a column goes under the field stored there (sftp's url is the Host field).
  const serverFieldFor = (column: string) => {
    if (column === 'name' || column === 'namespace') return column;
    return activeFieldsOf(def, form.getValues()).find(
      (f) => 'column' in f.target && f.target.column === column,
    )?.key;
  };
  return (
    <Form
      form={form}
      serverFieldFor={serverFieldFor}
      onSubmit={(payload) => onSubmit(payload, { name: form.getValues('name').trim(), type: def.value })}
    >
      {children}
      <ConnectionFields def={def} lockIdentity={record !== undefined} disabled={readOnly} />
      <EditorFooter onCancel={onCancel} actions={actions} readOnly={readOnly} edit={record !== undefined} />
    </Form>
  );
}

/**
 * Adds or edits a connection. Adding: the type picker 'Select Connection Type', then '{Type} Connection Details'
 * with Back. Editing: the same details form filled from the row, name and namespace locked; a type the console does
 * not know falls back to YAML.
 */
export function ConnectionForm({
  record,
  initialType,
  renderTitle = stepHeading,
  ...props
}: ConnectionFormProps) {
  const [picked, setPicked] = React.useState<ConnectionTypeDef | undefined>(() =>
    connectionTypeOf(initialType),
  );

  if (record) {
    const def = connectionTypeOf(record.type);
    if (!def) {
      return (
        <EditorStep title={renderTitle(`${record.type} Connection Details`)}>
          <ConnectionYamlForm record={record} {...props} />
        </EditorStep>
      );
    }
    return (
      <EditorStep title={renderTitle(`${def.title} Connection Details`)}>
        <TypeDetailsForm key={record.id ?? record.name} def={def} record={record} {...props} />
      </EditorStep>
    );
  }

  if (!picked) {
    return (
      <PickerStep title={renderTitle('Select Connection Type')} onCancel={props.onCancel}>
        <ConnectionTypePicker onPick={setPicked} />
      </PickerStep>
    );
  }

  return (
    <EditorStep title={renderTitle(`${picked.title} Connection Details`)}>
      <TypeDetailsForm key={picked.value} def={picked} {...props}>
        <BackToPicker onClick={() => setPicked(undefined)} />
      </TypeDetailsForm>
    </EditorStep>
  );
}
