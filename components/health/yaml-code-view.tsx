'use client';

import * as React from 'react';
import { EditorState } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { yaml } from '@codemirror/lang-yaml';
import { codeTheme } from '@/components/forms/code-theme';
import { useResolvedTheme } from '@/components/shell/use-resolved-theme';

/** Read-only YAML in CodeMirror 6 (loaded with the Spec tab only). */
export function YamlCodeView({ value, label }: { value: string; label: string }) {
  const host = React.useRef<HTMLDivElement>(null);
  // Light or dark with the console (issue 37); a switch rebuilds this read-only view, which holds no state.
  const theme = useResolvedTheme();
  React.useEffect(() => {
    if (!host.current) return;
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          yaml(),
          codeTheme(theme),
          EditorState.readOnly.of(true),
          EditorView.editable.of(false),
          // A tab stop, as the read-only editor has one: the scroller is scrolled by keyboard.
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.theme({
            '&': { maxHeight: 'min(1000px, 60vh)', fontSize: '12px' },
            '.cm-scroller': { overflow: 'auto' },
          }),
        ],
      }),
    });
    return () => view.destroy();
  }, [value, label, theme]);
  return (
    <div
      ref={host}
      className="overflow-hidden rounded-md border border-border focus-within:ring-2 focus-within:ring-ring"
    />
  );
}
