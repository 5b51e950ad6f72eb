'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CheckboxField, ChoiceField, TextareaField, TextField } from '@/components/forms/fields';
import { DateTimeField } from '@/components/forms/time-fields';
import { Form, FormActions, SubmitButton, useZodForm } from '@/components/forms/form';
import { ResourceSelectorField } from '@/components/resources';
import { SilencePreviewPanel } from '@/components/notifications/silence-preview';
import { Button } from '@/components/ui/button';
import { toastCreated } from '@/components/widgets/toast';
import { useDebouncedValue } from '@/components/widgets/use-debounced-value';
import { REQUIRED_MESSAGE } from '@/lib/forms/messages';
import { dateTimeText, optionalText, requiredText } from '@/lib/forms/schema';
import {
  SILENCE_DURATIONS,
  silenceBody,
  silenceCriteria,
  silenceRange,
  silenceWindow,
  type SilenceDuration,
  type SilenceTargetMode,
} from '@/lib/notifications/silence-draft';
import { useCreateSilence } from '@/lib/notifications/mutations';
import type { ResourceOption } from '@/lib/resources';
import { parseLocalDateTime } from '@/lib/time-range/absolute';

const MODES = [
  { value: 'resource', label: 'Resource' },
  { value: 'filter', label: 'Filter' },
  { value: 'labels', label: 'Label selector' },
] as const;

const schema = z
  .object({
    name: requiredText(),
    description: optionalText(),
    duration: z.enum(SILENCE_DURATIONS.map((d) => d.value) as [SilenceDuration, ...SilenceDuration[]]),
    until: dateTimeText(),
    recursive: z.boolean(),
    mode: z.enum(['resource', 'filter', 'labels']),
    resource: z.custom<ResourceOption | null>(),
    filter: z.string(),
    labelSelector: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.duration === 'until' && !v.until)
      ctx.addIssue({ code: 'custom', path: ['until'], message: REQUIRED_MESSAGE });
    if (v.duration === 'until' && v.until && Date.parse(v.until) <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'Pick a time in the future' });
    if (v.mode === 'resource' && !v.resource)
      ctx.addIssue({ code: 'custom', path: ['resource'], message: REQUIRED_MESSAGE });
    if (v.mode === 'filter' && !v.filter.trim())
      ctx.addIssue({ code: 'custom', path: ['filter'], message: REQUIRED_MESSAGE });
    if (v.mode === 'labels' && !v.labelSelector.trim())
      ctx.addIssue({ code: 'custom', path: ['labelSelector'], message: REQUIRED_MESSAGE });
  });

type Values = z.input<typeof schema>;

/** The preview's body: what the draft covers; a time to silence until also bounds the week it looks back on. */
function usePreviewBody(): ReturnType<typeof silenceCriteria> {
  const [mode, resource, filter, labelSelector, recursive, duration, until] = useWatch<Values>({
    name: ['mode', 'resource', 'filter', 'labelSelector', 'recursive', 'duration', 'until'],
  }) as [SilenceTargetMode, ResourceOption | null, string, string, boolean, SilenceDuration, string];
  const body = React.useMemo(() => {
    const criteria = silenceCriteria({ mode, resource, filter, labelSelector, recursive });
    if (!criteria) return null;
    const now = new Date();
    const untilInstant = duration === 'until' ? parseLocalDateTime(until ?? '') : null;
    const range = untilInstant ? silenceRange('until', untilInstant.toISOString(), now) : null;
    const window = range ? silenceWindow(range, now) : null;
    return window
      ? { ...criteria, from: window.from, ...(window.until ? { until: window.until } : {}) }
      : criteria;
  }, [mode, resource, filter, labelSelector, recursive, duration, until]);
  // Typing a filter should not ask the backend on every key.
  const key = JSON.stringify(body);
  const debounced = useDebouncedValue(key, 500);
  return React.useMemo(() => JSON.parse(debounced) as ReturnType<typeof silenceCriteria>, [debounced]);
}

function PreviewFromForm() {
  const body = usePreviewBody();
  return <SilencePreviewPanel body={body} />;
}

/** The add-silence form with its live preview (issue 19): saved through POST /notification/silence. */
export function SilenceForm({ resource }: { resource: ResourceOption | null }) {
  const router = useRouter();
  const create = useCreateSilence();
  const form = useZodForm(schema, {
    defaultValues: {
      name: '',
      description: '',
      duration: '1h',
      until: '',
      recursive: false,
      mode: 'resource',
      resource,
      filter: '',
      labelSelector: '',
    },
  });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const duration = useWatch({ control: form.control, name: 'duration' });
  const resourceValue = useWatch({ control: form.control, name: 'resource' }) as ResourceOption | null;

  return (
    <Form
      form={form}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
      onSubmit={async (values) => {
        const now = new Date();
        const range = silenceRange(values.duration, values.until, now);
        const body = silenceBody({ ...values, resource: values.resource ?? null, range }, now);
        if (!body) throw new Error('The silence names no resource, filter or label selector');
        await create.mutateAsync(body);
        toastCreated(body.name);
        router.push('/notifications/silences');
      }}
    >
      <div className="flex flex-col gap-4">
        <TextField name="name" label="Name" required />
        <TextareaField name="description" label="Reason" rows={2} />
        <ChoiceField name="duration" label="Silence for" required options={SILENCE_DURATIONS} />
        {duration === 'until' && <DateTimeField name="until" label="Silence until" required />}
        <ChoiceField name="mode" label="Silence by" options={MODES} />
        {mode === 'resource' && (
          <ResourceSelectorField
            name="resource"
            label="Resource"
            kinds={['checks', 'components', 'configs']}
            required
          />
        )}
        {mode === 'filter' && (
          <TextareaField
            name="filter"
            label="Filter"
            required
            rows={3}
            placeholder="check.name.startsWith('redis') && check.status == 'unhealthy'"
            hint="A CEL expression over the resource (name, type, namespace, status, health, labels, tags)"
          />
        )}
        {mode === 'labels' && (
          <TextField name="labelSelector" label="Label selector" required hint="e.g. app=checkout,env!=dev" />
        )}
        {(mode !== 'resource' || resourceValue?.kind !== 'checks') && (
          <CheckboxField
            name="recursive"
            label="Recursive"
            hint="Also silence the children of the chosen config or component"
          />
        )}
        <FormActions>
          <Button type="button" variant="outline" onClick={() => router.back()}>
            Cancel
          </Button>
          <SubmitButton pendingLabel="Saving...">Save</SubmitButton>
        </FormActions>
      </div>
      <PreviewFromForm />
    </Form>
  );
}
