import * as React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { BackToPicker, EditorFooter, PickerStep, stepHeading } from '@/components/forms/editor-steps';
import { TextField } from '@/components/forms/fields';
import { Form, useZodForm } from '@/components/forms/form';

function FooterHarness({
  edit,
  readOnly,
  onCancel,
}: {
  edit: boolean;
  readOnly?: boolean;
  onCancel?: () => void;
}) {
  const form = useZodForm(z.object({ name: z.string() }), { defaultValues: { name: 'web' } });
  return (
    <Form form={form} onSubmit={jest.fn()} aria-label="Editor">
      <TextField name="name" label="Name" />
      <EditorFooter
        edit={edit}
        readOnly={readOnly}
        onCancel={onCancel}
        actions={<button type="button">Delete</button>}
      />
    </Form>
  );
}

describe('editor steps', () => {
  it('picker step: a heading title, the picker, and Cancel only when the screen offers one', async () => {
    const user = userEvent.setup();
    const onCancel = jest.fn();
    const { rerender } = render(
      <PickerStep title={stepHeading('Select Connection Type')} onCancel={onCancel}>
        <p>picker</p>
      </PickerStep>,
    );
    expect(screen.getByRole('heading', { name: 'Select Connection Type', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('picker')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(
      <PickerStep title={stepHeading('Select Connection Type')}>
        <p>picker</p>
      </PickerStep>,
    );
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('back to the picker is a plain button that does not submit', async () => {
    const user = userEvent.setup();
    const onBack = jest.fn();
    render(<BackToPicker onClick={onBack} />);
    const back = screen.getByRole('button', { name: 'Back' });
    expect(back).toHaveAttribute('type', 'button');
    await user.click(back);
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('footer: actions, Cancel, and Save that waits for a change when editing', async () => {
    const user = userEvent.setup();
    render(<FooterHarness edit onCancel={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    await user.type(screen.getByLabelText('Name'), '-2');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it('footer: Save is enabled unchanged when adding, and absent when read-only (no Cancel without a handler)', async () => {
    const { unmount } = render(<FooterHarness edit={false} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    unmount();
    render(<FooterHarness edit readOnly />);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
