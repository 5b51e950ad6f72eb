'use client';

import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckboxField, SelectField, TextareaField, TextField } from '@/components/forms/fields';
import { Form, FormActions, SubmitButton, useZodForm } from '@/components/forms/form';
import { QueryState } from '@/components/list/query-state';
import { Button } from '@/components/ui/button';
import { Age } from '@/components/widgets/age';
import { toastFromError, toastSuccess } from '@/components/widgets/toast';
import { PUBLIC_UPDATE_LABELS, PUBLIC_UPDATE_STATUSES } from '@/lib/status-page/constants';
import type { IncidentPublication } from '@/lib/status-page/endpoints';
import { publicStatusPageHref } from '@/lib/status-page/href';
import { usePublicationWrite } from '@/lib/status-page/mutations';
import { publicationFormSchema, publicUpdateFormSchema } from '@/lib/status-page/publication-values';
import { statusPageQueries } from '@/lib/status-page/queries';

const STATUS_OPTIONS = PUBLIC_UPDATE_STATUSES.map((s) => ({ value: s, label: PUBLIC_UPDATE_LABELS[s] }));

function PublicationForm({
  incidentId,
  publication,
}: {
  incidentId: string;
  publication: IncidentPublication;
}) {
  const defaultValues = React.useMemo(
    () => ({ public: publication.public, public_title: publication.public_title ?? '' }),
    [publication.public, publication.public_title],
  );
  const form = useZodForm(publicationFormSchema, { defaultValues });
  React.useEffect(() => form.reset(defaultValues), [form, defaultValues]);
  const write = usePublicationWrite(incidentId);
  return (
    <Form
      form={form}
      aria-label="Public visibility"
      onSubmit={async (body) => {
        await write.mutateAsync({ kind: 'save', ...body });
        toastSuccess(body.public ? 'The incident is public' : 'The incident is no longer public');
      }}
    >
      <CheckboxField name="public" label="Show on status pages" />
      <TextField
        name="public_title"
        label="Public title"
        hint="What the public reads instead of the internal title"
      />
      <FormActions>
        <SubmitButton pendingLabel="Saving..." requireChanges>
          Save
        </SubmitButton>
      </FormActions>
    </Form>
  );
}

function UpdateForm({ incidentId }: { incidentId: string }) {
  const form = useZodForm(publicUpdateFormSchema, { defaultValues: { status: 'investigating', body: '' } });
  const write = usePublicationWrite(incidentId);
  return (
    <Form
      form={form}
      aria-label="New public update"
      onSubmit={async (body) => {
        await write.mutateAsync({ kind: 'update', ...body });
        toastSuccess('Public update posted');
        form.reset({ status: body.status, body: '' });
      }}
    >
      <SelectField name="status" label="Update status" options={STATUS_OPTIONS} required />
      <TextareaField name="body" label="Public update" rows={3} required />
      <FormActions>
        <SubmitButton pendingLabel="Posting...">Post update</SubmitButton>
      </FormActions>
    </Form>
  );
}

function Notice({
  incidentId,
  publication,
  canPublish,
}: {
  incidentId: string;
  publication: IncidentPublication;
  canPublish: boolean;
}) {
  const write = usePublicationWrite(incidentId);
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p>
        {publication.public
          ? `Public as “${publication.public_title ?? ''}”.`
          : 'Internal: not shown on any status page.'}
      </p>
      {publication.pages.length > 0 ? (
        <p>
          Appears on:{' '}
          {publication.pages.map((p, i) => (
            <React.Fragment key={p.slug}>
              {i > 0 && ', '}
              {p.published ? (
                <a className="underline" href={publicStatusPageHref(p.slug)} target="_blank" rel="noreferrer">
                  {p.name}
                </a>
              ) : (
                `${p.name} (draft)`
              )}
            </React.Fragment>
          ))}
        </p>
      ) : (
        <p className="text-muted-foreground">
          No status page shows it yet: a page shows the public incidents linked (as evidence) to one of its
          components or check groups.
        </p>
      )}
      {canPublish && <PublicationForm incidentId={incidentId} publication={publication} />}
      <h3 className="font-medium">Public updates</h3>
      {publication.updates.length === 0 ? (
        <p className="text-muted-foreground">No public updates yet.</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Public updates">
          {publication.updates.map((u) => (
            <li key={u.id} className="rounded-md border p-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{PUBLIC_UPDATE_LABELS[u.status]}</span>
                <Age from={u.created_at} mode="absolute" className="text-xs text-muted-foreground" />
              </div>
              <p className="whitespace-pre-wrap break-words">{u.body}</p>
              {canPublish && (
                <Button
                  size="sm"
                  variant="outline"
                  className="mt-1"
                  disabled={write.isPending}
                  onClick={() =>
                    write
                      .mutateAsync({ kind: 'delete-update', updateId: u.id })
                      .then(() => toastSuccess('Public update removed'), toastFromError)
                  }
                >
                  Remove update
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
      {canPublish &&
        (publication.public_title ? (
          <UpdateForm incidentId={incidentId} />
        ) : (
          <p className="text-muted-foreground">Give the incident a public title before posting updates.</p>
        ))}
    </div>
  );
}

/**
 * The incident page's "Public status" panel (issue 38): whether the incident shows on status pages, under which
 * public title, on which pages, and its public updates. Admins and commanders write; responders read. Comments,
 * hypotheses and evidence never leave the console.
 */
export function IncidentPublicNotice({
  incidentId,
  canPublish,
}: {
  incidentId: string;
  canPublish: boolean;
}) {
  const query = useQuery(statusPageQueries.publication(incidentId));
  const id = React.useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-border p-4">
      <h2 id={id} className="mb-3 text-base font-semibold">
        Public status
      </h2>
      <QueryState
        query={query}
        empty="Not available"
        errorTitle="The public status could not be loaded"
        compact
      >
        {(publication) => (
          <Notice incidentId={incidentId} publication={publication} canPublish={canPublish} />
        )}
      </QueryState>
    </section>
  );
}
