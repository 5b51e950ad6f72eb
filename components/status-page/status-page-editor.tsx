'use client';

import * as React from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { CheckboxField, TextareaField, TextField } from '@/components/forms/fields';
import { Form, FormActions, SubmitButton, useZodForm } from '@/components/forms/form';
import { NativeSelectField } from '@/components/forms/native-select-field';
import { Button, buttonVariants } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { toastCreated, toastError, toastSuccess, toastUpdated } from '@/components/widgets/toast';
import { setStatusPagePublishedAction } from '@/lib/status-page/actions';
import type { StatusPage } from '@/lib/status-page/endpoints';
import {
  emptyEntry,
  slugOf,
  statusPageFormSchema,
  statusPageFormValues,
  type EntryFormValues,
} from '@/lib/status-page/form-values';
import {
  publicStatusPageHref,
  statusPageEditHref,
  statusPagePreviewHref,
  statusPagesHref,
} from '@/lib/status-page/href';
import { useSaveStatusPage } from '@/lib/status-page/mutations';
import { statusPageQueries } from '@/lib/status-page/queries';

const KIND_LABELS: Record<EntryFormValues['kind'], string> = {
  component: 'Component',
  check_group: 'Check group',
};

/** The component or check group an entry shows: chosen by its internal name, which the public never sees. */
function TargetSelect({ index, kind }: { index: number; kind: EntryFormValues['kind'] }) {
  const { register } = useFormContext();
  const targets = useQuery(statusPageQueries.targets(kind));
  const name = `entries.${index}.target`;
  return (
    <NativeSelectField label={`${KIND_LABELS[kind]} (internal name)`}>
      <NativeSelect {...register(name)} aria-required="true">
        <option value="">
          {targets.isPending ? 'Loading…' : `Choose a ${KIND_LABELS[kind].toLowerCase()}`}
        </option>
        {(targets.data ?? []).map((t) => (
          <option key={t.id} value={t.id}>
            {t.namespace ? `${t.namespace}/${t.name}` : t.type ? `${t.name} (${t.type})` : t.name}
          </option>
        ))}
      </NativeSelect>
    </NativeSelectField>
  );
}

function EntryFields({
  index,
  count,
  move,
  remove,
}: {
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}) {
  const kind = useWatch({ name: `entries.${index}.kind` }) as EntryFormValues['kind'];
  const { register, setValue } = useFormContext();
  const kindField = register(`entries.${index}.kind`);
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Entry {index + 1}</legend>
      <div className="grid gap-3 md:grid-cols-2">
        <NativeSelectField label="Kind">
          <NativeSelect
            {...kindField}
            onChange={(event) => {
              void kindField.onChange(event);
              setValue(`entries.${index}.target`, '', { shouldValidate: true });
            }}
          >
            <option value="component">Component</option>
            <option value="check_group">Check group</option>
          </NativeSelect>
        </NativeSelectField>
        <TargetSelect index={index} kind={kind} />
        <TextField name={`entries.${index}.display_name`} label="Public name" required />
        <TextField name={`entries.${index}.section`} label="Section" />
      </div>
      <div className="flex flex-wrap gap-4">
        <CheckboxField name={`entries.${index}.show_status`} label="Show status" />
        <CheckboxField name={`entries.${index}.show_uptime`} label="Show 90-day uptime" />
        <CheckboxField name={`entries.${index}.show_incidents`} label="Show its public incidents" />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={index === 0}
          onClick={() => move(index, index - 1)}
        >
          Move up <span className="sr-only">entry {index + 1}</span>
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={index === count - 1}
          onClick={() => move(index, index + 1)}
        >
          Move down <span className="sr-only">entry {index + 1}</span>
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => remove(index)}>
          Remove <span className="sr-only">entry {index + 1}</span>
        </Button>
      </div>
    </fieldset>
  );
}

