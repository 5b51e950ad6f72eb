import * as React from 'react';
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PlaybookRunView } from '@/components/playbooks/playbook-run-view';
import { playbookRunKeys } from '@/lib/playbooks/queries';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';

/**
 * Issue 37: a hydration error on the run page. A running run's durations counted to each side's own Date.now(), so
 * the browser's first render differed from the server's HTML. Both now count to the server's render time; here the
 * "server" renders at T and the browser hydrates a minute later, and React must report no mismatch.
 */

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);

const T = Date.parse('2026-12-06T05:00:00Z');
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const RUN = {
  id: 'run-1',
  playbook_id: 'pb-1',
  parent_id: null,
  status: 'running',
  created_at: iso(T - 11 * MINUTE),
  start_time: iso(T - 10 * MINUTE - 1234),
  end_time: null,
  parameters: {},
  spec: {
    actions: [
      { name: 'drain', exec: {} },
      { name: 'restart', exec: {} },
    ],
  },
  playbooks: { id: 'pb-1', name: 'restart', title: 'Restart deployment', icon: 'kubernetes' },
  playbook_approvals: [],
};
const ACTIONS = [
  {
    id: 'a1',
    name: 'drain',
    playbook_run_id: 'run-1',
    status: 'completed',
    start_time: iso(T - 10 * MINUTE),
    end_time: iso(T - 9 * MINUTE),
    result: { stdout: 'drained\n' },
  },
  // Still running: its duration counts to now.
  {
    id: 'a2',
    name: 'restart',
    playbook_run_id: 'run-1',
    status: 'running',
    start_time: iso(T - 9 * MINUTE + 777),
    end_time: null,
    result: null,
  },
];

function clientWithData(): QueryClient {
  const client = createQueryClient();
  client.setQueryData(playbookRunKeys.run('run-1'), [RUN]);
  client.setQueryData(playbookRunKeys.runActions('run-1'), ACTIONS);
  return client;
}

const page = (client: QueryClient) => (
  <QueryClientProvider client={client}>
    <PlaybookRunView runId="run-1" canRun={false} canDecide={false} renderedAt={T} />
  </QueryClientProvider>
);

beforeEach(() => {
  global.fetch = jest.fn(
    async () =>
      ({ ok: true, status: 200, headers: new Headers(), text: async () => '[]' }) as unknown as Response,
  ) as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 2000 });
});
afterEach(() => jest.restoreAllMocks());

it('hydrates a running run a minute after the server rendered it without a mismatch', async () => {
  const now = jest.spyOn(Date, 'now').mockReturnValue(T);
  const html = renderToString(page(clientWithData()));
  expect(html).toContain('Restart deployment');
  expect(html).toContain('10.02m'); // the run: 10 min 1.2 s at T

  // The browser, a minute and a bit later.
  now.mockReturnValue(T + MINUTE + 4321);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const recoverable = jest.fn();
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(async () => {
    hydrateRoot(container, page(clientWithData()), { onRecoverableError: recoverable });
  });

  expect(recoverable).not.toHaveBeenCalled();
  const hydrationLogs = consoleError.mock.calls.filter((args) => /hydrat/i.test(args.map(String).join(' ')));
  expect(hydrationLogs).toEqual([]);
  // After hydration the durations follow the browser's clock.
  expect(container).toHaveTextContent('11.09m');
});
