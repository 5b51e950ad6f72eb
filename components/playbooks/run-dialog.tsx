'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { Form, FormActions, SubmitButton, useZodForm } from '@/components/forms/form';
import { ResourceSelector } from '@/components/resources';
import { QueryState, RowsSkeleton } from '@/components/list/query-state';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  type DialogSize,
} from '@/components/ui/dialog';
import { NativeSelectField } from '@/components/forms/native-select-field';
import { NativeSelect } from '@/components/ui/native-select';
import { ParameterField } from '@/components/playbooks/parameter-field';
import type { PlaybookParameter, PlaybookTarget } from '@/lib/playbooks/endpoints';
import { codeSize, fieldKey, parameterKind, type CodeSize } from '@/lib/playbooks/parameter-kinds';
import { playbookRunHref } from '@/lib/playbooks/href';
import { initialValues, runParamsSchema } from '@/lib/playbooks/parameters';
import { useParameterSchemas } from '@/components/playbooks/use-parameter-schemas';
import { useRunPlaybook } from '@/lib/playbooks/mutations';
import { playbookFormQueries } from '@/lib/playbooks/form-queries';
import { playbookQueries } from '@/lib/playbooks/queries';
import type { ResourceKind, ResourceOption } from '@/lib/resources';

/**
 * The run dialog (spec 001 §3.6, §4, §5; upstream-ui §4.4): the playbook (among those runnable for the resource), the
 * resource when the playbook needs one and none was given, and the parameters by type from /playbook/{id}/params.
 * Run is enabled once the form is valid and a playbook is chosen, reads 'Running...' while it runs, and success
 * goes to the run page.
 */

export const SELECT_RESOURCE_TEXT = 'Please select a resource to see the parameters.';
export const NO_PARAMETERS_TEXT = 'No parameters for this playbook.';

export interface RunPlaybookDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The playbook to run (from /playbooks or a re-run); otherwise chosen among those runnable for `target`. */
  playbookId?: string | null;
  /** The resource the run is for (a check, config item or component), when the dialog opens from its page. */
  target?: PlaybookTarget | null;
  /** A previous run's values (Re-run with the same parameters). */
  previousParams?: Record<string, unknown> | null;
}

const SPEC_KINDS: [string, ResourceKind][] = [
  ['configs', 'configs'],
  ['components', 'components'],
  ['checks', 'checks'],
];
const TARGET_FIELD: Record<ResourceKind, 'config_id' | 'component_id' | 'check_id'> = {
  configs: 'config_id',
  components: 'component_id',
  checks: 'check_id',
};

/** The kinds of resource a playbook runs on (the spec lists with selectors), in the order of the spec lists. */
function runnableKinds(spec: Record<string, unknown> | null | undefined): ResourceKind[] {
  return SPEC_KINDS.filter(([key]) => Array.isArray(spec?.[key]) && (spec[key] as unknown[]).length > 0).map(
    ([, kind]) => kind,
  );
}

const SIZE_ORDER: CodeSize[] = ['very-small', 'small', 'medium', 'large', 'full'];

/** A code parameter sized 'full' opens the dialog full size, 'large' widens it (upstream resized the modal). */
function dialogSizeFor(params: readonly PlaybookParameter[]): { size: DialogSize; wide: boolean } {
  const largest = params
    .filter((p) => parameterKind(p) === 'code')
    .map((p) => codeSize(p))
    .reduce<CodeSize>((a, b) => (SIZE_ORDER.indexOf(b) > SIZE_ORDER.indexOf(a) ? b : a), 'very-small');
  return { size: largest === 'full' ? 'full' : 'default', wide: largest === 'large' };
}

function ParamsForm({
  playbookId,
  target,
  params,
  previousParams,
  onDone,
}: {
  playbookId: string;
  target: Partial<Record<'config_id' | 'component_id' | 'check_id', string>>;
  params: PlaybookParameter[];
  previousParams?: Record<string, unknown> | null;
  onDone: () => void;
}) {
  const router = useRouter();
  const run = useRunPlaybook();
  const formRef = React.useRef<{ trigger: (name: string) => unknown; getValues: (name: string) => unknown }>(
    null,
  );
  // A value is checked again once its jsonSchemaUrl's schema loaded (a default that does not match says so at once).
  const schemas = useParameterSchemas(params, (indexes) => {
    for (const i of indexes)
      if (formRef.current?.getValues(fieldKey(i))) void formRef.current.trigger(fieldKey(i));
  });
  const schema = React.useMemo(() => runParamsSchema(params, schemas.checkOf), [params, schemas.checkOf]);
  const form = useZodForm(schema, { defaultValues: initialValues(params, previousParams) as never });
  formRef.current = form as never;
  return (
    <Form
      form={form}
      aria-label="Playbook parameters"
      onSubmit={async (values) => {
        const answer = await run.mutateAsync({ id: playbookId, ...target, params: values });
        onDone();
        router.push(playbookRunHref(answer.run_id));
      }}
    >
      {params.length === 0 ? (
        <p className="text-sm text-muted-foreground">{NO_PARAMETERS_TEXT}</p>
      ) : (
        params.map((p, i) => (
          <ParameterField key={`${p.name}-${i}`} parameter={p} index={i} schema={schemas.states[i]} />
        ))
      )}
      <FormActions>
        <SubmitButton pendingLabel="Running...">Run</SubmitButton>
      </FormActions>
    </Form>
  );
}

