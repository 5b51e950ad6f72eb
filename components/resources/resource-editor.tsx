'use client';

import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { CodeField } from '@/components/forms/code-field';
import { TextField } from '@/components/forms/fields';
import {
  BackToPicker,
  EditorFooter,
  EditorStep,
  PickerStep,
  stepHeading,
} from '@/components/forms/editor-steps';
import { Form, useZodForm } from '@/components/forms/form';
import { KeyValueField } from '@/components/forms/key-value-field';
import { ScheduleField } from '@/components/forms/schedule-field';
import { useSession } from '@/components/shell/session-provider';
import { LinkedNote } from '@/components/resources/linked-note';
import { SpecFormFields } from '@/components/resources/spec-form-fields';
import { SpecTypePicker } from '@/components/resources/spec-type-picker';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toastCreated, toastUpdated } from '@/components/widgets/toast';
import type { ResourceRecordRow } from '@/lib/resources/endpoints';
import { useSaveResource } from '@/lib/resources/mutations';
import { resourceTableQueries } from '@/lib/resources/queries';
import {
  WHOLE_SPEC_TYPE,
  codeOfValues,
  formOfCode,
  initialEditorValues,
  resourceEditorSchema,
  type EditorTab,
  type ResourceRecord,
} from '@/lib/resources/editor-schema';
import { linkedSourceOf } from '@/lib/resources/linked-source';
import {
  resourceTableOf,
  type ResourceTableDefinition,
  type ResourceTableName,
} from '@/lib/resources/resource-tables';
import { detectSpecType, specTypesOf } from '@/lib/resources/spec-mapping';
import type { SpecTypeDef } from '@/lib/resources/spec-types';

export interface ResourceEditorProps {
  table: ResourceTableName;
  /** The stored row to edit (name and namespace locked). Without it the editor adds a resource. */
  record?: ResourceRecord;
  /** Adding: start on this spec type (e.g. 'http') instead of the picker. */
  initialSpecType?: string;
  /** Adding: the spec type picked (undefined on Back), e.g. to keep it in the URL. */
  onSpecTypeChange?: (type: string | undefined) => void;
  /** After a successful save (the toast is shown already): the saved row as the backend returned it. */
  onSaved?: (row: ResourceRecordRow | null, context: { name: string; created: boolean }) => void;
  /** Cancel button (back to the list, or closing a dialog). */
  onCancel?: () => void;
  /** Extra buttons at the start of the footer (Delete on a detail page). */
  actions?: React.ReactNode;
  /** Renders the editor's title (e.g. as a dialog title). Default: a heading. */
  renderTitle?: (title: string) => React.ReactNode;
  /** Without write access everything is shown but nothing can be changed. */
  readOnly?: boolean;
  /** The subject of the success toast for a saved name (e.g. 'Topology {name}' where the kind is not obvious). Default: the name. */
  successName?: (name: string) => string;
  /** Adding: the schedule a new resource starts with when its type's template names none (the wizard's 30m, 001 §9). */
  defaultSchedule?: string;
}

