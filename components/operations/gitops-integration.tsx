'use client';

import * as React from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CodeField } from '@/components/forms/code-field';
import { TextField } from '@/components/forms/fields';
import { Form, FormActions, useZodForm } from '@/components/forms/form';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/widgets/copy-button';
import { parseCode, stringifyCode, codeText } from '@/lib/forms/code-value';
import { requiredText } from '@/lib/forms/schema';
import { DEFAULT_GITOPS_NAMESPACE, type GitOpsChart } from '@/lib/operations/gitops-charts';
import { fluxSnippet, helmSnippet } from '@/lib/operations/gitops-snippets';

const NAMESPACE_MESSAGE =
  'A namespace is lower-case letters, digits and dashes, starting and ending with a letter or digit (at most 63)';

const schema = z.object({
  namespace: requiredText().refine((v) => /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(v), NAMESPACE_MESSAGE),
  values: codeText({ language: 'yaml', object: true }),
});

function Snippet({ title, text }: { title: string; text: string }) {
  const id = React.useId();
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-1">
      <div className="flex items-center justify-between gap-2">
        <h3 id={id} className="text-sm font-medium">
          {title}
        </h3>
        <CopyButton value={text} label={`Copy ${title}`} />
      </div>
      <pre
        className="max-h-80 overflow-auto rounded-md border border-border bg-muted/40 p-3 text-xs"
        tabIndex={0}
        aria-label={title}
      >
        {text}
      </pre>
    </section>
  );
}

/**
 * An "Add via GitOps" option: the chart's description, a Namespace, the values editor with the chart's schema, and
 * the Helm CLI and Flux snippets, which follow every edit. Nothing is written to the backend: the chart is installed
 * from the cluster's side.
 */
export function GitOpsIntegration({ chart, onDone }: { chart: GitOpsChart; onDone: () => void }) {
  const form = useZodForm(schema, {
    defaultValues: { namespace: DEFAULT_GITOPS_NAMESPACE, values: stringifyCode(chart.example, 'yaml') },
    mode: 'onChange',
  });
  const namespace = useWatch({ control: form.control, name: 'namespace' }) as string;
  const valuesText = useWatch({ control: form.control, name: 'values' }) as string;
  // The snippets show the last values that parse, so a typo in progress does not blank them.
  const lastGood = React.useRef<Record<string, unknown>>(chart.example);
  const parsed = parseCode(valuesText ?? '', 'yaml');
  if (parsed.ok)
    lastGood.current =
      parsed.value && typeof parsed.value === 'object' && !Array.isArray(parsed.value)
        ? (parsed.value as Record<string, unknown>)
        : {};
  const ns = namespace || DEFAULT_GITOPS_NAMESPACE;
  return (
    <Form form={form} onSubmit={() => onDone()} className="min-w-0">
      <p className="text-sm text-muted-foreground">{chart.description}</p>
      <TextField name="namespace" label="Namespace" required />
      <CodeField name="values" label="Values" language="yaml" size="small" jsonSchema={chart.valuesSchema} />
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <Snippet title="Helm CLI" text={helmSnippet(chart, ns, lastGood.current)} />
        <Snippet title="Flux" text={fluxSnippet(chart, ns, lastGood.current)} />
      </div>
      <FormActions>
        <Button type="submit">Done</Button>
      </FormActions>
    </Form>
  );
}
