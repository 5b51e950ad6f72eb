import * as React from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { EditorView } from '@codemirror/view';
import { AddIntegrationDialog } from '@/components/operations/add-integration-dialog';
import { SessionProvider, type ClientSession } from '@/components/shell/session-provider';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';
import { clientSession } from '../../helpers/client-session';
import { stubTextRangeLayout } from '../../helpers/codemirror-layout';
import { GITOPS_CHARTS } from '@/lib/operations/gitops-charts';
import { routerCalls } from '../../helpers/next-navigation';

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

const requests: { method: string; url: string; body?: unknown }[] = [];
const fetchMock = jest.fn(async (input: string, init?: RequestInit) => {
  requests.push({
    method: init?.method ?? 'GET',
    url: input,
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  });
  const body = init?.method === 'POST' ? [{ id: 'lb-1', name: 'loki' }] : [];
  return {
    ok: true,
    status: init?.method === 'POST' ? 201 : 200,
    headers: new Headers({ 'content-type': 'application/json' }),
    text: async () => JSON.stringify(body),
  } as Response;
});

function renderWizard(features: Record<string, string> = {}) {
  const session: ClientSession = clientSession('admin', { features });
  const onClose = jest.fn();
  render(
    <SessionProvider session={session}>
      <QueryClientProvider client={createQueryClient()}>
        <AddIntegrationDialog onClose={onClose} />
      </QueryClientProvider>
    </SessionProvider>,
  );
  return { onClose };
}

beforeAll(stubTextRangeLayout);

beforeEach(() => {
  requests.length = 0;
  global.fetch = fetchMock as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 1000 });
});

describe('Add Integration wizard', () => {
  it('offers the six GitOps charts and the three direct options', async () => {
    renderWizard();
    await screen.findByRole('dialog'); // the kit's dialog loads its Radix part when it opens
    // The six charts' labels are checked against the spec in settings-admin-logic.test.ts.
    const charts = GITOPS_CHARTS.map((c) => c.label);
    expect(charts).toHaveLength(6);
    for (const name of [...charts, 'Custom Topology', 'Catalog Scraper', 'Log Backends']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    // 001 §9: a tile is a quarter of a row on wide screens (two on a phone, three on a tablet).
    expect(screen.getByRole('button', { name: 'Prometheus' }).parentElement).toHaveClass(
      'grid-cols-2',
      'sm:grid-cols-3',
      'lg:grid-cols-4',
    );
  });

  it('hides Log Backends when the logs feature is disabled', () => {
    renderWizard({ 'logs.disable': 'true' });
    expect(screen.queryByRole('button', { name: 'Log Backends' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Catalog Scraper' })).toBeInTheDocument();
  });

  it('names the chosen option in the title, shows the chart and its snippets without writing; Back clears it', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.click(screen.getByRole('button', { name: 'Prometheus' }));
    expect(screen.getByRole('dialog', { name: 'Add Integration - Prometheus' })).toBeInTheDocument();
    expect(screen.getByText(/topology of a Prometheus installation/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Namespace/)).toHaveValue('mission-control');
    expect(screen.getByLabelText('Helm CLI', { selector: 'pre' })).toHaveTextContent(
      'helm install mission-control-prometheus flanksource/mission-control-prometheus -n mission-control',
    );
    await user.clear(screen.getByLabelText(/^Namespace/));
    await user.type(screen.getByLabelText(/^Namespace/), 'ops');
    await waitFor(() =>
      expect(screen.getByLabelText('Helm CLI', { selector: 'pre' })).toHaveTextContent('-n ops'),
    );
    expect(screen.getByLabelText('Flux', { selector: 'pre' })).toHaveTextContent('namespace: ops');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Add Integration' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('saves a Catalog Scraper, then closes and returns to /config-db (001 §2.3; the registry sends it on to /catalog)', async () => {
    routerCalls.length = 0;
    const user = userEvent.setup();
    const { onClose } = renderWizard();
    await user.click(await screen.findByRole('button', { name: 'Catalog Scraper' }));
    await user.click(await screen.findByRole('button', { name: 'Kubernetes' }, { timeout: 8000 }));
    await user.type(await screen.findByLabelText(/^Name\*?$/, {}, { timeout: 8000 }), 'e2e-cluster');
    await user.type(screen.getByLabelText(/^Cluster name/), 'prod');
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toContain('/api/db/config_scrapers');
    // 001 §9: the wizard's default interval, 30m.
    expect((post?.body as { spec: { schedule?: string } }).spec.schedule).toBe('@every 30m');
    expect(routerCalls).toContainEqual({ method: 'push', url: '/config-db' });
  }, 30_000);

  it('saves a log backend directly, then refreshes and closes', async () => {
    const user = userEvent.setup();
    const { onClose } = renderWizard();
    await user.click(screen.getByRole('button', { name: 'Log Backends' }));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText(/^Name/), 'loki');
    const view = EditorView.findFromDOM(await screen.findByRole('textbox', { name: 'Spec' }))!;
    act(() =>
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: 'loki:\n  url: http://loki:3100' },
        userEvent: 'input.type',
      }),
    );
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      url: expect.stringContaining('/api/db/logging_backends'),
      body: { name: 'loki', labels: {}, spec: { loki: { url: 'http://loki:3100' } }, source: 'UI' },
    });
  });

  // 001 §2.4 "The log-backend form needs a name": Save was disabled until a spec was typed too (issue 37).
  it('saves a log backend with a name alone, the spec written as {}', async () => {
    const user = userEvent.setup();
    const { onClose } = renderWizard();
    await user.click(screen.getByRole('button', { name: 'Log Backends' }));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText(/^Name/), 'loki-bare');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      body: { name: 'loki-bare', labels: {}, spec: {}, source: 'UI' },
    });
  });
});
