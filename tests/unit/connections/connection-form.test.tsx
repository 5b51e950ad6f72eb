import * as React from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import { ConnectionForm } from '@/components/connections/connection-form';
import { BackendError } from '@/lib/backend/errors';
import type { ConnectionRecord } from '@/lib/connections/types';
import { SECRET_MASK } from '@/lib/forms/secret-value';
import { stubTextRangeLayout } from '../../helpers/codemirror-layout';

jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

beforeAll(stubTextRangeLayout);

const save = () => screen.getByRole('button', { name: 'Save' });

describe('ConnectionForm: adding', () => {
  it("offers 44 types under 'Select Connection Type', sorted, notification targets marked, jmeter hidden", () => {
    render(<ConnectionForm onSubmit={jest.fn()} />);
    expect(screen.getByRole('heading', { name: 'Select Connection Type' })).toBeInTheDocument();
    const buttons = within(screen.getByRole('list', { name: 'Connection types' })).getAllByRole('button');
    expect(buttons).toHaveLength(44);
    expect(buttons[0]).toHaveAccessibleName('Anthropic');
    expect(screen.queryByRole('button', { name: /JMeter/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Slack (notifications)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Postgres' })).toBeInTheDocument();
  });

  it("filters the grid, goes to '{Type} Connection Details' and Back", async () => {
    const user = userEvent.setup();
    render(<ConnectionForm onSubmit={jest.fn()} />);
    await user.type(screen.getByRole('searchbox', { name: 'Filter connection types' }), 'sql');
    expect(
      within(screen.getByRole('list', { name: 'Connection types' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['MySQL', 'SQL Server']);
    await user.click(screen.getByRole('button', { name: 'MySQL' }));
    expect(screen.getByRole('heading', { name: 'MySQL Connection Details' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Namespace/)).toHaveValue('default');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Select Connection Type' })).toBeInTheDocument();
  });

  it('fills a Postgres connection with a Secret reference and submits the record to save', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<ConnectionForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Postgres' }));
    expect(save()).toBeDisabled();
    await user.type(screen.getByLabelText(/^Name\*?$/), 'orders-db');
    await user.type(screen.getByRole('textbox', { name: /^URL/ }), 'postgres://db.internal:5432/orders');
    await user.type(screen.getByLabelText('Username'), 'app');
    const password = screen.getByRole('group', { name: /^Password/ });
    await user.click(within(password).getByRole('radio', { name: 'Secret' }));
    await user.type(within(password).getByRole('textbox', { name: 'Password Secret name' }), 'orders-db');
    await user.type(within(password).getByRole('textbox', { name: 'Password Secret key' }), 'password');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      {
        name: 'orders-db',
        namespace: 'default',
        type: 'postgres',
        url: 'postgres://db.internal:5432/orders',
        username: 'app',
        password: 'secret://orders-db/password',
      },
      { name: 'orders-db', type: 'postgres' },
    );
  });

  it('git with SSH sends the key as the certificate; email sends its defaults as properties', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    const { unmount } = render(<ConnectionForm onSubmit={onSubmit} initialType="git" />);
    expect(screen.getByLabelText(/^Ref/)).toHaveValue('main');
    await user.type(screen.getByLabelText(/^Name\*?$/), 'infra');
    await user.type(screen.getByRole('textbox', { name: /^URL/ }), 'git@github.com:org/infra.git');
    await user.click(screen.getByRole('radio', { name: 'SSH' }));
    await user.type(screen.getByRole('textbox', { name: 'SSH Key' }), 'KEY');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({
      name: 'infra',
      namespace: 'default',
      type: 'git',
      url: 'git@github.com:org/infra.git',
      certificate: 'KEY',
      properties: { ref: 'main' },
    });
    unmount();

    render(<ConnectionForm onSubmit={onSubmit} initialType="email" />);
    expect(screen.getByLabelText(/^Port/)).toHaveValue('587');
    expect(screen.getByRole('radio', { name: 'Auto (default)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Unknown' })).toBeChecked();
    await user.type(screen.getByLabelText(/^Name\*?$/), 'mail');
    await user.type(screen.getByLabelText(/^Host/), 'smtp.example.com');
    await user.type(screen.getByLabelText(/^From Address/), 'ops@example.com');
    await user.type(screen.getByLabelText(/^From Name/), 'Ops');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1][0]).toMatchObject({
      type: 'email',
      insecure_tls: false,
      properties: {
        host: 'smtp.example.com',
        port: '587',
        from: 'ops@example.com',
        fromName: 'Ops',
        encryptionMethod: 'Auto',
        authMethod: 'Unknown',
      },
    });
    expect(onSubmit.mock.calls[1][0].url).toMatch(
      /^smtp:\/\/\$\(username\):\$\(password\)@smtp\.example\.com:587\/\?/,
    );
  });

  it('shows a conflict from the backend under Name', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockRejectedValue(
      new BackendError({
        status: 409,
        code: '23505',
        message: 'dup',
        details: {
          code: '23505',
          message: 'dup',
          details: 'Key (name, namespace)=(a, default) already exists.',
        },
      }),
    );
    render(<ConnectionForm onSubmit={onSubmit} initialType="github" />);
    await user.type(screen.getByLabelText(/^Name\*?$/), 'a');
    await user.type(screen.getByLabelText('Personal Access Token'), 'ghp_x');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    expect(await screen.findAllByText('A record with this name and namespace already exists')).toHaveLength(
      2,
    );
  });
});

describe('ConnectionForm: editing', () => {
  const record: ConnectionRecord = {
    id: '01HX',
    name: 'alerts',
    namespace: 'platform',
    type: 'slack',
    url: 'slack://$(password)@C0123',
    username: 'C0123',
    password: SECRET_MASK,
    properties: { BotName: 'ops-bot', region: 'eu-west-1' },
    source: 'UI',
  };

  it('locks name and namespace, shows the stored secret as set and sends only what changed', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(
      <ConnectionForm record={record} onSubmit={onSubmit} actions={<button type="button">Test</button>} />,
    );
    expect(screen.getByRole('heading', { name: 'Slack Connection Details' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name\*?$/)).toBeDisabled();
    expect(screen.getByLabelText(/^Namespace/)).toBeDisabled();
    expect(screen.getByText('A value is set')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Test' })).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.clear(screen.getByLabelText(/^Bot Name/));
    await user.type(screen.getByLabelText(/^Bot Name/), 'pager');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({
      url: 'slack://$(password)@C0123?BotName=pager',
      properties: { region: 'eu-west-1', BotName: 'pager' },
    });
    expect(JSON.stringify(onSubmit.mock.calls[0][0])).not.toContain(SECRET_MASK);
  });

  it('falls back to a YAML editor for a type the console does not know', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    const unknown: ConnectionRecord = {
      id: '2',
      name: 'legacy',
      namespace: 'default',
      type: 'slackwebhook',
      url: 'https://hooks/x',
      password: SECRET_MASK,
    };
    render(<ConnectionForm record={unknown} onSubmit={onSubmit} />);
    expect(screen.getByRole('heading', { name: 'slackwebhook Connection Details' })).toBeInTheDocument();
    const content = await screen.findByRole('textbox', { name: 'Connection' });
    const view = EditorView.findFromDOM(content)!;
    expect(view.state.doc.toString()).toContain('type: slackwebhook');
    const text = view.state.doc.toString().replace('https://hooks/x', 'https://hooks/y');
    act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        { url: 'https://hooks/y' },
        { name: 'legacy', type: 'slackwebhook' },
      ),
    );
  });
});
