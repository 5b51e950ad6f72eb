import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { PlaybookPage } from '@/components/playbooks/playbook-page';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';

/** /playbooks/{id} against a fake /api: the playbook, its parameters, Run by right, its runs only; 404 and 403. */

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

let answer: { status: number; playbooks: unknown[] };
let runRequests: URL[];

beforeEach(() => {
  answer = { status: 200, playbooks: [PLAYBOOK] };
  runRequests = [];
  global.fetch = jest.fn(async (input: string) => {
    const url = new URL(input, 'http://console.test');
    if (url.pathname === '/api/db/playbook_runs') runRequests.push(url);
    const status = url.pathname === '/api/db/playbooks' ? answer.status : 200;
    const body =
      status !== 200
        ? { message: 'refused' }
        : url.pathname === '/api/db/playbooks'
          ? answer.playbooks
          : url.pathname === '/api/db/playbook_runs'
            ? [RUN]
            : [];
    return {
      ok: status === 200,
      status,
      headers: new Headers({ 'content-type': 'application/json', 'content-range': '0-0/1' }),
      text: async () => JSON.stringify(body),
    } as Response;
  }) as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 2000 });
});

function renderPage(canRun: boolean) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PlaybookPage playbookId="p1" canRun={canRun} serverPageSize={50} />
    </QueryClientProvider>,
  );
}

describe('/playbooks/{id}', () => {
  it("shows the playbook, its parameters, Run, and this playbook's runs without a playbook filter", async () => {
    renderPage(true);
    expect(
      await screen.findByRole('heading', { name: 'Restart deployment', level: 2 }, { timeout: 8000 }),
    ).toBeVisible();
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
    renderPage(false);
    await screen.findByRole('heading', { name: 'Restart deployment', level: 2 }, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: 'Run' })).not.toBeInTheDocument();
  });

  it('says so when the playbook is not found', async () => {
    answer = { status: 200, playbooks: [] };
    renderPage(true);
    expect(await screen.findByText('This playbook was not found', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('shows the Unauthorized state when the backend refuses the playbook', async () => {
    answer = { status: 403, playbooks: [] };
    renderPage(true);
    expect(
      await screen.findByRole('heading', { name: 'Unauthorized' }, { timeout: 8000 }),
    ).toBeInTheDocument();
  });
});
