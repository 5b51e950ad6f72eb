import * as React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/widgets/confirm-dialog';
import { ResourceSelector } from '@/components/resources/resource-selector';
import { CONFIRM_DELETE_PERMISSION } from '@/lib/forms/messages';
import type { ResourceOption } from '@/lib/resources/selector-queries';

jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

describe('confirm dialog', () => {
  function Harness(
    props: Partial<React.ComponentProps<typeof ConfirmDialog>> & { onConfirm: () => unknown },
  ) {
    const [open, setOpen] = React.useState(true);
    return (
      <>
        <span data-testid="state">{open ? 'open' : 'closed'}</span>
        <ConfirmDialog open={open} onOpenChange={setOpen} {...props} />
      </>
    );
  }

  it("asks 'Are you sure you want to delete this resource?' with a destructive Delete and closes when done", async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onConfirm = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness onConfirm={onConfirm} title="Delete connection" pendingLabel="Deleting..." />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete connection' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this resource?');
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm.className).toContain('bg-destructive');
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    // Pending: both buttons are disabled, a second click does nothing, Escape does not close.
    const pending = within(dialog).getByRole('button', { name: 'Deleting...' });
    expect(pending).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('state')).toHaveTextContent('open');
    await act(async () => finish());
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('closed'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('stays open when the action fails, and takes per-screen texts', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn().mockRejectedValue(new Error('nope'));
    render(
      <Harness onConfirm={onConfirm} title="Delete permission" description={CONFIRM_DELETE_PERMISSION} />,
    );
    expect(await screen.findByRole('alertdialog')).toHaveAccessibleDescription(
      'Are you sure you want to delete the permission?',
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled());
    expect(screen.getByTestId('state')).toHaveTextContent('open');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('state')).toHaveTextContent('closed');
  });
});

describe('resource selector', () => {
  const hits = (n: number, prefix = 'grafana') =>
    Array.from({ length: n }, (_, i) => ({
      id: `id-${i}`,
      name: `${prefix}-${i}`,
      type: 'Kubernetes::Deployment',
      agent: 'local',
    }));
  let fetchMock: jest.Mock;
  const originalFetch = global.fetch;

  beforeEach(() => {
    jest.useFakeTimers();
    fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => {
    jest.useRealTimers();
    global.fetch = originalFetch;
  });

  function answer(body: unknown) {
    // jsdom has no Response; the fetch layer reads only these members.
    fetchMock.mockResolvedValue({
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: async () => JSON.stringify(body),
    });
  }

  function Harness({ onChange = jest.fn() }: { onChange?: (v: ResourceOption | null) => void }) {
    const [client] = React.useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    const [value, setValue] = React.useState<ResourceOption | null>(null);
    return (
      <QueryClientProvider client={client}>
        <ResourceSelector
          aria-label="Resource"
          kinds={['configs', 'components']}
          value={value}
          onChange={(v) => {
            setValue(v);
            onChange(v);
          }}
        />
      </QueryClientProvider>
    );
  }

  const setup = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

  it("shows the hint and 'Start typing to search' before anything is typed", async () => {
    const user = setup();
    render(<Harness />);
    expect(
      screen.getByText('e.g. name=grafana type=Kubernetes::Deployment or health=healthy,unhealthy'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Resource' }));
    expect(screen.getByRole('status')).toHaveTextContent('Start typing to search');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('searches once, 300 ms after typing stops, for the chosen kinds', async () => {
    const user = setup();
    answer({ configs: hits(3) });
    render(<Harness />);
    await user.type(screen.getByRole('combobox', { name: 'Resource' }), 'graf');
    act(() => jest.advanceTimersByTime(299));
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/resources/search');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      limit: 50,
      configs: [{ agent: 'all', search: 'graf' }],
      components: [{ agent: 'all', search: 'graf' }],
    });
    expect(await screen.findAllByRole('option')).toHaveLength(3);
  });

  it("says 'No options found' when nothing matches", async () => {
    const user = setup();
    answer({});
    render(<Harness />);
    await user.type(screen.getByRole('combobox', { name: 'Resource' }), 'zzz');
    act(() => jest.advanceTimersByTime(300));
    expect(await screen.findByText('No options found')).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('renders every option up to 20 and a window of them above 20', async () => {
    const user = setup();
    answer({ configs: hits(20) });
    const { unmount } = render(<Harness />);
    await user.type(screen.getByRole('combobox', { name: 'Resource' }), 'a');
    act(() => jest.advanceTimersByTime(300));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(20));
    expect(screen.getByRole('listbox')).not.toHaveAttribute('data-windowed');
    unmount();

    answer({ configs: hits(50) });
    render(<Harness />);
    await user.type(screen.getByRole('combobox', { name: 'Resource' }), 'b');
    act(() => jest.advanceTimersByTime(300));
    await waitFor(() => expect(screen.getByRole('listbox')).toHaveAttribute('data-windowed', 'true'));
    const options = screen.getAllByRole('option');
    expect(options.length).toBeLessThan(20);
    expect(options[0]).toHaveAttribute('aria-setsize', '50');
    // Scrolling moves the window.
    const listbox = screen.getByRole('listbox');
    Object.defineProperty(listbox, 'scrollTop', { value: 40 * 30, configurable: true });
    fireEvent.scroll(listbox);
    await waitFor(() => expect(screen.getByRole('option', { name: /grafana-30/ })).toBeInTheDocument());
    expect(screen.queryByRole('option', { name: /grafana-0 / })).not.toBeInTheDocument();
  });

  it('picks with the keyboard and shows the chosen name', async () => {
    const user = setup();
    const onChange = jest.fn();
    answer({ configs: hits(3), components: [{ id: 'c-1', name: 'api', type: 'Service' }] });
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Resource' });
    await user.type(input, 'x');
    act(() => jest.advanceTimersByTime(300));
    await screen.findAllByRole('option');
    expect(screen.getByRole('option', { name: /api/ })).toHaveTextContent('Component · Service');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'id-1', name: 'grafana-1', kind: 'configs' }),
    );
    expect(input).toHaveValue('grafana-1');
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
