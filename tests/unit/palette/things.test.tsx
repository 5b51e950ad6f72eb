import * as React from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { usePaletteSearch } from '@/components/palette/use-palette-search';
import { SessionProvider } from '@/components/shell/session-provider';
import { ROLES, type Role } from '@/lib/auth/permissions';
import { adminThingSearches, thingsOfConnections, thingsOfPeople, thingsOfTeams } from '@/lib/palette/things';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';
import { clientSession } from '@/tests/helpers/client-session';
import { jsonResponse } from '../../helpers/fetch-response';

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);

describe('admin Things', () => {
  it('are searched for admins only', () => {
    for (const role of ROLES) {
      const expected = role === 'admin';
      expect(adminThingSearches(clientSession(role))).toEqual({
        people: expected,
        teams: expected,
        connections: expected,
      });
    }
  });

  it('leave out people in hosted mode and teams whose page a feature flag hides', () => {
    expect(adminThingSearches({ ...clientSession('admin'), mode: 'clerk' }).people).toBe(false);
    const noTeams = clientSession('admin', { features: { 'settings.teams.disable': 'true' } });
    expect(adminThingSearches(noTeams)).toEqual({ people: true, teams: false, connections: true });
  });

  it('each have a kind, a context line and their page', () => {
    expect(thingsOfPeople([{ id: 'p 1', name: 'Ada Lovelace', email: 'ada@example.com' }])[0]).toMatchObject({
      kind: 'Person',
      title: 'Ada Lovelace',
      context: 'ada@example.com',
      // That person's dialog on the users page, not the bare list.
      href: '/settings/users?id=p%201',
    });
    expect(thingsOfTeams([{ id: 't 1', name: 'Payments', source: 'UI' }])[0]).toMatchObject({
      kind: 'Team',
      context: 'Source: UI',
      href: '/settings/teams/t%201',
    });
    const [connection] = thingsOfConnections([
      { id: 'c1', name: 'Alerts', type: 'slack', url: 'https://user:secret@hooks.example.com/x' },
    ]);
    expect(connection).toMatchObject({
      kind: 'Connection',
      context: 'slack · hooks.example.com',
      href: '/settings/connections?id=c1',
    });
    expect(JSON.stringify(connection)).not.toContain('secret');
  });
});

describe('usePaletteSearch for admin kinds', () => {
  let paths: string[];
  beforeEach(() => {
    paths = [];
    global.fetch = jest.fn(async (url: string) => {
      paths.push(decodeURIComponent(url));
      if (url.includes('/teams?')) return jsonResponse(200, [{ id: 't1', name: 'Payments', source: 'UI' }]);
      if (url.includes('/connections?'))
        return jsonResponse(200, [{ id: 'c1', name: 'Payments webhook', type: 'http', url: null }], {
          'content-range': '0-0/1',
        });
      if (url.includes('/people?')) return jsonResponse(200, [{ id: 'p1', name: 'Pay Master', email: null }]);
      return jsonResponse(200, []);
    }) as unknown as typeof fetch;
    configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 5000 });
  });

  function Results({ query }: { query: string }) {
    const { things } = usePaletteSearch(query);
    return (
      <ul aria-label="Things">
        {things.map((t) => (
          <li key={`${t.kind}:${t.id}`}>{`${t.kind}: ${t.title}`}</li>
        ))}
      </ul>
    );
  }

  const renderFor = (role: Role, query = 'pay') =>
    render(
      <SessionProvider session={clientSession(role)}>
        <QueryClientProvider client={createQueryClient()}>
          <Results query={query} />
        </QueryClientProvider>
      </SessionProvider>,
    );

  it('asks for the lists it ranks as the palette opens, and for the searches by name only once typed', async () => {
    renderFor('admin', '');
    await waitFor(() => expect(paths.some((p) => p.includes('/people?'))).toBe(true));
    await waitFor(() => expect(paths.some((p) => p.includes('/playbooks?'))).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(paths.filter((p) => /\/(teams|connections|incidents)\?|resources\/search/.test(p))).toEqual([]);
  });

  it('finds people, teams and connections for an admin, by name', async () => {
    renderFor('admin');
    expect(await screen.findByText('Team: Payments')).toBeInTheDocument();
    expect(await screen.findByText('Connection: Payments webhook')).toBeInTheDocument();
    expect(await screen.findByText('Person: Pay Master')).toBeInTheDocument();
    expect(paths.some((p) => p.includes('/teams?') && p.includes('name=ilike.*pay*'))).toBe(true);
  });

  it('never asks for them for anyone else', async () => {
    renderFor('editor');
    await waitFor(() => expect(paths.length).toBeGreaterThan(0));
    // Past the debounce and the answers: still nothing asked of the admin kinds.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(paths.filter((p) => /\/(teams|connections|people)\?/.test(p))).toEqual([]);
  });
});
