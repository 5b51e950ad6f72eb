import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { toast } from 'sonner';
import {
  CheckboxField,
  MultiSelectField,
  NumberField,
  SelectField,
  SwitchField,
  TextField,
  TextareaField,
  useTextField,
} from '@/components/forms/fields';
import { Form, FormActions, SubmitButton, useZodForm } from '@/components/forms/form';
import { KeyValueField } from '@/components/forms/key-value-field';
import { ScheduleField } from '@/components/forms/schedule-field';
import { SecretField } from '@/components/forms/secret-field';
import { BackendError } from '@/lib/backend/errors';
import { integerText, keyValueMap, optionalText, requiredText, secretField } from '@/lib/forms/schema';
import { scheduleText } from '@/lib/forms/schedules';
import type { SecretValue } from '@/lib/forms/secret-value';

jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

const schema = z.object({
  name: requiredText(),
  port: integerText({ min: 1 }),
  kind: z.enum(['a', 'b'], { error: 'This field is required' }),
  tags: z.array(z.string()),
  enabled: z.boolean(),
  notify: z.boolean(),
  labels: keyValueMap(),
  schedule: scheduleText(),
  token: secretField({ required: true }),
  note: optionalText(),
});

type Input = z.input<typeof schema>;
const blank: Input = {
  name: '',
  port: '',
  kind: 'a',
  tags: [],
  enabled: false,
  notify: false,
  labels: [],
  schedule: '',
  token: { source: 'static', value: '' },
  note: '',
};

function Harness({
  onSubmit,
  defaults = {},
}: {
  onSubmit: (output: z.output<typeof schema>) => unknown;
  defaults?: Partial<Input>;
}) {
  const form = useZodForm(schema, { defaultValues: { ...blank, ...defaults } });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Test form">
      <TextField name="name" label="Name" required />
      <NumberField name="port" label="Port" />
      <SelectField
        name="kind"
        label="Kind"
        options={[
          { value: 'a', label: 'Alpha' },
          { value: 'b', label: 'Beta' },
        ]}
      />
      <MultiSelectField
        name="tags"
        label="Tags"
        options={[
          { value: 'x', label: 'Ex' },
          { value: 'y', label: 'Why' },
          { value: 'z', label: 'Zed' },
        ]}
      />
      <CheckboxField name="enabled" label="Enabled" />
      <SwitchField name="notify" label="Notify" />
      <KeyValueField name="labels" label="Labels" />
      <ScheduleField name="schedule" label="Schedule" />
      <SecretField name="token" label="Token" required />
      <FormActions>
        <SubmitButton pendingLabel="Saving...">Save</SubmitButton>
      </FormActions>
    </Form>
  );
}

const save = () => screen.getByRole('button', { name: 'Save' });

