'use client';

import * as React from 'react';
import { useQueries } from '@tanstack/react-query';
import { BackendError } from '@/lib/backend/errors';
import type { JsonSchema } from '@/lib/forms/json-schema';
import { playbookFormQueries } from '@/lib/playbooks/form-queries';
import { codeLanguage, type ParameterDefinition } from '@/lib/playbooks/parameter-kinds';
import {
  jsonSchemaUrlOf,
  schemaCheck,
  schemaUnavailableMessage,
  servedSchemaFile,
  type SchemaCheck,
} from '@/lib/playbooks/parameter-schemas';
import type { SchemaCheckOf } from '@/lib/playbooks/parameters';

/** What a code parameter's field shows of its `jsonSchemaUrl`: a note, and the schema for completion and lint. */
export interface ParameterSchemaState {
  note?: string;
  schema?: JsonSchema;
}

/**
 * Loads the JSON schemas the run dialog's code parameters name (spec 001 §3.6 `jsonSchemaUrl`), when the backend
 * serves them, with the validator; `checkOf` is stable (the form's resolver keeps it) and reads the latest checks, and
 * `onLoaded` runs when a check becomes ready so the form validates the value again.
 */
export function useParameterSchemas(
  params: readonly ParameterDefinition[],
  onLoaded: (indexes: number[]) => void,
): { states: (ParameterSchemaState | undefined)[]; checkOf: SchemaCheckOf } {
  const origin = typeof window === 'undefined' ? undefined : window.location.origin;
  const named = params.map((p) => {
    const url = jsonSchemaUrlOf(p);
    return url ? { url, file: servedSchemaFile(url, origin) } : undefined;
  });
  const files = [...new Set(named.map((n) => n?.file).filter((f): f is string => Boolean(f)))];
  const results = useQueries({ queries: files.map((file) => playbookFormQueries.parameterSchema(file)) });
  const checks = React.useRef(new Map<ParameterDefinition, SchemaCheck>());
  const states = named.map((n, i): ParameterSchemaState | undefined => {
    if (!n) return undefined;
    if (!n.file) return { note: schemaUnavailableMessage(n.url, 'other-host') };
    const result = results[files.indexOf(n.file)];
    if (!result || result.isPending) return { note: `Loading the JSON schema ${n.url}…` };
    if (result.isError) {
      const notFound = result.error instanceof BackendError && result.error.status === 404;
      return { note: schemaUnavailableMessage(n.url, notFound ? 'not-found' : 'failed') };
    }
    const p = params[i] as ParameterDefinition;
    const language = codeLanguage(p) === 'json' ? 'json' : 'yaml';
    if (!checks.current.has(p))
      checks.current.set(p, schemaCheck(result.data.diagnostics, result.data.schema, language));
    return { note: `Checked against the JSON schema ${n.url}.`, schema: result.data.schema };
  });
  const readyKey = states.map((s) => (s?.schema ? 1 : 0)).join('');
  const loaded = React.useRef(onLoaded);
  loaded.current = onLoaded;
  React.useEffect(() => {
    const ready = [...readyKey].flatMap((c, i) => (c === '1' ? [i] : []));
    if (ready.length > 0) loaded.current(ready);
  }, [readyKey]);
  const checkOf = React.useCallback<SchemaCheckOf>((p) => checks.current.get(p), []);
  return { states, checkOf };
}