function EditorForm({
  table,
  type,
  record,
  onSaved,
  onCancel,
  actions,
  readOnly,
  successName = (name) => name,
  defaultSchedule,
  children,
}: Omit<ResourceEditorProps, 'table' | 'initialSpecType' | 'onSpecTypeChange' | 'renderTitle'> & {
  table: ResourceTableDefinition;
  type: SpecTypeDef;
  children?: React.ReactNode;
}) {
  const queryClient = useQueryClient();
  const session = useSession();
  const save = useSaveResource(table.table);
  const editing = record?.id !== undefined;
  const schema = React.useMemo(
    () => resourceEditorSchema(table, type, { original: editing ? record : undefined }),
    [table, type, record, editing],
  );
  const defaultValues = React.useMemo(() => {
    const values = initialEditorValues(table, type, record);
    return !editing && defaultSchedule && values.schedule === ''
      ? { ...values, schedule: defaultSchedule }
      : values;
  }, [table, type, record, editing, defaultSchedule]);
  const form = useZodForm(schema, { defaultValues });
  const tab = useWatch({ control: form.control, name: 'tab' }) as EditorTab;
  const linked = record ? linkedSourceOf(record) : undefined;
  const locked = readOnly || linked !== undefined;
  const has = (f: (typeof table.header)[number]) => table.header.includes(f);
  const schemaFile = table.schemaFile;
  const loadJsonSchema = React.useMemo(
    () => (schemaFile ? () => queryClient.fetchQuery(resourceTableQueries.schema(schemaFile)) : undefined),
    [queryClient, schemaFile],
  );

  const switchTab = (next: string) => {
    if (next === tab) return;
    const values = form.getValues();
    if (next === 'code') {
      form.setValue('code', codeOfValues(table, type, values), { shouldDirty: false });
      form.setValue('tab', 'code');
    } else {
      const parsed = formOfCode(type, values.code);
      // The YAML must parse before the form can show it: stay on Code with the parse error under the editor.
      if (!parsed) {
        void form.trigger('code');
        return;
      }
      form.setValue('spec', parsed.spec);
      form.setValue('base', parsed.base);
      if (has('schedule')) form.setValue('schedule', parsed.schedule);
      form.setValue('tab', 'form');
    }
    void form.trigger();
  };

  const codeField = (
    <CodeField
      name="code"
      label="Spec"
      language="yaml"
      size="large"
      required={table.table === 'canaries' || table.table === 'config_scrapers'}
      readOnly={locked}
      loadJsonSchema={loadJsonSchema}
      hint={schemaFile ? 'YAML, checked against the spec schema' : 'YAML'}
    />
  );

  return (
    <Form
      form={form}
      onSubmit={async (body) => {
        const name = form.getValues('name').trim();
        if (editing && Object.keys(body).length === 0) {
          onSaved?.(null, { name, created: false });
          return;
        }
        const payload: Record<string, unknown> = { ...body };
        if (!editing && session?.user.id && session.mode !== 'none') payload.created_by = session.user.id;
        const row = await save.mutateAsync(
          editing
            ? { kind: 'update', id: record?.id as string, body: payload }
            : { kind: 'create', body: payload },
        );
        if (editing) toastUpdated(successName(name));
        else toastCreated(successName(name));
        form.reset(form.getValues());
        onSaved?.(row, { name, created: !editing });
      }}
    >
      {children}
      {linked ? <LinkedNote linked={linked} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label="Name" required disabled={locked || editing} />
        {has('namespace') ? (
          <TextField name="namespace" label="Namespace" required disabled={locked || editing} />
        ) : null}
        {has('icon') ? <TextField name="icon" label="Icon" disabled={locked} /> : null}
        {has('schedule') ? (
          <ScheduleField
            name="schedule"
            label="Schedule"
            disabled={locked || (type.mode === 'form' && tab === 'code')}
            hint={
              type.mode === 'form' && tab === 'code'
                ? 'Edit schedule in the code while the Code tab is open'
                : undefined
            }
          />
        ) : null}
      </div>
      {has('labels') ? (
        <KeyValueField name="labels" label="Labels" addLabel="Add label" disabled={locked} />
      ) : null}
      {type.mode === 'form' ? (
        <Tabs value={tab} onValueChange={switchTab}>
          <TabsList aria-label="Spec editor">
            <TabsTrigger value="form">Form</TabsTrigger>
            <TabsTrigger value="code">Code</TabsTrigger>
          </TabsList>
          <TabsContent value="form" className="pt-3">
            <SpecFormFields def={type} disabled={locked} />
          </TabsContent>
          <TabsContent value="code" className="pt-3">
            {codeField}
          </TabsContent>
        </Tabs>
      ) : (
        codeField
      )}
      <EditorFooter
        onCancel={onCancel}
        actions={actions}
        readOnly={locked}
        edit={editing}
        submitLabel={editing ? (table.updateLabel ?? 'Save') : 'Save'}
      />
    </Form>
  );
}

/**
 * Adds or edits a resource of a generic table (spec 001 §2.7): for health checks and scrapers the spec-type picker
 * (5 per row), then header fields (name, icon, namespace, labels, schedule as the table has them) and the spec as a
 * Form tab and a Code tab (YAML with the spec's JSON schema); other tables edit the spec as code. It saves itself
 * (POST, or PATCH of the changed columns) and toasts '{name} created/updated successfully'.
 */
export function ResourceEditor({
  table: tableName,
  record,
  initialSpecType,
  onSpecTypeChange,
  renderTitle = stepHeading,
  ...props
}: ResourceEditorProps) {
  const table = resourceTableOf(tableName);
  const types = specTypesOf(table.specTypes);
  const [picked, setPickedState] = React.useState<SpecTypeDef | undefined>(() =>
    types.find((t) => t.name === initialSpecType),
  );
  const setPicked = (def: SpecTypeDef | undefined) => {
    setPickedState(def);
    onSpecTypeChange?.(def?.name);
  };

  if (record?.id !== undefined || types.length === 0) {
    const type =
      types.length === 0
        ? WHOLE_SPEC_TYPE
        : (detectSpecType(types, record?.spec as Record<string, unknown> | undefined) ?? WHOLE_SPEC_TYPE);
    const title = record?.id !== undefined ? (record.name ?? table.name) : `Add ${table.name}`;
    return (
      <EditorStep title={renderTitle(types.length > 0 ? `${title} (${type.label})` : title)}>
        <EditorForm
          key={`${record?.id ?? 'new'}-${type.name}`}
          table={table}
          type={type}
          record={record}
          {...props}
        />
      </EditorStep>
    );
  }

  if (!picked) {
    return (
      <PickerStep title={renderTitle(`Add ${table.name}`)} onCancel={props.onCancel}>
        <SpecTypePicker types={types} label={`${table.name} types`} onPick={setPicked} />
      </PickerStep>
    );
  }

  return (
    <EditorStep title={renderTitle(`Add ${table.name}: ${picked.label}`)}>
      <EditorForm key={picked.name} table={table} type={picked} {...props}>
        <BackToPicker onClick={() => setPicked(undefined)} />
      </EditorForm>
    </EditorStep>
  );
}
