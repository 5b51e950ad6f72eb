'use client';

import * as React from 'react';
import {
  autocompletion,
  closeCompletion,
  completionKeymap,
  completionStatus,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { yaml } from '@codemirror/lang-yaml';
import { bracketMatching, indentOnInput } from '@codemirror/language';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, placeholder as placeholderText } from '@codemirror/view';
import { parseCode, type CodeLanguage } from '@/lib/forms/code-value';
import { completionsAt, schemaDiagnostics, type JsonSchema } from '@/lib/forms/json-schema';
import { CODE_EDITOR_HEIGHTS, type CodeEditorSize } from '@/components/forms/code-sizes';
import { codeTheme } from '@/components/forms/code-theme';
import { useResolvedTheme } from '@/components/shell/use-resolved-theme';

/**
 * The CodeMirror editor behind CodeField. This module (CodeMirror, the YAML and JSON grammars, lint, completion,
 * the schema validator) is loaded only when a form with a code field renders (next/dynamic in code-field.tsx).
 */

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  language: CodeLanguage;
  size?: CodeEditorSize;
  jsonSchema?: JsonSchema;
  readOnly?: boolean;
  placeholder?: string;
  'aria-label': string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

function languageExtension(language: CodeLanguage): Extension {
  return language === 'json' ? json() : yaml();
}

function lintExtension(language: CodeLanguage, schema: JsonSchema | undefined): Extension {
  return linter(
    (view): Diagnostic[] => {
      const text = view.state.doc.toString();
      const parsed = parseCode(text, language);
      if (!parsed.ok)
        return [
          { from: parsed.error.from, to: parsed.error.to, severity: 'error', message: parsed.error.message },
        ];
      if (!schema) return [];
      return schemaDiagnostics(schema, text, language).map((d) => ({
        from: Math.min(d.from, text.length),
        to: Math.min(d.to, text.length),
        severity: 'error',
        message: d.message,
      }));
    },
    { delay: 300 },
  );
}

function completionExtension(language: CodeLanguage, schema: JsonSchema | undefined): Extension {
  if (!schema) return [];
  const source = (context: CompletionContext): CompletionResult | null => {
    const text = context.state.doc.toString();
    const { from, options } = completionsAt(schema, text, context.pos, language);
    if (
      options.length === 0 ||
      (from === context.pos && !context.explicit && !/[\s:{,"[-]$/.test(text.slice(0, context.pos)))
    )
      return null;
    const quote = language === 'json';
    return {
      from,
      options: options.map((o) => ({
        label: o.label,
        type: o.kind === 'property' ? 'property' : 'constant',
        detail: o.required ? `${o.detail ?? ''} (required)`.trim() : o.detail,
        info: o.info,
        apply:
          o.kind === 'property'
            ? quote
              ? `"${o.label}": `
              : `${o.label}: `
            : quote && o.detail === 'string'
              ? `"${o.label}"`
              : o.label,
      })),
      validFor: /^"?[\w.-]*$/,
    };
  };
  return autocompletion({ override: [source], activateOnTyping: true });
}

function contentAttributes(props: CodeEditorProps): Record<string, string> {
  const attributes: Record<string, string> = { 'aria-label': props['aria-label'], 'aria-multiline': 'true' };
  if (props['aria-describedby']) attributes['aria-describedby'] = props['aria-describedby'];
  if (props['aria-invalid']) attributes['aria-invalid'] = 'true';
  if (props['aria-required']) attributes['aria-required'] = 'true';
  // An explicit tab stop: read-only text is not focusable without one, and axe counts a contenteditable as no focus
  // target, so a long spec's scroller failed scrollable-region-focusable (a check's spec, issue 34's audit).
  attributes.tabindex = '0';
  return attributes;
}

export default function CodeEditor(props: CodeEditorProps) {
  const { value, language, size = 'medium', jsonSchema, readOnly = false, placeholder } = props;
  const theme = useResolvedTheme();
  const initialTheme = React.useRef(theme);
  const host = React.useRef<HTMLDivElement>(null);
  const view = React.useRef<EditorView | null>(null);
  const latest = React.useRef(props);
  const compartments = React.useRef({
    language: new Compartment(),
    help: new Compartment(),
    readOnly: new Compartment(),
    attributes: new Compartment(),
    theme: new Compartment(),
  });
  React.useEffect(() => {
    latest.current = props;
  });

  React.useEffect(() => {
    if (!host.current) return;
    const c = compartments.current;
    const p = latest.current;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: p.value,
        extensions: [
          lineNumbers(),
          history(),
          indentOnInput(),
          bracketMatching(),
          keymap.of([...defaultKeymap, ...historyKeymap, ...completionKeymap, indentWithTab]),
          // The theme on screen when the editor is created (so its first paint is right), switched below.
          c.theme.of(codeTheme(initialTheme.current)),
          lintGutter(),
          c.language.of(languageExtension(p.language)),
          c.help.of([lintExtension(p.language, p.jsonSchema), completionExtension(p.language, p.jsonSchema)]),
          c.readOnly.of([EditorState.readOnly.of(!!p.readOnly), EditorView.editable.of(!p.readOnly)]),
          c.attributes.of(EditorView.contentAttributes.of(contentAttributes(p))),
          p.placeholder ? placeholderText(p.placeholder) : [],
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({ blur: () => void latest.current.onBlur?.() }),
          EditorView.theme({
            '&': {
              height: CODE_EDITOR_HEIGHTS[p.size ?? 'medium'],
              maxHeight: 'min(1000px, 90vh)',
              fontSize: '12px',
            },
            '.cm-scroller': { overflow: 'auto', fontFamily: 'var(--font-mono, ui-monospace, monospace)' },
            '&.cm-focused': { outline: 'none' },
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is created once; later prop changes reconfigure it below.
  }, []);

  React.useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.theme.reconfigure(codeTheme(theme)) });
  }, [theme]);

  React.useEffect(() => {
    // Escape with the completion list open closes the list, not the dialog around the editor: Radix listens for
    // Escape in the document's capture phase, before the editor's keymap, so the editor answers on the window first.
    const closeListFirst = (event: KeyboardEvent) => {
      const editor = view.current;
      if (event.key !== 'Escape' || !editor?.hasFocus || completionStatus(editor.state) === null) return;
      event.stopPropagation();
      event.preventDefault();
      closeCompletion(editor);
    };
    window.addEventListener('keydown', closeListFirst, { capture: true });
    return () => window.removeEventListener('keydown', closeListFirst, { capture: true });
  }, []);

  React.useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    // A value from outside (a reset, a loaded record) replaces the text; our own edits already match.
    if (current !== value) editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  const attributesKey = JSON.stringify(contentAttributes(props));
  React.useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const c = compartments.current;
    editor.dispatch({
      effects: [
        c.language.reconfigure(languageExtension(language)),
        c.help.reconfigure([lintExtension(language, jsonSchema), completionExtension(language, jsonSchema)]),
        c.readOnly.reconfigure([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
        c.attributes.reconfigure(
          EditorView.contentAttributes.of(JSON.parse(attributesKey) as Record<string, string>),
        ),
      ],
    });
  }, [language, jsonSchema, readOnly, attributesKey]);

  return (
    <div
      ref={host}
      data-size={size}
      data-placeholder={placeholder ? '' : undefined}
      className="overflow-hidden rounded-md border border-border bg-background focus-within:ring-2 focus-within:ring-ring aria-invalid:border-destructive"
      aria-invalid={props['aria-invalid']}
    />
  );
}
