import * as React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { UsersList } from '@/components/access/users-list';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { SessionProvider } from '@/components/shell/session-provider';
import { userHref } from '@/lib/access';
import type { Role } from '@/lib/auth/permissions';
import type { Endpoint } from '@/lib/backend/endpoint';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/constants';
import { bindEndpointFetcher } from '@/lib/queries/fetcher';
import { clientSession } from '@/tests/helpers/client-session';

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

const PEOPLE = [
  { id: 'p1', name: 'Ada Lovelace', email: 'ada@example.com', roles: ['admin'] },
  { id: 'p 2', name: 'Grace Hopper', email: 'grace@example.com', roles: ['editor'] },
];

function setup(role: Role = 'admin') {
  const client = bindEndpointFetcher(
    new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    (async (endpoint: Endpoint<unknown>) => ({
      data: endpoint.path.startsWith('/db/people_roles') ? PEOPLE : [],
      total: undefined,
    })) as never,
  );
  render(
    <SessionProvider session={clientSession(role)}>
      <QueryClientProvider client={client}>
        <PreferencesProvider initial={DEFAULT_PREFERENCES}>
          <UsersList />
        </PreferencesProvider>
      </QueryClientProvider>
    </SessionProvider>,
  );
  return userEvent.setup();
}

describe('UsersList: one person by address (userHref)', () => {
  it("opens that person's dialog from ?id=, and the Edit button writes the address", async () => {
    window.history.replaceState(null, '', userHref('p 2'));
    const user = setup();
    expect(await screen.findByRole('dialog', { name: 'Edit Grace Hopper' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.search).toBe('');

    await user.click(screen.getByRole('button', { name: 'Edit Ada Lovelace' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Ada Lovelace' })).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe(userHref('p1'));
  });

  it('opens no dialog for an unknown person', async () => {
    window.history.replaceState(null, '', userHref('nobody'));
    setup();
    expect(await screen.findByRole('row', { name: /Ada Lovelace/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a reader the list without the dialog', async () => {
    window.history.replaceState(null, '', userHref('p1'));
    setup('viewer');
    expect(await screen.findByRole('row', { name: /Ada Lovelace/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('UsersList: the sort is in the address', () => {
  const names = () =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent);

  it("reads the address's sort, and a clicked header writes its own", async () => {
    window.history.replaceState(null, '', '/settings/users?sortBy=email&sortDesc=true');
    const user = setup();
    await screen.findByRole('row', { name: /Ada Lovelace/ });
    expect(names()).toEqual(['Grace Hopper', 'Ada Lovelace']);

    // By name, ascending, is the default: it leaves the address.
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(names()).toEqual(['Ada Lovelace', 'Grace Hopper']));
    expect(window.location.search).toBe('');
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(names()).toEqual(['Grace Hopper', 'Ada Lovelace']));
    expect(window.location.search).toBe('?sortDesc=true');
  });
});