export function RunPlaybookDialog({
  open,
  onOpenChange,
  playbookId,
  target,
  previousParams,
}: RunPlaybookDialogProps) {
  const [chosenId, setChosenId] = React.useState<string | null>(playbookId ?? null);
  const [resource, setResource] = React.useState<ResourceOption | null>(null);
  const [sizeOverride, setSizeOverride] = React.useState<DialogSize | null>(null);
  const runnable = useQuery({
    ...playbookFormQueries.forTarget(target ?? { config_id: '' }),
    enabled: !!target && !playbookId,
  });
  const playbook = useQuery({ ...playbookQueries.one(chosenId ?? ''), enabled: !!chosenId });
  const kinds = runnableKinds(playbook.data?.spec);
  const needsResource = !target && kinds.length > 0;
  const effectiveTarget: Partial<Record<'config_id' | 'component_id' | 'check_id', string>> = target
    ? (target as Record<string, string>)
    : resource
      ? { [TARGET_FIELD[resource.kind]]: resource.id }
      : {};
  const ready = !!chosenId && playbook.isSuccess && (!needsResource || !!resource);
  const params = useQuery({ ...playbookFormQueries.params(chosenId ?? '', effectiveTarget), enabled: ready });
  const auto = dialogSizeFor(params.data ?? []);
  const size = sizeOverride ?? auto.size;
  const title = playbook.data ? `Run ${playbook.data.title || playbook.data.name}` : 'Run playbook';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size={size}
        onSizeChange={setSizeOverride}
        showSizeToggle
        className={auto.wide && size === 'default' ? 'sm:max-w-4xl' : undefined}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {playbook.data?.description || 'Choose the parameters of the run.'}
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-4">
          {target && !playbookId && (
            <QueryState
              query={runnable}
              empty="No playbooks can run on this resource."
              errorTitle="The playbooks could not be loaded"
              compact
              skeleton={<RowsSkeleton rows={1} />}
            >
              {(list) => (
                <NativeSelectField label="Playbook">
                  <NativeSelect
                    value={chosenId ?? ''}
                    onChange={(e) => setChosenId(e.target.value || null)}
                    className="w-full"
                  >
                    <option value="">Select a playbook</option>
                    {list.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.title || p.name}
                      </option>
                    ))}
                  </NativeSelect>
                </NativeSelectField>
              )}
            </QueryState>
          )}
          {needsResource && (
            <div className="flex flex-col gap-1.5">
              <span id="run-resource-label" className="text-sm font-medium">
                Resource
              </span>
              <ResourceSelector aria-label="Resource" kinds={kinds} value={resource} onChange={setResource} />
            </div>
          )}
          {chosenId && playbook.isPending && <RowsSkeleton rows={2} />}
          {chosenId && playbook.isError && (
            <QueryState query={playbook} empty="" errorTitle="The playbook could not be loaded" compact>
              {() => null}
            </QueryState>
          )}
          {chosenId && needsResource && !resource && (
            <p className="text-sm text-muted-foreground">{SELECT_RESOURCE_TEXT}</p>
          )}
          {ready && (
            <QueryState
              query={params}
              empty={NO_PARAMETERS_TEXT}
              errorTitle="The parameters could not be loaded"
              compact
              isEmpty={() => false}
              skeleton={<RowsSkeleton rows={3} />}
            >
              {(list) => (
                <ParamsForm
                  key={`${chosenId}:${JSON.stringify(effectiveTarget)}`}
                  playbookId={chosenId}
                  target={effectiveTarget}
                  params={list}
                  previousParams={previousParams}
                  onDone={() => onOpenChange(false)}
                />
              )}
            </QueryState>
          )}
          {!chosenId && !target && <p className="text-sm text-muted-foreground">Choose a playbook to run.</p>}
          {!ready && (
            <div className="flex justify-end">
              <Button type="button" disabled>
                Run
              </Button>
            </div>
          )}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
