'use client';

import * as React from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { FieldShell } from '@/components/forms/field-shell';
import { SelectField, TextareaField } from '@/components/forms/fields';
import { Form, FormActions, SubmitButton, useZodForm } from '@/components/forms/form';
import { SearchCombobox } from '@/components/forms/search-combobox';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toastFromError, toastSuccess } from '@/components/ui/toast';
import { useDebouncedValue } from '@/components/ui/use-debounced-value';
import {
  HYPOTHESIS_LOOKUP_DEBOUNCE_MS,
  INCIDENT_LOOKUP_DEBOUNCE_MS,
  TOAST_DURATION_MS,
} from '@/lib/constants';
import { INCIDENT_SEVERITY_OPTIONS } from '@/lib/format/severity';
import {
  hypothesisAfterIncidentChange,
  LINK_MESSAGES,
  linkFormErrors,
  linkToIncident,
  needsHypothesis,
  showsIncidentFields,
  type EvidenceTarget,
  type HypothesisChoice,
  type IncidentChoice,
  type LinkValues,
} from '@/lib/incidents/link-flow';
import { INCIDENT_TYPES, incidentTypeLabel } from '@/lib/incidents/model';
import { incidentQueries, useIncidentCalls } from '@/lib/queries/incidents';

const TYPE_OPTIONS = INCIDENT_TYPES.map((value) => ({ value, label: incidentTypeLabel(value) }));

const schema = z
  .object({
    incident: z.custom<IncidentChoice | null>(),
    hypothesis: z.custom<HypothesisChoice | null>(),
    severity: z.string(),
    type: z.string(),
    incidentDescription: z.string(),
    description: z.string(),
  })
  .superRefine((values, ctx) => {
    for (const [path, message] of Object.entries(linkFormErrors(values as LinkValues)))
      ctx.addIssue({ code: 'custom', path: [path], message });
  });

function IncidentField() {
  const { field } = useController<LinkValues, 'incident'>({ name: 'incident' });
  const { setValue } = useFormContext<LinkValues>();
  const [text, setText] = React.useState('');
  const term = useDebouncedValue(text, INCIDENT_LOOKUP_DEBOUNCE_MS);
  const search = useQuery({ ...incidentQueries.search(term), placeholderData: keepPreviousData });
  const options = (search.data ?? []).map((i) => ({
    key: i.id,
    label: i.title,
    detail: i.incident_id ?? undefined,
  }));
  const choose = (choice: IncidentChoice | null) => {
    field.onChange(choice);
    // Changing the incident clears the hypothesis, or preselects an existing incident's only one (001 §4).
    setValue('hypothesis', hypothesisAfterIncidentChange(choice), { shouldValidate: true });
  };
  const selected = field.value
    ? field.value.kind === 'new'
      ? `New incident: ${field.value.title}`
      : field.value.title
    : null;
  return (
    <FieldShell name="incident" label="Incident" required>
      {(control) => (
        <SearchCombobox
          {...control}
          selected={selected}
          text={text}
          onTextChange={setText}
          options={options}
          loading={search.isFetching}
          listLabel="Incidents"
          placeholder="Search incidents or type a new title"
          onSelect={(o) => {
            const found = search.data?.find((i) => i.id === o.key);
            if (found)
              choose({
                kind: 'existing',
                id: found.id,
                title: found.title,
                hypotheses: found.hypotheses ?? [],
              });
          }}
          createLabel={(t) => `Create new incident "${t}"`}
          onCreate={(t) => choose({ kind: 'new', title: t })}
          onClear={() => choose(null)}
          onBlur={field.onBlur}
        />
      )}
    </FieldShell>
  );
}

