'use client';

import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  ChoiceField,
  MultiSelectField,
  SelectField,
  TextareaField,
  TextField,
} from '@/components/forms/fields';
import { Form, FormActions, SubmitButton, useZodForm } from '@/components/forms/form';
import { QueryState } from '@/components/list/query-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/widgets/confirm-dialog';
import { Dialog, DialogBody, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toastCreated, toastDeleted, toastSuccess } from '@/components/widgets/toast';
import type { NotificationRule } from '@/lib/notifications/endpoints';
import { CONNECTION_TYPES } from '@/lib/connections';
import { REQUIRED_MESSAGE } from '@/lib/forms/messages';
import { requiredText } from '@/lib/forms/schema';
import { DURATION_MESSAGE, isDuration } from '@/lib/forms/schedules';
import { NOTIFICATION_EVENTS } from '@/lib/notifications/events';
import { groupByOptions } from '@/lib/notifications/group-by';
import { NO_RECIPIENT } from '@/lib/notifications/recipient';
import {
  RECIPIENT_KINDS,
  ruleToValues,
  valuesToRuleWrite,
  type RecipientKind,
} from '@/lib/notifications/rule-form';
import { useDeleteRule, useSaveRule } from '@/lib/notifications/mutations';
import { notificationQueries } from '@/lib/notifications/queries';

/** Spec text of the upstream console. */
const UPDATED_MESSAGE = 'Notification updated successfully';

const NOTIFICATION_CONNECTION_TYPES = CONNECTION_TYPES.filter((t) => t.notification).map((t) => t.value);
const EVENT_OPTIONS = NOTIFICATION_EVENTS.map((e) => ({ value: e, label: e }));
const RECIPIENT_OPTIONS = [
  { value: 'person', label: 'Person' },
  { value: 'team', label: 'Team' },
  { value: 'connection', label: 'Connection' },
  { value: 'playbook', label: 'Playbook' },
] as const;

const optionalDuration = z
  .string()
  .trim()
  .refine((v) => v === '' || isDuration(v), DURATION_MESSAGE);

const schema = z.object({
  name: requiredText(),
  events: z.array(z.string()).min(1, REQUIRED_MESSAGE),
  filter: z.string(),
  title: z.string(),
  template: z.string(),
  recipientKind: z.enum(RECIPIENT_KINDS),
  recipient: z.string(),
  repeatInterval: optionalDuration,
  waitFor: optionalDuration,
  groupBy: z.array(z.string()),
});
// No recipient is required (000 §3 Notification names none): an empty choice is written as null (issue 37).
/** The label keys notifications are grouped by: a picker of the keys configs, components and checks carry. */
function GroupByField() {
  const keys = useQuery(notificationQueries.groupByKeys());
  const chosen = (useWatch({ name: 'groupBy' }) as string[] | undefined) ?? [];
  return (
    <MultiSelectField
      name="groupBy"
      label="Group by"
      options={groupByOptions(keys.data ?? [], chosen)}
      placeholder={keys.isPending ? 'Loading label keys…' : 'No grouping'}
      hint={
        keys.isError
          ? 'The label keys could not be loaded'
          : 'Notifications with the same values of these keys are sent as one'
      }
    />
  );
}

function RecipientField({ kind }: { kind: RecipientKind }) {
  const options = useQuery(notificationQueries.recipients(kind, NOTIFICATION_CONNECTION_TYPES));
  const list = (options.data ?? []).map((o) => ({
    value: kind === 'connection' ? `connection://${o.namespace ?? 'default'}/${o.name ?? o.id}` : o.id,
    label: kind === 'connection' ? `${o.name ?? o.id} (${o.type ?? ''})` : (o.title ?? o.name ?? o.id),
  }));
  const label = RECIPIENT_OPTIONS.find((o) => o.value === kind)?.label ?? 'Recipient';
  return (
    <SelectField
      name="recipient"
      label={label}
      options={list}
      placeholder={
        options.isPending ? 'Loading…' : options.isError ? 'The options could not be loaded' : NO_RECIPIENT
      }
    />
  );
}

