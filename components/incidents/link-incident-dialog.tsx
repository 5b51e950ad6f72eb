'use client';

import * as React from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { FieldShell } from '@/components/forms/field-shell';
import { TextareaField } from '@/components/forms/fields';
import { IncidentSeverityTypeFields } from '@/components/incidents/incident-fields';
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
import { toastFromError, toastSuccess } from '@/components/widgets/toast';
import { useDebouncedValue } from '@/components/widgets/use-debounced-value';
import {
  HYPOTHESIS_LOOKUP_DEBOUNCE_MS,
  INCIDENT_LOOKUP_DEBOUNCE_MS,
  TOAST_DURATION_MS,
} from '@/lib/constants';
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
import { incidentQueries, useIncidentCalls } from '@/lib/incidents/queries';
import { incidentHref } from '@/lib/incidents/href';

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

type LookupChoice<T> = { kind: 'existing'; row: T } | { kind: 'new'; title: string } | null;

/**
 * The incident or hypothesis picker: searches as the person types (debounced), or offers the typed text as a new
 * one ("Create new <noun> …"); the chosen one shows as its title or "New <noun>: <title>".
 */
function LookupField<T extends { id: string; title: string }, K extends QueryKey>({
  name,
  noun,
  listLabel,
  placeholder,
  debounceMs,
  query,
  detailOf,
  onChoose,
}: {
  name: 'incident' | 'hypothesis';
  noun: string;
  listLabel: string;
  placeholder: string;
  debounceMs: number;
  query: (term: string) => UseQueryOptions<T[], Error, T[], K>;
  detailOf: (row: T) => string | null | undefined;
  onChoose: (choice: LookupChoice<T>) => void;
}) {
  const { field } = useController<LinkValues, typeof name>({ name });
  const [text, setText] = React.useState('');
  const term = useDebouncedValue(text, debounceMs);
  const search = useQuery({ ...query(term), placeholderData: keepPreviousData });
  // Rows found for an earlier text would move the list under the pointer when the new ones replace them (a click on
  // "Create new …" then lands elsewhere): none are shown until the current text's answer is in.
  const current = term === text && !search.isPlaceholderData;
  const options = (current ? (search.data ?? []) : []).map((row) => ({
    key: row.id,
    label: row.title,
    detail: detailOf(row) ?? undefined,
  }));
  const selected = field.value
    ? field.value.kind === 'new'
      ? `New ${noun}: ${field.value.title}`
      : field.value.title
    : null;
  return (
    <FieldShell name={name} label={noun.charAt(0).toUpperCase() + noun.slice(1)} required>
      {(control) => (
        <SearchCombobox
          {...control}
          selected={selected}
          text={text}
          onTextChange={setText}
          options={options}
          loading={search.isFetching}
          listLabel={listLabel}
          placeholder={placeholder}
          onSelect={(o) => {
            const found = search.data?.find((row) => row.id === o.key);
            if (found) onChoose({ kind: 'existing', row: found });
          }}
          createLabel={(t) => `Create new ${noun} "${t}"`}
          onCreate={(t) => onChoose({ kind: 'new', title: t })}
          onClear={() => onChoose(null)}
          onBlur={field.onBlur}
        />
      )}
    </FieldShell>
  );
}

function IncidentField() {
  const { field } = useController<LinkValues, 'incident'>({ name: 'incident' });
  const { setValue } = useFormContext<LinkValues>();
  return (
    <LookupField
      name="incident"
      noun="incident"
      listLabel="Incidents"
      placeholder="Search incidents or type a new title"
      debounceMs={INCIDENT_LOOKUP_DEBOUNCE_MS}
      query={incidentQueries.search}
      detailOf={(incident) => incident.incident_id}
      onChoose={(choice) => {
        const incident: IncidentChoice | null =
          choice?.kind === 'existing'
            ? {
                kind: 'existing',
                id: choice.row.id,
                title: choice.row.title,
                hypotheses: choice.row.hypotheses ?? [],
              }
            : choice;
        field.onChange(incident);
        // Changing the incident clears the hypothesis, or preselects an existing incident's only one (001 §4).
        setValue('hypothesis', hypothesisAfterIncidentChange(incident), { shouldValidate: true });
      }}
    />
  );
}

function HypothesisField({ incidentId }: { incidentId: string }) {
  const { field } = useController<LinkValues, 'hypothesis'>({ name: 'hypothesis' });
  return (
    <LookupField
      name="hypothesis"
      noun="hypothesis"
      listLabel="Hypotheses"
      placeholder="Search hypotheses or type a new one"
      debounceMs={HYPOTHESIS_LOOKUP_DEBOUNCE_MS}
      query={(term) => incidentQueries.hypotheses(incidentId, term)}
      detailOf={(hypothesis) => hypothesis.type}
      onChoose={(choice) =>
        field.onChange(
          choice?.kind === 'existing'
            ? { kind: 'existing', id: choice.row.id, title: choice.row.title }
            : choice,
        )
      }
    />
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
          <IncidentSeverityTypeFields />
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
export function LinkIncidentDialog({ target, name, personId, onClose, onLinked }: LinkIncidentDialogProps) {
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
                const href = incidentHref(result.incidentId);
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
