import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LinkIncidentDialog } from '@/components/incidents/link-incident-dialog';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';

jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

/**
 * The Link to Incident dialog in the browser's shape (001 §3.3–§8): searching an incident with one hypothesis
 * preselects it, 'Linking..' while the evidence is written, the success toast with the incident's link.
 */

const INCIDENT = {
  id: 'i-1',
  title: 'Checkout down',
  incident_id: 'INC-7',
  hypotheses: [{ id: 'h-1', title: 'Root cause', type: 'root' }],
};
let releaseEvidence: () => void = () => undefined;
const requests: { method: string; url: string; body?: unknown }[] = [];

const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
  const method = init?.method ?? 'GET';
  requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  const json = (value: unknown, status = 200) =>
    ({ ok: true, status, headers: new Headers(), text: async () => JSON.stringify(value) }) as Response;
  if (method === 'GET' && url.includes('/db/incidents')) return json([INCIDENT]);
  if (method === 'GET' && url.includes('/db/hypotheses')) return json(INCIDENT.hypotheses);
  if (method === 'POST' && url.includes('/db/evidences')) {
    await new Promise<void>((resolve) => (releaseEvidence = resolve));
    return json([{ id: 'e-1' }], 201);
  }
  return json([]);
});

beforeEach(() => {
  requests.length = 0;
  global.fetch = fetchMock as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 5000 });
});

it('preselects the only hypothesis, links with Linking.. and reports success with the incident link', async () => {
  const user = userEvent.setup();
  const onLinked = jest.fn();
  const onClose = jest.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LinkIncidentDialog
        target={{ type: 'check', check_id: 'c-1', properties: { timeRange: '2h' } }}
        name="api-latency"
        personId="p-1"
        onClose={onClose}
        onLinked={onLinked}
      />
    </QueryClientProvider>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Link to Incident' });
  const link = within(dialog).getByRole('button', { name: 'Link' });
  expect(link).toBeDisabled();
  await user.type(within(dialog).getByRole('combobox', { name: 'Incident' }), 'Checkout');
  // The lookup runs 100 ms after the last keystroke (001 §5), by title or number (issue 33).
  await waitFor(() =>
    expect(
      requests.some((r) =>
        decodeURIComponent(r.url).includes('or=(title.ilike.*Checkout*,incident_id.ilike.*Checkout*)'),
      ),
    ).toBe(true),
  );
  await user.click(await within(dialog).findByRole('option', { name: /Checkout down/ }));
  expect(await within(dialog).findByRole('combobox', { name: 'Hypothesis' })).toHaveValue('Root cause');
  // An existing incident hides severity and type.
  expect(within(dialog).queryByLabelText(/Severity/)).toBeNull();
  await user.type(within(dialog).getByLabelText('Evidence description'), 'p99 over 2 s');
  await waitFor(() => expect(link).toBeEnabled());
  await user.click(link);
  expect(await within(dialog).findByRole('button', { name: 'Linking..' })).toBeDisabled();
  releaseEvidence();
  await waitFor(() => expect(onLinked).toHaveBeenCalledWith(true));
  const evidence = requests.find((r) => r.method === 'POST');
  expect(evidence?.url).toContain('/db/evidences');
  expect(evidence?.body).toMatchObject({
    hypothesis_id: 'h-1',
    check_id: 'c-1',
    type: 'check',
    description: 'p99 over 2 s',
    properties: { timeRange: '2h' },
  });
  expect(toast.success).toHaveBeenCalledWith(
    'Linked to incident successfully',
    expect.objectContaining({ position: 'top-right', duration: 5000 }),
  );
  expect(onClose).toHaveBeenCalled();
});

/** The dialog for a component, once its Radix part has loaded. */
async function openForComponent() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LinkIncidentDialog
        target={{ type: 'topology', component_id: 'comp-1' }}
        name="checkout"
        personId="p-1"
        onClose={jest.fn()}
      />
    </QueryClientProvider>,
  );
  return screen.findByRole('dialog', { name: 'Link to Incident' });
}

it('shows severity and type for a new incident and the incident message when it is cleared', async () => {
  const user = userEvent.setup();
  const dialog = await openForComponent();
  const incident = within(dialog).getByRole('combobox', { name: 'Incident' });
  await user.click(incident);
  await user.click(within(dialog).getByLabelText('Evidence description'));
  expect(await within(dialog).findAllByText('Must select or create an incident')).toHaveLength(1);
  await user.type(incident, 'Brand new');
  await user.click(await within(dialog).findByRole('option', { name: 'Create new incident "Brand new"' }));
  expect(within(dialog).getByLabelText(/Severity/)).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/^Type/)).toBeInTheDocument();
  expect(within(dialog).queryByRole('combobox', { name: 'Hypothesis' })).toBeNull();
  expect(within(dialog).queryByText('Must select or create an incident')).toBeNull();
});

it('shows no rows of an earlier text while the current one is searched, so the list does not move under the pointer', async () => {
  const user = userEvent.setup();
  const dialog = await openForComponent();
  const incident = within(dialog).getByRole('combobox', { name: 'Incident' });
  await user.type(incident, 'Check');
  // The answer for "Check" lists the incident; typing on hides it at once, before the new answer comes.
  expect(await within(dialog).findByRole('option', { name: /Checkout down/ })).toBeInTheDocument();
  await user.type(incident, 'out x');
  expect(within(dialog).queryByRole('option', { name: /Checkout down/ })).toBeNull();
  expect(
    within(dialog)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Create new incident "Checkout x"']);
});
