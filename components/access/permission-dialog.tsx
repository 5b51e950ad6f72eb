'use client';

import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CheckboxField,
  ChoiceField,
  MultiSelectField,
  SelectField,
  TextareaField,
  type Option,
} from '@/components/forms/fields';
import { Form, FormActions, SubmitButton, useZodForm } from '@/components/forms/form';
import { CodeField } from '@/components/forms/code-field';
import { KeyValueField } from '@/components/forms/key-value-field';
import { ResourceSelectorField } from '@/components/resources';
import { DateTimeField } from '@/components/forms/time-fields';
import { useAccess, useSession } from '@/components/shell/session-provider';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/widgets/confirm-dialog';
import { Dialog, DialogBody, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toastSuccess } from '@/components/widgets/toast';
import type { PermissionPicker, PermissionSummary } from '@/lib/access/permissions-endpoints';
import { CONFIRM_DELETE_PERMISSION, REQUIRED_MESSAGE, successMessages } from '@/lib/forms/messages';
import { dateTimeText, keyValueMap } from '@/lib/forms/schema';
import type { PermissionScopeKey } from '@/lib/access/permission-model';
import { PERMISSION_ACTIONS, RESOURCE_MODES, SUBJECT_KINDS } from '@/lib/access/permission-display';
import {
  agentOptions,
  agentsIssue,
  EMPTY_PERMISSION,
  formValuesOf,
  GLOBAL_OBJECTS,
  missingFields,
  OBJECT_SELECTOR_KINDS,
  permissionBody,
  resourceSwitchPatch,
  subjectSwitchPatch,
  tagRowIssues,
  type PermissionFormValues,
  type PickedResource,
} from '@/lib/access/permission-form';
import { objectSelectorText, objectSelectorYaml } from '@/lib/access/permission-selector';
import { agentQueries } from '@/lib/access/agents-queries';
import { peopleQueries } from '@/lib/access/people-queries';
import { permissionQueries, usePermissionWrite } from '@/lib/access/permissions-queries';

const HELP_LINK = 'https://docs.flanksource.com/reference/permissions';