function HypothesisField({ incidentId }: { incidentId: string }) {
  const { field } = useController<LinkValues, 'hypothesis'>({ name: 'hypothesis' });
  const [text, setText] = React.useState('');
  const term = useDebouncedValue(text, HYPOTHESIS_LOOKUP_DEBOUNCE_MS);
  const search = useQuery({
    ...incidentQueries.hypotheses(incidentId, term),
    placeholderData: keepPreviousData,
  });
  const options = (search.data ?? []).map((h) => ({
    key: h.id,
    label: h.title,
    detail: h.type ?? undefined,
  }));
  const selected = field.value
    ? field.value.kind === 'new'
      ? `New hypothesis: ${field.value.title}`
      : field.value.title
    : null;
  return (
    <FieldShell name="hypothesis" label="Hypothesis" required>
      {(control) => (
        <SearchCombobox
          {...control}
          selected={selected}
          text={text}
          onTextChange={setText}
          options={options}
          loading={search.isFetching}
          listLabel="Hypotheses"
          placeholder="Search hypotheses or type a new one"
          onSelect={(o) => field.onChange({ kind: 'existing', id: o.key, title: o.label })}
          createLabel={(t) => `Create new hypothesis "${t}"`}
          onCreate={(t) => field.onChange({ kind: 'new', title: t })}
          onClear={() => field.onChange(null)}
          onBlur={field.onBlur}
        />
      )}
    </FieldShell>
  );
}

function ConditionalFields() {
  const incident = useWatch<LinkValues, 'incident'>({ name: 'incident' });
  return (
    <>
      {needsHypothesis(incident) && incident?.kind === 'existing' && (
        <HypothesisField key={incident.id} incidentId={incident.id} />
      )}
      {showsIncidentFields(incident) && (
        <>
          <SelectField
            name="severity"
            label="Severity"
            options={INCIDENT_SEVERITY_OPTIONS}
            required
            placeholder="Select severity"
          />
          <SelectField name="type" label="Type" options={TYPE_OPTIONS} required placeholder="Select type" />
          <TextareaField name="incidentDescription" label="Incident description" rows={2} />
        </>
      )}
    </>
  );
}

export interface LinkIncidentDialogProps {
  target: EvidenceTarget;
  /** What is linked, for the dialog's description (a check's or component's name). */
  name: string;
  personId: string;
  onClose: () => void;
  /** Told whether the evidence was linked (001 §8). */
  onLinked?: (ok: boolean) => void;
}

/**
 * Link to Incident (spec 001 §3.3, §4, §5, §8): choose or create an incident, choose or create a hypothesis, and
 * attach the resource as evidence. A new incident gets a root hypothesis titled like it.
 */
export function LinkIncidentDialog({
  target,
  name,
  personId,
  onClose,
  onLinked,
}: LinkIncidentDialogProps) {
  const calls = useIncidentCalls(personId);
  const form = useZodForm(schema, {
    defaultValues: {
      incident: null,
      hypothesis: null,
      severity: '',
      type: '',
      incidentDescription: '',
      description: '',
    },
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent showSizeToggle>
        <DialogHeader>
          <DialogTitle>Link to Incident</DialogTitle>
          <DialogDescription>Attach {name} as evidence to an incident.</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <Form
            form={form}
            onSubmit={async (values) => {
              const result = await linkToIncident(calls, values as LinkValues, target);
              if (result.ok) {
                const href = `/incidents/${encodeURIComponent(result.incidentId)}`;
                toastSuccess(LINK_MESSAGES.linked, {
                  position: 'top-right',
                  duration: TOAST_DURATION_MS,
                  description: (
                    <a href={href} className="underline">
                      Open the incident
                    </a>
                  ),
                });
                onLinked?.(true);
                onClose();
              } else if (result.stage === 'evidence') {
                onLinked?.(false);
                toastFromError(result.error);
              }
            }}
          >
            <IncidentField />
            <ConditionalFields />
            <TextareaField name="description" label="Evidence description" rows={2} />
            <FormActions>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <SubmitButton pendingLabel={LINK_MESSAGES.linking}>Link</SubmitButton>
            </FormActions>
          </Form>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
