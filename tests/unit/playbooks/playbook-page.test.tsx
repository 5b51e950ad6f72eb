import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { PlaybookPage } from '@/components/playbooks/playbook-page';
import { SessionProvider } from '@/components/shell/session-provider';
import { BackendError } from '@/lib/backend/errors';
import type { Playbook } from '@/lib/playbooks/endpoints';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';
import type { Loaded } from '@/lib/queries/loaded';
import type { Role } from '@/lib/auth/permissions';
import { clientSession } from '../../helpers/client-session';

/**
 * /playbooks/{id}: the playbook as the server read it (shown, missing, refused), its parameters, Run by right, and
 * its runs only, from a fake /api.
 */

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
jest.setTimeout(30_000);

const PLAYBOOK = {
  id: 'p1',
  name: 'restart',
  title: 'Restart deployment',
  category: 'Kubernetes',
  source: 'UI',
  created_at: '2020-01-02T00:00:00Z',
  created_by: { id: 'u1', name: 'Ada Admin' },
  spec: {
    actions: [{ exec: {} }],
    parameters: [{ name: 'reason', label: 'Reason', required: true, description: 'Why restart' }],
  },
};
const RUN = {
  id: 'r1',
  playbook_id: 'p1',
  status: 'completed',
  created_at: '2026-01-02T00:00:00Z',
  playbooks: { id: 'p1', name: 'restart', title: 'Restart deployment' },
};

let runRequests: URL[];

beforeEach(() => {
  runRequests = [];
  global.fetch = jest.fn(async (input: string) => {
    const url = new URL(input, 'http://console.test');
    if (url.pathname === '/api/db/playbook_runs') runRequests.push(url);
    const body = url.pathname === '/api/db/playbook_runs' ? [RUN] : [];
    return {
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'application/json', 'content-range': '0-0/1' }),
      text: async () => JSON.stringify(body),
    } as Response;
  }) as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 2000 });
});

function renderPage(
  role: Role,
  playbook: Loaded<Playbook | null> = { ok: true, data: PLAYBOOK as Playbook },
) {
  render(
    <SessionProvider session={clientSession(role)}>
      <QueryClientProvider client={createQueryClient()}>
        <PlaybookPage playbookId="p1" playbook={playbook} serverPageSize={50} />
      </QueryClientProvider>
    </SessionProvider>,
  );
}

describe('/playbooks/{id}', () => {
  it("shows the playbook, its parameters, Run, and this playbook's runs without a playbook filter", async () => {
    renderPage('editor');
    expect(screen.getByRole('heading', { name: 'Restart deployment', level: 2 })).toBeVisible();
    const params = screen.getByRole('table', { name: 'Parameters' });
    expect(within(params).getByText('Reason')).toBeInTheDocument();
    expect(within(params).getByText('Why restart')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run' })).toBeInTheDocument();
    expect(screen.getByText(/^Created by Ada Admin/)).toBeInTheDocument();
    expect(screen.getByText('Spec')).toBeInTheDocument();
    const runs = await screen.findByRole('table', { name: 'Playbook runs' }, { timeout: 8000 });
    expect(await within(runs).findByText('Restart deployment')).toBeInTheDocument();
    expect(screen.queryByLabelText('Playbook')).not.toBeInTheDocument();
    expect(runRequests.length).toBeGreaterThan(0);
    for (const url of runRequests) expect(url.searchParams.get('playbook_id')).toBe('eq.p1');
  });

  it('offers no Run to who may not run playbooks', async () => {
    renderPage('viewer');
    expect(screen.getByRole('heading', { name: 'Restart deployment', level: 2 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Run' })).not.toBeInTheDocument();
  });

  it('says so when the playbook is not found', async () => {
    renderPage('editor', { ok: true, data: null });
    expect(screen.getByText('This playbook was not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run' })).not.toBeInTheDocument();
  });

  it('shows the Unauthorized state when the backend refuses the playbook', async () => {
    renderPage('editor', {
      ok: false,
      error: new BackendError({ status: 403, code: 'forbidden', message: 'refused' }),
    });
    expect(screen.getByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Parameters' })).not.toBeInTheDocument();
  });
});
