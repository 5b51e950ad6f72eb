import * as React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { dehydrate, HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { HealthDashboard } from '@/components/health/health-dashboard';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { boardRequestOf } from '@/lib/health/board';
import { healthBoardPage, parseBoardRequest } from '@/lib/health/board-page';
import { healthQueries } from '@/lib/health/queries';
import { healthSearch } from '@/lib/health/search';
import type { HealthCheck } from '@/lib/health/types';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/preferences';
import { configureApiFetch } from '@/lib/queries/api-config';
import { bindEndpointFetcher } from '@/lib/queries/fetcher';
import { createQueryClient } from '@/lib/queries/query-client';
import { check } from './fixtures';

/**
 * The health board against both kinds of backend (lib/health/board.ts): one that pages the board (the embedded
 * backend's extension) is asked for each filter and page; one that does not (the real backend) answers every check
 * once and the browser derives the board from then on, asking nothing more.
 */

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);

const PATH = '/canary/api/summary';

function fleet(count: number): HealthCheck[] {
  return Array.from({ length: count }, (_, i) =>
    check({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `check ${String(i).padStart(4, '0')}`,
      canary_name: `canary-${String(i % 300).padStart(3, '0')}`,
      namespace: i % 2 ? 'prod' : 'dev',
      status: i % 3 === 0 ? 'unhealthy' : 'healthy',
    }),
  );
}

/** The summary as a backend answers it: every check, or with ?board= a page of the board when it pages it. */
function backendAnswer(checks: HealthCheck[], pages: boolean, url: string): unknown {
  const raw = new URL(url, 'http://console.test').searchParams.get('board');
  if (!pages || raw === null) return { runnerName: 'test', checks_summary: checks };
  const { meta, checks: page } = healthBoardPage(checks, parseBoardRequest(raw));
  return { runnerName: 'test', board: meta, checks_summary: page };
}

let answer: (url: string) => unknown = () => ({});
/** Resolves when the test lets the backend answer (a slow network), or at once. */
let held: Promise<void> = Promise.resolve();
const fetchMock = jest.fn(async (url: string) => {
  await held;
  return {
    ok: true,
    status: 200,
    headers: new Headers(),
    text: async () => JSON.stringify(answer(url)),
  } as Response;
});

beforeEach(() => {
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 1000 });
  window.history.replaceState(null, '', '/health');
});

/** What the server page does: parse the URL, prefetch the board's page with the request's backend, hand it over. */
async function renderHealth(checks: HealthCheck[], pages: boolean, search = '') {
  answer = (url) => backendAnswer(checks, pages, url);
  window.history.replaceState(null, '', `/health${search}`);
  const request = boardRequestOf(healthSearch.parse(new URLSearchParams(search)));
  const backend = jest.fn(
    async (endpoint: { path: string; schema: { safeParse: (v: unknown) => unknown } }) => {
      const parsed = endpoint.schema.safeParse(answer(endpoint.path)) as { data: unknown };
      return { data: parsed.data };
    },
  );
  const server = bindEndpointFetcher(createQueryClient(), backend as never);
  await server.prefetchQuery(healthQueries.board(PATH, request));
  const state = JSON.parse(JSON.stringify(dehydrate(server)));
  render(
    <PreferencesProvider initial={DEFAULT_PREFERENCES}>
      <QueryClientProvider client={createQueryClient()}>
        <HydrationBoundary state={state}>
          <HealthDashboard summaryPath={PATH} variant="console" canRunChecks={false} standalone={false} />
        </HydrationBoundary>
      </QueryClientProvider>
    </PreferencesProvider>,
  );
  return state as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 30)));
const table = () => screen.getByRole('table', { name: 'Health checks' });
const boardParam = () =>
  JSON.parse(
    new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://console.test').searchParams.get('board')!,
  ) as Record<string, unknown>;

describe('the health board', () => {
  it('with a backend that pages it: renders the handed-over page, asks for the next page and for each tab', async () => {
    await renderHealth(fleet(1200), true, '?hidePassing=false&groupBy=no-group');
    expect(within(table()).getByText('check 0000')).toBeInTheDocument();
    // The pager is a next/dynamic part: only a board of more than one page loads it.
    expect(await screen.findByText('1,200 checks')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();

    let answerNow = () => {};
    held = new Promise((resolve) => (answerNow = resolve));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(window.location.search).toContain('pageIndex=1');
    // While the page loads, the last one stays, dimmed, inert and said to be loading.
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(within(table()).getByText('check 0000')).toBeInTheDocument();
    expect(table().closest('[inert]')).not.toBeNull();
    answerNow();
    held = Promise.resolve();
    await waitFor(() => expect(within(table()).getByText('check 0500')).toBeInTheDocument());
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
    expect(boardParam()).toMatchObject({ page: 1, groupBy: 'no-group', hidePassing: false });

    // A tab is a new board request from its first page.
    fireEvent.click(screen.getByRole('tab', { name: /prod/ }));
    await waitFor(() => expect(screen.getByText('600 checks')).toBeInTheDocument());
    expect(window.location.search).not.toContain('pageIndex');
    expect(boardParam()).toMatchObject({ page: 0, tab: 'prod' });
    expect(within(table()).queryByText('check 0000')).not.toBeInTheDocument();
    expect(within(table()).getByText('check 0001')).toBeInTheDocument();
  });

  it('with a backend that does not page it: hands the checks over once and derives every filter in the browser', async () => {
    const state = await renderHealth(fleet(40), false, '?hidePassing=false&groupBy=no-group');
    // The HTML carries the checks a single time: as the whole summary, the board's entry empty.
    expect(state.queries.map((q) => q.queryKey[1])).toEqual(expect.arrayContaining(['summary', 'board']));
    expect(state.queries.find((q) => q.queryKey[1] === 'board')?.state.data).toEqual({ checks: [] });
    // The derived board's rules are a next/dynamic part, loaded only for such a backend.
    expect(await screen.findByRole('table', { name: 'Health checks' })).toBeInTheDocument();
    expect(within(table()).getByText('check 0039')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: /prod/ }));
    await waitFor(() => expect(within(table()).queryByText('check 0000')).not.toBeInTheDocument());
    expect(within(table()).getByText('check 0001')).toBeInTheDocument();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
