import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { PlaybooksScreen } from '@/components/playbooks/playbooks-screen';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';

/** /playbooks against a fake /api: cards grouped by category, action kinds, recent runs, buttons by right. */

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
jest.setTimeout(30_000);

const PLAYBOOKS = [
  {
    id: 'p1',
    name: 'restart',
    title: 'Restart deployment',
    category: 'Kubernetes',
    source: 'UI',
    icon: 'kubernetes',
    spec: { actions: [{ exec: {} }, { notification: {} }] },
  },
  {
    id: 'p2',
    name: 'slow',
    title: 'Find slow transactions',
    category: 'Database',
    source: 'UI',
    spec: { actions: [{ sql: {} }] },
  },
  {
    id: 'p3',
    name: 'drain',
    title: 'Drain a node',
    category: 'Kubernetes',
    source: 'KubernetesCRD',
    spec: { actions: [{ exec: {} }] },
  },
];
const RUNS = [
  { playbook_id: 'p1', status: 'failed', created_at: '2026-01-02T00:00:00Z' },
  { playbook_id: 'p1', status: 'completed', created_at: '2026-01-01T00:00:00Z' },
];

beforeEach(() => {
  window.history.replaceState(null, '', '/playbooks');
  global.fetch = jest.fn(async (input: string) => {
    const url = new URL(input, 'http://console.test');
    const body =
      url.pathname === '/api/db/playbooks' ? PLAYBOOKS : url.pathname === '/api/db/playbook_runs' ? RUNS : [];
    return {
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: async () => JSON.stringify(body),
    } as Response;
  }) as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 2000 });
});

function renderScreen(props: React.ComponentProps<typeof PlaybooksScreen>) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PlaybooksScreen {...props} />
    </QueryClientProvider>,
  );
}

describe('/playbooks', () => {
  it('groups cards by category with their action kinds and the last of their recent runs', async () => {
    renderScreen({ canRun: true, canEdit: true });
    const kubernetes = await screen.findByRole('list', { name: 'Kubernetes playbooks' }, { timeout: 8000 });
    expect(
      within(kubernetes)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Restart deployment', 'Drain a node']);
    expect(screen.getByRole('list', { name: 'Database playbooks' })).toBeInTheDocument();
    const restart = within(kubernetes).getAllByRole('listitem')[0]!;
    expect(within(restart).getByRole('list', { name: 'Action types' })).toHaveTextContent('NotificationExec');
    expect(
      await within(restart).findByRole('link', { name: 'Runs of Restart deployment' }),
    ).toHaveTextContent('2 runs in 7 days');
    expect(within(restart).getByText('failed')).toBeInTheDocument();
    expect(within(restart).getByRole('link', { name: 'Runs of Restart deployment' })).toHaveAttribute(
      'href',
      '/playbooks/runs?playbook=p1',
    );
    expect(screen.getByRole('button', { name: 'Run Restart deployment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Restart deployment' })).toBeInTheDocument();
    // A CRD-sourced playbook is managed in Git: no Edit.
    expect(screen.queryByRole('button', { name: 'Edit Drain a node' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New playbook' })).toBeInTheDocument();
  });

  it('offers no Run, New or Edit without the rights', async () => {
    renderScreen({ canRun: false, canEdit: false });
    expect(
      await screen.findByRole('heading', { name: 'Restart deployment' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Run / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New playbook' })).not.toBeInTheDocument();
  });

  it("narrows the cards to the address's search, and the search box writes it", async () => {
    window.history.replaceState(null, '', '/playbooks?query=kubernetes%20DRAIN');
    renderScreen({ canRun: false, canEdit: false });
    // Every word, in the name, title, description or category, ignoring case.
    expect(
      await screen.findByRole('heading', { name: 'Drain a node' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Restart deployment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Database playbooks' })).not.toBeInTheDocument();

    const box = screen.getByRole('searchbox', { name: 'Search playbooks' });
    await userEvent.clear(box);
    await userEvent.type(box, 'slow');
    await waitFor(() => expect(window.location.search).toBe('?query=slow'));
    expect(await screen.findByRole('heading', { name: 'Find slow transactions' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Drain a node' })).not.toBeInTheDocument();

    await userEvent.clear(box);
    await userEvent.type(box, 'nothing like it');
    expect(await screen.findByText('No playbooks found')).toBeInTheDocument();
  });
});
