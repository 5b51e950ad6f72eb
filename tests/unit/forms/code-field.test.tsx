import * as React from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { completionStatus, currentCompletions, startCompletion } from '@codemirror/autocomplete';
import { diagnosticCount, forceLinting } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { z } from 'zod';
import { CodeField } from '@/components/forms/code-field';
import { Form, SubmitButton, useZodForm } from '@/components/forms/form';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { codeText } from '@/lib/forms/code-value';
import type { JsonSchema } from '@/lib/forms/json-schema';
import { stubTextRangeLayout } from '../../helpers/codemirror-layout';

jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

beforeAll(stubTextRangeLayout);

const schema = z.object({ spec: codeText({ language: 'yaml', required: true, object: true }) });

function Harness({
  onSubmit,
  initial,
  jsonSchema,
}: {
  onSubmit: (v: unknown) => void;
  initial: string;
  jsonSchema?: JsonSchema;
}) {
  const form = useZodForm(schema, { defaultValues: { spec: initial } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <CodeField name="spec" label="Spec" language="yaml" size="small" required jsonSchema={jsonSchema} />
      <SubmitButton>Save</SubmitButton>
    </Form>
  );
}

async function editorFor(name: string): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no editor');
  return view;
}

function typeInto(view: EditorView, text: string) {
  act(() =>
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' }),
  );
}

describe('code editor field', () => {
  // First in the file: the editor's module is not loaded yet, so the field renders its loading box.
  it('shows the text while the editor loads, in the box the editor then takes', async () => {
    render(<Harness onSubmit={jest.fn()} initial={'http:\n  - url: https://example.com\n'} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading editor…');
    const preview = screen.getByText(/url: https:\/\/example\.com/);
    expect(preview.tagName).toBe('PRE');
    expect(preview).toHaveAttribute('aria-hidden', 'true');
    const view = await editorFor('Spec');
    expect(view.state.doc.toString()).toBe('http:\n  - url: https://example.com\n');
    expect(screen.queryByText('Loading editor…')).not.toBeInTheDocument();
    expect(preview).not.toBeInTheDocument();
  });

  it('loads the editor lazily, with the label, the size and the value', async () => {
    render(<Harness onSubmit={jest.fn()} initial={'http:\n  - url: https://example.com\n'} />);
    const view = await editorFor('Spec');
    expect(view.state.doc.toString()).toBe('http:\n  - url: https://example.com\n');
    expect(view.dom.parentElement).toHaveAttribute('data-size', 'small');
  });

  it('shows a parse error, blocks submit, and submits the parsed object once fixed', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} initial={'name: a\n'} />);
    const view = await editorFor('Spec');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    typeInto(view, 'name: a\nlist: [1, 2\n');
    act(() => view.contentDOM.dispatchEvent(new FocusEvent('blur')));
    expect(await screen.findByText(/^Invalid YAML at line \d+, column \d+/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Spec' })).toHaveAttribute('aria-invalid', 'true');
    typeInto(view, 'name: a\nlist: [1, 2]\n');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.queryByText(/^Invalid YAML/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ spec: { name: 'a', list: [1, 2] } }));
  });

  it('blocks YAML that is not an object', async () => {
    render(<Harness onSubmit={jest.fn()} initial={'name: a\n'} />);
    const view = await editorFor('Spec');
    typeInto(view, '- a\n- b\n');
    act(() => view.contentDOM.dispatchEvent(new FocusEvent('blur')));
    expect(
      await screen.findByText('The YAML must describe an object (key: value pairs)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('the text is a tab stop, read-only or not (its scroller scrolls by keyboard)', async () => {
    function ReadOnlyHarness() {
      const form = useZodForm(schema, { defaultValues: { spec: 'a: 1\n' } });
      const [readOnly, setReadOnly] = React.useState(true);
      return (
        <Form form={form} onSubmit={jest.fn()}>
          <CodeField name="spec" label="Spec" language="yaml" readOnly={readOnly} />
          <button type="button" onClick={() => setReadOnly(false)}>
            Edit
          </button>
        </Form>
      );
    }
    const user = userEvent.setup();
    render(<ReadOnlyHarness />);
    const view = await editorFor('Spec');
    expect(view.contentDOM).toHaveAttribute('tabindex', '0');
    expect(view.contentDOM).toHaveAttribute('contenteditable', 'false');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(view.contentDOM).toHaveAttribute('contenteditable', 'true'));
    expect(view.contentDOM).toHaveAttribute('tabindex', '0');
  });

  it('follows a value set from outside (a reset)', async () => {
    function ResetHarness() {
      const form = useZodForm(schema, { defaultValues: { spec: 'a: 1\n' } });
      return (
        <Form form={form} onSubmit={jest.fn()}>
          <CodeField name="spec" label="Spec" language="yaml" />
          <button type="button" onClick={() => form.reset({ spec: 'b: 2\n' })}>
            Reset
          </button>
        </Form>
      );
    }
    const user = userEvent.setup();
    render(<ResetHarness />);
    const view = await editorFor('Spec');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(view.state.doc.toString()).toBe('b: 2\n'));
  });

  it('with a JSON schema: marks violations and completes property names', async () => {
    const jsonSchema: JsonSchema = {
      type: 'object',
      properties: {
        http: {
          type: 'array',
          items: {
            type: 'object',
            properties: { url: { type: 'string' }, method: { enum: ['GET', 'POST'] } },
          },
        },
      },
      additionalProperties: false,
    };
    render(
      <Harness
        onSubmit={jest.fn()}
        initial={'http:\n  - url: 3\n    method: PUT\nextra: 1\n'}
        jsonSchema={jsonSchema}
      />,
    );
    const view = await editorFor('Spec');
    act(() => forceLinting(view));
    await waitFor(() => expect(diagnosticCount(view.state)).toBe(3));
    typeInto(view, 'http:\n  - url: x\n    me');
    act(() => view.dispatch({ selection: { anchor: view.state.doc.length } }));
    act(() => void startCompletion(view));
    await waitFor(() => expect(currentCompletions(view.state).map((c) => c.label)).toEqual(['method']));
  });

  it('in a dialog, Escape closes the completion list first and the dialog only after', async () => {
    const jsonSchema: JsonSchema = {
      type: 'object',
      properties: { http: { type: 'array' }, dns: { type: 'array' } },
    };
    function DialogHarness() {
      const [open, setOpen] = React.useState(true);
      return (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent>
            <DialogTitle>Add check</DialogTitle>
            <DialogDescription>A check&apos;s spec</DialogDescription>
            <Harness onSubmit={jest.fn()} initial="" jsonSchema={jsonSchema} />
          </DialogContent>
        </Dialog>
      );
    }
    const user = userEvent.setup();
    render(<DialogHarness />);
    const view = await editorFor('Spec');
    act(() => view.focus());
    act(() => void startCompletion(view));
    await waitFor(() => expect(completionStatus(view.state)).toBe('active'));
    await user.keyboard('{Escape}');
    expect(completionStatus(view.state)).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Add check' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