const schema = z
  .object({
    subjectKind: z.enum(['team', 'person', 'notification']),
    person_id: z.string(),
    team_id: z.string(),
    notification_id: z.string(),
    resourceMode: z.enum(['catalog', 'component', 'connection', 'playbook', 'canary', 'check', 'global']),
    config: z.custom<PickedResource | null>(),
    component: z.custom<PickedResource | null>(),
    check: z.custom<PickedResource | null>(),
    connection_id: z.string(),
    playbook_id: z.string(),
    canary_id: z.string(),
    object: z.string(),
    object_selector: objectSelectorText(),
    // The permission's own tag rules first (by row, where the field shows them), then the map the body carries.
    tags: z
      .array(z.object({ key: z.string(), value: z.string() }))
      .superRefine((rows, ctx) => {
        for (const { index, message } of tagRowIssues(rows))
          ctx.addIssue({ code: 'custom', path: [index, 'key'], message });
      })
      .pipe(keyValueMap()),
    agents: z.array(z.string()).superRefine((ids, ctx) => {
      const message = agentsIssue(ids);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
    action: z.string(),
    deny: z.boolean(),
    description: z.string(),
    until: dateTimeText(),
  })
  .superRefine((v, ctx) => {
    for (const field of missingFields({
      ...v,
      config: v.config ?? null,
      component: v.component ?? null,
      check: v.check ?? null,
      until: v.until ?? '',
      object_selector: v.object_selector ? JSON.stringify(v.object_selector) : '',
      tags: [],
    })) {
      ctx.addIssue({ code: 'custom', path: [field], message: REQUIRED_MESSAGE });
    }
  });

/** A new permission made from a scoped list starts with that list's subject or resource chosen. */
function initialValues(
  permission: PermissionSummary | null,
  scope: Partial<Record<PermissionScopeKey, string>> = {},
): PermissionFormValues {
  if (permission)
    return { ...formValuesOf(permission), object_selector: objectSelectorYaml(permission.object_selector) };
  const v = { ...EMPTY_PERMISSION };
  if (scope.team_id) Object.assign(v, { subjectKind: 'team', team_id: scope.team_id });
  if (scope.person_id) Object.assign(v, { subjectKind: 'person', person_id: scope.person_id });
  if (scope.notification_id)
    Object.assign(v, { subjectKind: 'notification', notification_id: scope.notification_id });
  if (scope.connection_id)
    Object.assign(v, { resourceMode: 'connection', connection_id: scope.connection_id });
  if (scope.playbook_id) Object.assign(v, { resourceMode: 'playbook', playbook_id: scope.playbook_id });
  if (scope.canary_id) Object.assign(v, { resourceMode: 'canary', canary_id: scope.canary_id });
  if (scope.check_id)
    Object.assign(v, {
      resourceMode: 'check',
      check: { id: scope.check_id, name: scope.check_id, kind: 'checks' },
    });
  return v;
}

function usePickerOptions(picker: PermissionPicker, enabled: boolean): Option[] {
  const query = useQuery({ ...permissionQueries.picker(picker), enabled });
  return React.useMemo(
    () =>
      (query.data ?? []).map((i) => ({
        value: i.id,
        label: i.title || (i.namespace ? `${i.namespace}/${i.name}` : i.name),
      })),
    [query.data],
  );
}

/**
 * Add Permission (no permission given) or Edit Permission (Save updates, Delete shown), spec 001 §2.5 and §4: the
 * subject is a team, person or notification, the resource a catalog item, component, connection, playbook, health
 * check (canary), check or a Global RBAC object; switching either kind clears what was chosen for the other kinds.
 */
export function PermissionDialog({
  permission,
  scope,
  open,
  onOpenChange,
}: {
  permission: PermissionSummary | null;
  scope?: Partial<Record<PermissionScopeKey, string>>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const session = useSession();
  const canReadPeople = useAccess().can('identities', 'read');
  const form = useZodForm(schema, { defaultValues: initialValues(permission, scope) });
  const write = usePermissionWrite();
  const [confirming, setConfirming] = React.useState(false);

  React.useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      const patch =
        name === 'subjectKind'
          ? subjectSwitchPatch()
          : name === 'resourceMode'
            ? resourceSwitchPatch()
            : null;
      if (patch)
        for (const [key, value] of Object.entries(patch))
          form.setValue(key as keyof PermissionFormValues, value as never, { shouldValidate: false });
    });
    return () => subscription.unsubscribe();
  }, [form]);

  // What a stored permission holds that cannot be saved back (an agent name, a tag with a comma) shows at once: the
  // Save button stays disabled while the form is invalid, and would otherwise give no reason.
  React.useEffect(() => {
    if (permission) void form.trigger(['tags', 'agents']);
  }, [form, permission]);

  const subjectKind = form.watch('subjectKind');
  const resourceMode = form.watch('resourceMode');
  const teams = usePickerOptions('teams', subjectKind === 'team');
  const notifications = usePickerOptions('notifications', subjectKind === 'notification');
  const connections = usePickerOptions('connections', resourceMode === 'connection');
  const playbooks = usePickerOptions('playbooks', resourceMode === 'playbook');
  const canaries = usePickerOptions('canaries', resourceMode === 'canary');
  const agentChoices = useQuery(agentQueries.choices());
  const agents = React.useMemo(() => agentOptions(agentChoices.data ?? []), [agentChoices.data]);
  const peopleQuery = useQuery({
    ...peopleQueries.list(),
    enabled: subjectKind === 'person' && canReadPeople,
  });
  const people = React.useMemo(
    () =>
      (peopleQuery.data ?? []).map((p) => ({
        value: p.id,
        label: p.email ? `${p.name} (${p.email})` : p.name,
      })),
    [peopleQuery.data],
  );

  const title = permission ? 'Edit Permission' : 'Add Permission';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent showSizeToggle helpLink={HELP_LINK}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        <DialogBody>
          <Form
            form={form}
            aria-label={title}
            onSubmit={async (output) => {
              const actor = {
                mode: permission ? ('update' as const) : ('create' as const),
                userId: session?.user.id ?? '',
                hadCheck: Boolean(permission?.check_id),
              };
              const body = permissionBody(
                {
                  ...output,
                  config: output.config ?? null,
                  component: output.component ?? null,
                  check: output.check ?? null,
                  until: '',
                  object_selector: '',
                  tags: [],
                },
                { until: output.until, object_selector: output.object_selector, tags: output.tags },
                actor,
              );
              if (permission) await write.mutateAsync({ kind: 'update', id: permission.id, body });
              else await write.mutateAsync({ kind: 'create', body });
              toastSuccess(
                permission ? successMessages.permissionUpdated() : successMessages.permissionAdded(),
              );
              onOpenChange(false);
            }}
          >
            <ChoiceField name="subjectKind" label="Subject" options={SUBJECT_KINDS} required />
            {subjectKind === 'team' ? (
              <SelectField name="team_id" label="Team" options={teams} required />
            ) : null}
            {subjectKind === 'person' ? (
              <SelectField name="person_id" label="Person" options={people} required />
            ) : null}
            {subjectKind === 'notification' ? (
              <SelectField name="notification_id" label="Notification" options={notifications} required />
            ) : null}

            <ChoiceField name="resourceMode" label="Resource" options={RESOURCE_MODES} required />
            {resourceMode === 'catalog' ? (
              <ResourceSelectorField name="config" label="Catalog item" kinds={['configs']} required />
            ) : null}
            {resourceMode === 'component' ? (
              <ResourceSelectorField name="component" label="Component" kinds={['components']} required />
            ) : null}
            {resourceMode === 'connection' ? (
              <SelectField name="connection_id" label="Connection" options={connections} required />
            ) : null}
            {resourceMode === 'playbook' ? (
              <SelectField name="playbook_id" label="Playbook" options={playbooks} required />
            ) : null}
            {resourceMode === 'canary' ? (
              <SelectField name="canary_id" label="Health Check" options={canaries} required />
            ) : null}
            {resourceMode === 'check' ? (
              <ResourceSelectorField name="check" label="Check" kinds={['checks']} required />
            ) : null}
            {resourceMode === 'global' ? (
              <SelectField
                name="object"
                label="Object"
                options={GLOBAL_OBJECTS.map((o) => ({ value: o, label: o }))}
                required
              />
            ) : null}

            <CodeField
              name="object_selector"
              label="Object selector"
              language="yaml"
              size="small"
              hint={`YAML or JSON: resource kinds (${OBJECT_SELECTOR_KINDS.join(', ')}) to lists of selectors, e.g. playbooks: [{name: "restart-*"}]. With a selector the resource above may stay empty.`}
            />
            <KeyValueField
              name="tags"
              label="Tags"
              addLabel="Add tag"
              hint="Only resources that carry every tag (key = value); none: any resource."
            />
            <MultiSelectField
              name="agents"
              label="Agents"
              options={agents}
              placeholder="Any agent"
              hint="Only resources on one of these agents; none: any agent."
            />
            <SelectField
              name="action"
              label="Action"
              options={PERMISSION_ACTIONS.map((a) => ({ value: a, label: a }))}
              required
            />
            <CheckboxField name="deny" label="Deny" />
            <TextareaField name="description" label="Description" rows={2} />
            <DateTimeField name="until" label="Until" />
            <FormActions className="sm:justify-between">
              {permission ? (
                <Button variant="destructive" onClick={() => setConfirming(true)}>
                  Delete
                </Button>
              ) : (
                <span />
              )}
              <div className="flex gap-2">
                <Button variant="outline" onClick={() => onOpenChange(false)}>
                  Cancel
                </Button>
                <SubmitButton pendingLabel="Saving..." requireChanges={Boolean(permission)}>
                  Save
                </SubmitButton>
              </div>
            </FormActions>
          </Form>
        </DialogBody>
      </DialogContent>
      {permission ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete permission"
          description={CONFIRM_DELETE_PERMISSION}
          pendingLabel="Deleting..."
          onConfirm={async () => {
            await write.mutateAsync({ kind: 'delete', id: permission.id });
            toastSuccess(successMessages.permissionDeleted());
            onOpenChange(false);
          }}
        />
      ) : null}
    </Dialog>
  );
}