describe('form kit fields', () => {
  beforeEach(() => jest.clearAllMocks());

  it("keeps submit disabled while invalid, shows 'This field is required' once a field is left, and submits the schema's output", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} />);
    await waitFor(() => expect(save()).toBeDisabled());
    await user.click(screen.getByLabelText(/^Name/));
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText(/^Name/), '  web  ');
    await user.type(screen.getByLabelText('Port'), '8080');
    await user.selectOptions(screen.getByLabelText('Kind'), 'b');
    await user.click(screen.getByRole('checkbox', { name: 'Enabled' }));
    await user.click(screen.getByRole('switch', { name: 'Notify' }));
    await user.type(screen.getByLabelText('Schedule'), '@every 5m');
    await user.type(screen.getByLabelText('Token'), 's3cr3t');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({
      name: 'web',
      port: 8080,
      kind: 'b',
      tags: [],
      enabled: true,
      notify: true,
      labels: {},
      schedule: '@every 5m',
      token: { source: 'static', value: 's3cr3t' },
      note: '',
    });
  });

  it("says 'This field must be a number' for a non-integer", async () => {
    const user = userEvent.setup();
    render(
      <Harness onSubmit={jest.fn()} defaults={{ name: 'x', token: { source: 'static', value: 't' } }} />,
    );
    await user.type(screen.getByLabelText('Port'), '12ab');
    await user.tab();
    expect(await screen.findByText('This field must be a number')).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('multi-select: picks several values in option order and removes one by its chip', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} defaults={{ name: 'x', token: { source: 'static', value: 't' } }} />);
    await user.click(screen.getByRole('button', { name: /^Tags/ }));
    const group = await screen.findByRole('group', { name: 'Tags' });
    await user.click(within(group).getByRole('checkbox', { name: 'Zed' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Ex' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: /^Tags/ })).toHaveTextContent('Ex, Zed');
    await user.click(screen.getByRole('button', { name: 'Remove Zed' }));
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].tags).toEqual(['x']);
  });

  it('key/value map: adds rows, refuses a duplicate key and submits the map', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(
      <Harness
        onSubmit={onSubmit}
        defaults={{
          name: 'x',
          token: { source: 'static', value: 't' },
          labels: [{ key: 'team', value: 'sre' }],
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(screen.getByRole('textbox', { name: 'Key 2' }), 'team');
    await user.tab();
    expect(await screen.findByText('This key is already used')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Key 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Key 2' }), 'env');
    await user.type(screen.getByRole('textbox', { name: 'Value 2' }), 'prod');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].labels).toEqual({ team: 'sre', env: 'prod' });
  });

  it('secret field: a Secret reference needs name and key and is submitted as a reference', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} defaults={{ name: 'x' }} />);
    await user.click(screen.getByRole('radio', { name: 'Secret' }));
    await user.type(screen.getByRole('textbox', { name: 'Token Secret name' }), 'api-credentials');
    await user.tab();
    expect(await screen.findByText('Enter the key in the Secret')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Token Secret key' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Token Secret name' })).not.toHaveAttribute('aria-invalid');
    expect(save()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Token Secret key' }), 'token');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].token).toEqual({
      source: 'secret',
      name: 'api-credentials',
      key: 'token',
    });
  });

  it('secret field: a stored value shows as set, can be replaced, and the replacement can be undone', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    const stored: SecretValue = { source: 'stored' };
    render(<Harness onSubmit={onSubmit} defaults={{ name: 'x', token: stored }} />);
    expect(screen.getByText('A value is set')).toBeInTheDocument();
    expect(screen.queryByLabelText('Token')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Replace Token' }));
    expect(screen.getByLabelText('Token')).toHaveValue('');
    expect(screen.getByLabelText('Token')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Keep current value' }));
    expect(screen.getByText('A value is set')).toBeInTheDocument();
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].token).toEqual({ source: 'stored' });
  });

  it('puts a backend error on the field it names, without a toast', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockRejectedValue(
      new BackendError({
        status: 409,
        code: '23505',
        message: 'duplicate key',
        details: {
          code: '23505',
          message: 'duplicate key value',
          details: 'Key (name)=(web) already exists.',
        },
      }),
    );
    render(
      <Harness onSubmit={onSubmit} defaults={{ name: 'web', token: { source: 'static', value: 't' } }} />,
    );
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    expect(await screen.findByText('A record with this name already exists')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("shows other failures as a toast: the response's error, then its message, then 'An error occurred'", async () => {
    const user = userEvent.setup();
    const onSubmit = jest
      .fn()
      .mockRejectedValueOnce(
        new BackendError({
          status: 500,
          code: 'x',
          message: 'connection refused',
          details: { error: 'connection refused' },
        }),
      )
      .mockRejectedValueOnce({});
    render(
      <Harness onSubmit={onSubmit} defaults={{ name: 'web', token: { source: 'static', value: 't' } }} />,
    );
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('connection refused', undefined));
    await user.click(save());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('An error occurred', undefined));
  });

  it('disables submit and shows the pending text while submitting', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onSubmit = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <Harness onSubmit={onSubmit} defaults={{ name: 'web', token: { source: 'static', value: 't' } }} />,
    );
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    const pending = await screen.findByRole('button', { name: 'Saving...' });
    expect(pending).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it('useTextField binds a control: an unset value shows as empty text, typing reaches the form, disabled is passed on', async () => {
    const user = userEvent.setup();
    const textSchema = z.object({ title: optionalText(), body: optionalText(), locked: optionalText() });
    function Bare({ name, disabled }: { name: string; disabled?: boolean }) {
      const { bound } = useTextField({ name, disabled });
      return <input aria-label={name} {...bound} />;
    }
    const onSubmit = jest.fn();
    function TextHarness() {
      // `title` starts unset: the bound value must still be a controlled ''.
      const form = useZodForm(textSchema, { defaultValues: { body: 'first' } as z.input<typeof textSchema> });
      return (
        <Form form={form} onSubmit={onSubmit} aria-label="Text form">
          <Bare name="title" />
          <TextareaField name="body" label="Body" />
          <Bare name="locked" disabled />
          <SubmitButton>Save</SubmitButton>
        </Form>
      );
    }
    render(<TextHarness />);
    expect(screen.getByLabelText('title')).toHaveValue('');
    expect(screen.getByLabelText('Body')).toHaveValue('first');
    expect(screen.getByLabelText('locked')).toBeDisabled();
    await user.type(screen.getByLabelText('title'), 'Disk full');
    await user.type(screen.getByLabelText('Body'), ' second');
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ title: 'Disk full', body: 'first second' });
  });
});
