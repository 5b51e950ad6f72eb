import * as React from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { dehydrate, hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { ResourceList } from '@/components/resources/resource-list';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/constants';
import { resourceListParams, resourceTableKeys } from '@/lib/resources/queries';
import { resourceTableOf } from '@/lib/resources/resource-tables';

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);

const FETCHED_AT = Date.parse('2026-11-26T02:00:00Z');
const ROWS = [
  {
    id: 'c1',
    name: 'orders-api',
    schedule: '@every 1m',
    labels: {},
    source: 'UI',
    job_status: 'SUCCESS',
    job_details: null,
    last_runtime: '2026-11-26T01:59:40Z',
    created_by: null,
    created_at: '2026-11-26T01:30:00Z',
    updated_at: '2026-11-26T01:58:59Z',
  },
];

const tree = (client: QueryClient) => (
  <QueryClientProvider client={client}>
    <PreferencesProvider initial={DEFAULT_PREFERENCES}>
      <ResourceList table="canaries" canWrite={false} />
    </PreferencesProvider>
  </QueryClientProvider>
);

afterEach(() => jest.restoreAllMocks());

it('renders the same times on the server and in the hydrating browser, seconds later (no hydration mismatch, React #418)', async () => {
  window.history.replaceState(null, '', '/settings/canaries');
  const def = resourceTableOf('canaries');
  const server = new QueryClient();
  server.setQueryData(
    resourceTableKeys.list('canaries', resourceListParams(def, { sortBy: null, sortDesc: true })),
    ROWS,
    { updatedAt: FETCHED_AT },
  );
  const clock = jest.spyOn(Date, 'now').mockReturnValue(FETCHED_AT + 300);
  const html = renderToString(tree(server));
  expect(html).toContain('20s ago');

  // The browser hydrates 31 s later: a clock read during render would say '51s ago' and '1m ago' here.
  clock.mockReturnValue(FETCHED_AT + 31_000);
  // No refetch on mount: this test is about the first render.
  const browser = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  hydrate(browser, JSON.parse(JSON.stringify(dehydrate(server))));
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const onRecoverableError = jest.fn();
  await act(async () => {
    hydrateRoot(container, tree(browser), { onRecoverableError });
  });
  expect(onRecoverableError).not.toHaveBeenCalled();
  expect(container.textContent).toContain('20s ago');
  expect(container.textContent).toContain('1m ago');
});