function Entries() {
  const { fields, append, move, remove } = useFieldArray({ name: 'entries' });
  const entries = useWatch({ name: 'entries' }) as EntryFormValues[] | undefined;
  const lastSection = entries?.[entries.length - 1]?.section ?? '';
  return (
    <section aria-labelledby="entries-heading" className="flex flex-col gap-3">
      <h2 id="entries-heading" className="text-base font-semibold">
        Entries
      </h2>
      <p className="text-sm text-muted-foreground">
        In the order they appear; entries with the same section are listed under that heading. The public sees
        the public name only.
      </p>
      {fields.length === 0 && <p className="text-sm text-muted-foreground">No entries yet.</p>}
      {fields.map((field, index) => (
        <EntryFields key={field.id} index={index} count={fields.length} move={move} remove={remove} />
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => append(emptyEntry('component', lastSection))}>
          Add component
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => append(emptyEntry('check_group', lastSection))}
        >
          Add check group
        </Button>
      </div>
    </section>
  );
}

/** Fills the slug from the name while creating, until the slug is typed by hand. */
function SlugFollowsName({ enabled }: { enabled: boolean }) {
  const { setValue, getFieldState } = useFormContext();
  const name = useWatch({ name: 'name' }) as string;
  React.useEffect(() => {
    if (!enabled || getFieldState('slug').isDirty) return;
    setValue('slug', slugOf(name ?? ''), { shouldValidate: Boolean(name) });
  }, [enabled, name, setValue, getFieldState]);
  return null;
}

function PublishButton({ page }: { page: StatusPage }) {
  const router = useRouter();
  const [pending, setPending] = React.useState(false);
  return (
    <Button
      type="button"
      variant={page.published ? 'outline' : 'default'}
      disabled={pending}
      onClick={async () => {
        setPending(true);
        try {
          const result = await setStatusPagePublishedAction(page.id, !page.published);
          if (!result.ok) return toastError(result.error);
          toastSuccess(`${page.name} ${page.published ? 'unpublished' : 'published'}`);
          router.refresh();
        } finally {
          setPending(false);
        }
      }}
    >
      {page.published ? 'Unpublish' : 'Publish'}
    </Button>
  );
}

/** Settings → Status Page → a page: its name, address and entries; preview; publish or unpublish. */
export function StatusPageEditor({ page }: { page?: StatusPage | null }) {
  const router = useRouter();
  const defaultValues = React.useMemo(() => statusPageFormValues(page), [page]);
  const form = useZodForm(statusPageFormSchema, { defaultValues });
  const save = useSaveStatusPage();
  React.useEffect(() => form.reset(defaultValues), [form, defaultValues]);
  return (
    <div className="flex min-w-0 flex-col gap-4 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Link href={statusPagesHref()} className="text-sm hover:underline">
          ← Status pages
        </Link>
        {page && (
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted-foreground">{page.published ? 'Published' : 'Draft'}</span>
            <a
              className={buttonVariants({ variant: 'outline' })}
              href={statusPagePreviewHref(page.id)}
              target="_blank"
              rel="noreferrer"
            >
              Preview
            </a>
            {page.published && (
              <a
                className={buttonVariants({ variant: 'outline' })}
                href={publicStatusPageHref(page.slug)}
                target="_blank"
                rel="noreferrer"
              >
                Open public page
              </a>
            )}
            <PublishButton page={page} />
          </div>
        )}
      </div>
      <Form
        form={form}
        className="max-w-4xl"
        aria-label={page ? `Edit ${page.name}` : 'New status page'}
        onSubmit={async (body) => {
          const saved = await save.mutateAsync(
            page ? { kind: 'update', id: page.id, body } : { kind: 'create', body },
          );
          (page ? toastUpdated : toastCreated)(body.name);
          if (!page) router.push(statusPageEditHref(saved.id));
          else router.refresh();
        }}
      >
        <SlugFollowsName enabled={!page} />
        <div className="grid gap-3 md:grid-cols-2">
          <TextField name="name" label="Name" required />
          <TextField
            name="slug"
            label="Address (slug)"
            hint="The page is served at /status/<slug>"
            required
          />
          <TextField name="logo_text" label="Logo text" hint="A short mark shown beside the name" />
        </div>
        <TextareaField name="description" label="Description" rows={2} />
        <Entries />
        <FormActions>
          <SubmitButton pendingLabel="Saving..." requireChanges={Boolean(page)}>
            {page ? 'Update' : 'Save'}
          </SubmitButton>
        </FormActions>
      </Form>
      {save.isError && (
        <p role="alert" className="sr-only">
          The status page was not saved.
        </p>
      )}
    </div>
  );
}
