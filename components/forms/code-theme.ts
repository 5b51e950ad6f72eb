import { defaultHighlightStyle, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

/**
 * The console's CodeMirror theme, light or dark (issue 37). It is imported by the editors' own modules (the form
 * kit's editor and the read-only YAML view), which load only where an editor renders, so it never reaches a page's
 * first load and is there with the editor's first paint. Surfaces take the colour tokens (they follow the theme by
 * CSS); syntax colours cannot, so each mode has its own highlight style: CodeMirror's default with its colours
 * replaced where they miss 4.5:1 on that mode's --background (checked in tests/unit/shell/toaster-contrast.test.ts).
 */

/** CodeMirror's default highlight colours → this mode's colour (absent: kept). */
export const CODE_COLOURS: Record<'light' | 'dark', Readonly<Record<string, string>>> = {
  light: {
    '#e40': '#c2410c', // regexp, escape: 3.6:1 on white
    '#f00': '#d00000', // invalid: 4.0:1 on white
  },
  // One Dark's hues, light enough for the dark --background.
  dark: {
    '#404740': '#b6bdc9', // meta (YAML's document markers)
    '#708': '#d19bf0', // keyword
    '#219': '#e5c07b', // atom, bool, url, label
    '#164': '#f0b37e', // literal (numbers), inserted
    '#a11': '#a5d6a7', // string, deleted
    '#e40': '#ffab91', // regexp, escape
    '#00f': '#82b1ff', // variable definition
    '#30a': '#c5b3f0', // local variable
    '#085': '#80cbc4', // type, namespace
    '#167': '#80deea', // class
    '#256': '#90caf9', // special variable, macro
    '#00c': '#7cc4fa', // property definition (YAML and JSON keys)
    '#940': '#9aa3b2', // comment
    '#f00': '#ff8a80', // invalid
  },
};

/** CodeMirror's default style with the mode's colours. */
function highlightStyle(mode: 'light' | 'dark'): HighlightStyle {
  const colours = CODE_COLOURS[mode];
  return HighlightStyle.define(
    defaultHighlightStyle.specs.map((spec) =>
      typeof spec.color === 'string' && colours[spec.color] ? { ...spec, color: colours[spec.color] } : spec,
    ),
  );
}

const styles: Partial<Record<'light' | 'dark', HighlightStyle>> = {};

function surfaces(dark: boolean): Extension {
  return EditorView.theme(
    {
      '&': { backgroundColor: 'var(--background)', color: 'var(--foreground)' },
      '.cm-content': { caretColor: 'var(--foreground)' },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--foreground)' },
      '.cm-gutters': {
        backgroundColor: 'var(--muted)',
        color: 'var(--muted-foreground)',
        borderRight: '1px solid var(--border)',
      },
      '.cm-activeLineGutter': { backgroundColor: 'var(--accent)' },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
        { backgroundColor: dark ? '#34466b' : '#d3e1ff' },
      '.cm-tooltip': {
        backgroundColor: 'var(--popover)',
        color: 'var(--popover-foreground)',
        border: '1px solid var(--border)',
      },
      '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
        backgroundColor: 'var(--accent)',
        color: 'var(--accent-foreground)',
      },
      '.cm-placeholder': { color: 'var(--muted-foreground)' },
    },
    // CodeMirror's own parts (lint markers, panels, search) pick their dark variants from this flag.
    { dark },
  );
}

/** The theme extensions for one mode: surfaces from the tokens, and the highlight style of that mode. */
export function codeTheme(mode: 'light' | 'dark'): Extension {
  styles[mode] ??= highlightStyle(mode);
  return [surfaces(mode === 'dark'), syntaxHighlighting(styles[mode])];
}
