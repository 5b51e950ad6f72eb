'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useController } from 'react-hook-form';
import { FieldShell } from '@/components/forms/field-shell';
import type { BaseFieldProps } from '@/components/forms/fields';
import {
  CODE_EDITOR_HEIGHTS,
  CODE_EDITOR_MAX_HEIGHT,
  type CodeEditorSize,
} from '@/components/forms/code-sizes';
import type { CodeLanguage } from '@/lib/forms/code-value';
import type { JsonSchema } from '@/lib/forms/json-schema';

/** The text the field holds, for the loading box: what the editor will show is readable before its code comes. */
const PendingText = React.createContext('');

/**
 * Fills the field's room (CodeField keeps the editor's height) with the field's text while the editor loads: the
 * spec reads at once (it was the pages' largest paint, seconds later on a slow phone, issue 34), then the editor
 * replaces it in the same box.
 */
function EditorLoading() {
  const text = React.useContext(PendingText);
  return (
    <div className="relative flex-1 overflow-hidden rounded-md border border-border bg-muted/40">
      {/* Out of the flow: a long text never makes the box taller than the editor that replaces it. */}
      <pre
        aria-hidden
        className="absolute inset-0 m-0 overflow-hidden whitespace-pre py-1 pl-10 font-mono text-xs leading-[1.4] text-muted-foreground"
      >
        {text}
      </pre>
      <span role="status" className="absolute right-2 bottom-1 text-xs text-muted-foreground">
        Loading editor…
      </span>
    </div>
  );
}

/** CodeMirror and its languages load with the first code field that renders, never with a page. */
const CodeEditor = dynamic(() => import('@/components/forms/code-editor'), {
  ssr: false,
  loading: EditorLoading,
});

export interface CodeFieldProps extends BaseFieldProps {
  language: CodeLanguage;
  size?: CodeEditorSize;
  /** A JSON schema for completion and lint, or a loader for one (called once per field). */
  jsonSchema?: JsonSchema;
  loadJsonSchema?: () => Promise<JsonSchema>;
  readOnly?: boolean;
  placeholder?: string;
}

/**
 * A YAML or JSON editor bound to a text value. Validate it with codeText (lib/forms/code-value.ts): a parse error
 * shows under the field, as a lint mark in the editor, and keeps submit disabled.
 */
export function CodeField({
  language,
  size = 'medium',
  jsonSchema,
  loadJsonSchema,
  readOnly,
  placeholder,
  ...props
}: CodeFieldProps) {
  const { field } = useController({ name: props.name });
  const [loadedSchema, setLoadedSchema] = React.useState<JsonSchema | undefined>(undefined);
  const loader = React.useRef(loadJsonSchema);
  React.useEffect(() => {
    let cancelled = false;
    loader.current?.().then(
      (schema) => {
        if (!cancelled) setLoadedSchema(schema);
      },
      (error: unknown) =>
        console.warn('The JSON schema of a code field did not load; editing goes on without it', error),
    );
    return () => {
      cancelled = true;
    };
  }, []);
  const label = typeof props.label === 'string' ? props.label : props.name;
  const text = (field.value as string | undefined) ?? '';
  return (
    <FieldShell {...props} as="legend">
      {(control) => (
        // The editor's height (its border included) while its code loads, so that nothing below it moves when it
        // comes (the form's buttons moved on a phone: a layout shift, issue 34).
        <div
          className="flex flex-col"
          style={{
            minHeight: `calc(min(${CODE_EDITOR_HEIGHTS[size]}, ${CODE_EDITOR_MAX_HEIGHT}) + 2px)`,
          }}
        >
          <PendingText.Provider value={text}>
            <CodeEditor
              aria-label={label}
              aria-describedby={control['aria-describedby']}
              aria-invalid={control['aria-invalid']}
              aria-required={control['aria-required']}
              value={text}
              onChange={field.onChange}
              onBlur={field.onBlur}
              language={language}
              size={size}
              jsonSchema={jsonSchema ?? loadedSchema}
              readOnly={readOnly || props.disabled || field.disabled}
              placeholder={placeholder}
            />
          </PendingText.Provider>
        </div>
      )}
    </FieldShell>
  );
}
