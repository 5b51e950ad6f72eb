'use client';

import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { SwitchField, TextField } from '@/components/forms/fields';
import { Form, FormActions, SubmitButton, useZodForm } from '@/components/forms/form';
import { KeyValueField } from '@/components/forms/key-value-field';
import { QueryState } from '@/components/list/query-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/widgets/confirm-dialog';
import { CopyButton } from '@/components/widgets/copy-button';
import { CreateThenShowDialog } from '@/components/access/create-then-show-dialog';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toastCreated, toastDeleted, toastUpdated } from '@/components/widgets/toast';
import { agentHelmCommand } from '@/lib/access/agent-status';
import type { AgentSummary, GeneratedAgent } from '@/lib/access/agents-endpoints';
import { REQUIRED_MESSAGE } from '@/lib/forms/messages';
import { keyValueMap, requiredText, toKeyValuePairs } from '@/lib/forms/schema';
import { useAgentWrite } from '@/lib/access/agents-mutations';
import { agentQueries } from '@/lib/access/agents-queries';

const addSchema = z
  .object({
    name: requiredText(),
    properties: keyValueMap(),
    kubernetesEnabled: z.boolean(),
    schedule: z.string().trim(),
    pushTelemetryEnabled: z.boolean(),
    topologyName: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    if (v.kubernetesEnabled && !v.schedule)
      ctx.addIssue({ code: 'custom', path: ['schedule'], message: REQUIRED_MESSAGE });
  });

type Install = { agent: GeneratedAgent; command: string };

/** Add Agent → POST /agent/generate → the install dialog; the token is shown in it once and kept nowhere else. */
export function AddAgentDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useZodForm(addSchema, {
    defaultValues: {
      name: '',
      properties: [],
      kubernetesEnabled: true,
      schedule: '30m',
      pushTelemetryEnabled: false,
      topologyName: '',
    },
  });
  const write = useAgentWrite();
  const [install, setInstall] = React.useState<Install | null>(null);
  const kubernetesEnabled = useWatch({ control: form.control, name: 'kubernetesEnabled' });
  const pushTelemetryEnabled = useWatch({ control: form.control, name: 'pushTelemetryEnabled' });
  return (
    <CreateThenShowDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Agent"
      showSizeToggle
      form={form}
      submitLabel="Save"
      pendingLabel="Saving..."
      onSubmit={async (v) => {
        const agent = await write.mutateAsync({
          kind: 'generate',
          body: { name: v.name, properties: v.properties },
        });
        if (!agent) return;
        toastCreated(v.name);
        setInstall({
          agent,
          command: agentHelmCommand({
            baseUrl: window.location.origin,
            agentName: v.name,
            personId: agent.id,
            username: agent.username,
            accessToken: agent.access_token,
            kubernetes: v.kubernetesEnabled ? { enabled: true, schedule: v.schedule } : null,
            pushTelemetry: v.pushTelemetryEnabled ? { enabled: true, topologyName: v.topologyName } : null,
          }),
        });
      }}
      result={
        install && {
          title: 'Install Agent',
          description:
            'Run these commands against the cluster. The access token is shown only now: copy it before closing this dialog.',
          content: (
            <DialogBody>
              <div className="relative">
                <pre
                  aria-label="Helm command"
                  className="overflow-x-auto rounded-md bg-muted p-3 pr-12 text-xs"
                >
                  {install.command}
                </pre>
                <CopyButton value={install.command} className="absolute right-1 top-1" />
              </div>
            </DialogBody>
          ),
        }
      }
    >
      <TextField name="name" label="Name" required />
      <KeyValueField name="properties" label="Properties" />
      <SwitchField name="kubernetesEnabled" label="Kubernetes" />
      {kubernetesEnabled ? (
        <TextField
          name="schedule"
          label="Schedule"
          hint="How often the cluster is scraped, e.g. 30m"
          required
        />
      ) : null}
      <SwitchField name="pushTelemetryEnabled" label="Push telemetry" />
      {pushTelemetryEnabled ? <TextField name="topologyName" label="Topology name" /> : null}
    </CreateThenShowDialog>
  );
}

const editSchema = z.object({ name: z.string(), properties: keyValueMap() });

/** One agent (`?id=`): its properties (the name is fixed), and Delete with an optional clean up of what it reported. */
export function EditAgentDialog({
  id,
  canWrite,
  open,
  onOpenChange,
}: {
  id: string;
  canWrite: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const query = useQuery(agentQueries.detail(id));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{query.data?.name ?? 'Agent'}</DialogTitle>
          <DialogDescription>Agent properties</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <QueryState
            query={query}
            empty="Agent not found"
            errorTitle="The agent could not be loaded"
            compact
          >
            {(agent) => (
              <EditAgentForm agent={agent} canWrite={canWrite} onDone={() => onOpenChange(false)} />
            )}
          </QueryState>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}

function EditAgentForm({
  agent,
  canWrite,
  onDone,
}: {
  agent: AgentSummary;
  canWrite: boolean;
  onDone: () => void;
}) {
  const form = useZodForm(editSchema, {
    defaultValues: { name: agent.name, properties: toKeyValuePairs(agent.properties) },
  });
  const write = useAgentWrite();
  const [deleting, setDeleting] = React.useState(false);
  const [cleanup, setCleanup] = React.useState(false);
  return (
    <Form
      form={form}
      aria-label={`Edit ${agent.name}`}
      onSubmit={async (v) => {
        await write.mutateAsync({ kind: 'update', id: agent.id, properties: v.properties });
        toastUpdated(agent.name);
        onDone();
      }}
    >
      <TextField name="name" label="Name" disabled />
      <KeyValueField name="properties" label="Properties" disabled={!canWrite} />
      {canWrite ? (
        <FormActions className="sm:justify-between">
          <Button variant="destructive" onClick={() => setDeleting(true)}>
            Delete
          </Button>
          <div className="flex gap-2">
            <Button variant="outline" onClick={onDone}>
              Cancel
            </Button>
            <SubmitButton pendingLabel="Saving..." requireChanges>
              Save
            </SubmitButton>
          </div>
        </FormActions>
      ) : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${agent.name}`}
        description={
          <span className="flex flex-col gap-3">
            <span>Are you sure you want to delete this resource?</span>
            <label className="flex items-center gap-2 text-foreground">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={cleanup}
                onChange={(e) => setCleanup(e.target.checked)}
              />
              Clean up: also delete the topologies, components, checks, scrapers, config items and log
              backends it reported
            </label>
          </span>
        }
        pendingLabel="Deleting..."
        onConfirm={async () => {
          await write.mutateAsync({ kind: 'delete', id: agent.id, cleanup });
          toastDeleted(agent.name);
          onDone();
        }}
      />
    </Form>
  );
}