function RuleForm({
  rule,
  onDone,
  onDelete,
  readOnly = false,
}: {
  rule: NotificationRule | null;
  onDone: () => void;
  onDelete?: () => void;
  /** A person who may read rules but not write them sees the rule's fields, disabled, and no Save or Delete. */
  readOnly?: boolean;
}) {
  const save = useSaveRule();
  const form = useZodForm(schema, { defaultValues: ruleToValues(rule) });
  const kind = useWatch({ control: form.control, name: 'recipientKind' });
  const recipients = useQuery(notificationQueries.recipients('connection', NOTIFICATION_CONNECTION_TYPES));
  const previousKind = React.useRef(kind);
  React.useEffect(() => {
    // Another kind of recipient: the old id means nothing there.
    if (previousKind.current !== kind) form.setValue('recipient', '', { shouldValidate: false });
    previousKind.current = kind;
  }, [kind, form]);

  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const ref = values.recipientKind === 'connection' ? values.recipient : null;
        const type = ref
          ? recipients.data?.find((c) => `connection://${c.namespace ?? 'default'}/${c.name}` === ref)?.type
          : null;
        const body = valuesToRuleWrite(values, type, rule?.custom_services);
        await save.mutateAsync({ id: rule?.id ?? null, body });
        if (rule) toastSuccess(UPDATED_MESSAGE);
        else toastCreated(body.name);
        onDone();
      }}
    >
      {/* A disabled fieldset disables every control in it, the kit's selects included (they are buttons). */}
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-4">
        <TextField name="name" label="Name" required />
        <MultiSelectField name="events" label="Events" required options={EVENT_OPTIONS} />
        <TextareaField
          name="filter"
          label="Filter"
          rows={2}
          placeholder="check.labels.env == 'production'"
          hint="A CEL expression; the rule fires only when it is true"
        />
        <TextField name="title" label="Title" />
        <TextareaField
          name="template"
          label="Template"
          rows={5}
          hint="The message body (markdown with Go templates)"
        />
        <ChoiceField name="recipientKind" label="Recipient" options={RECIPIENT_OPTIONS} />
        <RecipientField kind={kind} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="repeatInterval"
            label="Repeat interval"
            hint="e.g. 4h: the same notification at most once per interval"
          />
          <TextField
            name="waitFor"
            label="Wait for"
            hint="e.g. 5m: wait before sending, in case it recovers"
          />
        </div>
        <GroupByField />
      </fieldset>
      {!readOnly && (
        <FormActions className="justify-between">
          {onDelete ? (
            <Button type="button" variant="destructive" onClick={onDelete}>
              Delete
            </Button>
          ) : (
            <span />
          )}
          <SubmitButton requireChanges={Boolean(rule)} pendingLabel="Saving...">
            Save
          </SubmitButton>
        </FormActions>
      )}
    </Form>
  );
}

/** Add (`id` null) or edit a rule; read-only people see it without the form's save. */
export function RuleDialog({
  id,
  summary,
  canWrite,
  onClose,
}: {
  id: string | null;
  summary?: NotificationRule;
  canWrite: boolean;
  onClose: () => void;
}) {
  const query = useQuery({ ...notificationQueries.rule(id ?? ''), enabled: id !== null && !summary });
  const remove = useDeleteRule();
  const [confirming, setConfirming] = React.useState(false);
  const rule = summary ?? query.data ?? null;
  const title = id === null ? 'Add Notification Rule' : (rule?.name ?? 'Notification Rule');

  const onDelete = canWrite ? () => setConfirming(true) : undefined;
  const body =
    id === null ? (
      <RuleForm rule={null} onDone={onClose} />
    ) : summary ? (
      <RuleForm rule={summary} onDone={onClose} onDelete={onDelete} readOnly={!canWrite} />
    ) : (
      <QueryState
        query={query}
        empty="This notification rule was not found"
        errorTitle="The notification rule could not be loaded"
      >
        {(loaded) => <RuleForm rule={loaded} onDone={onClose} onDelete={onDelete} readOnly={!canWrite} />}
      </QueryState>
    );

  return (
    <>
      <Dialog open={!confirming} onOpenChange={(open) => !open && onClose()}>
        <DialogContent showSizeToggle className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
          </DialogHeader>
          <DialogBody>
            {!canWrite && (
              <p className="mb-4 text-sm text-muted-foreground">
                You may view notification rules but not change them.
              </p>
            )}
            {body}
          </DialogBody>
        </DialogContent>
      </Dialog>
      {rule && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => (open ? undefined : setConfirming(false))}
          title={`Delete ${rule.name ?? 'rule'}`}
          pendingLabel="Deleting..."
          onConfirm={async () => {
            await remove.mutateAsync(rule.id);
            toastDeleted(rule.name ?? 'Notification');
            onClose();
          }}
        />
      )}
    </>
  );
}
