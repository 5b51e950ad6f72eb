import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'sonner';
import { SessionProvider, type ClientSession } from '@/components/shell/session-provider';
import { TeamMembers } from '@/components/access/team-members';
import type { Role } from '@/lib/auth/permissions';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';
import { clientSession } from '../../helpers/client-session';
import { jsonResponse } from '../../helpers/fetch-response';

jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

const TEAM = 'team-1';
const people = [
  { id: 'p1', name: 'Alice Adams', email: 'alice@example.com', avatar: null },
  { id: 'p2', name: 'Bob Brown', email: 'bob@example.com', avatar: null },
  { id: 'p3', name: 'Carol Clark', email: 'carol@example.com', avatar: null },
];

/** team_members of several teams, so that a delete without the team filter would show. */
let memberships: { team_id: string; person_id: string }[] = [];
let forbidden = false;
const requests: { method: string; url: URL; body?: unknown }[] = [];

const json = (status: number, body: unknown) =>
  jsonResponse(status, body, { 'content-type': 'application/json' });

const fetchMock = jest.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://console.test');
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  requests.push({ method, url, body });
  if (forbidden) return json(403, { message: 'permission denied' });
  if (url.pathname === '/api/db/team_members' && method === 'GET') {
    const team = url.searchParams.get('team_id')?.slice(3);
    return json(
      200,
      memberships
        .filter((m) => m.team_id === team)
        .map((m) => ({ ...m, person: people.find((p) => p.id === m.person_id) })),
    );
  }
  if (url.pathname === '/api/db/team_members' && method === 'POST') {
    memberships.push(...(body as typeof memberships));
    return json(201, body);
  }
  if (url.pathname === '/api/db/team_members' && method === 'DELETE') {
    const team = url.searchParams.get('team_id')?.slice(3);
    const person = url.searchParams.get('person_id')?.slice(3);
    memberships = memberships.filter(
      (m) => !((team === undefined || m.team_id === team) && m.person_id === person),
    );
    return json(200, []);
  }
  if (url.pathname === '/api/db/people') return json(200, people);
  return json(404, { message: 'unexpected' });
});

const session = (role: Role): ClientSession => clientSession(role);

function renderMembers(role: Role) {
  return render(
    <SessionProvider session={session(role)}>
      <QueryClientProvider client={createQueryClient()}>
        <TeamMembers teamId={TEAM} />
      </QueryClientProvider>
    </SessionProvider>,
  );
}

beforeEach(() => {
  memberships = [
    { team_id: TEAM, person_id: 'p1' },
    { team_id: TEAM, person_id: 'p2' },
    { team_id: 'team-2', person_id: 'p1' },
  ];
  forbidden = false;
  requests.length = 0;
  jest.mocked(toast.success).mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 1000 });
});

describe('team members', () => {
  it('lists the members with name and email, and removes one from this team only', async () => {
    const user = userEvent.setup();
    renderMembers('admin');
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(within(table).getByText('Alice Adams')).toBeInTheDocument();
    expect(within(table).getByText('bob@example.com')).toBeInTheDocument();
    const aliceRow = within(table).getByText('Alice Adams').closest('tr') as HTMLElement;
    await user.click(within(aliceRow).getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove member' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Alice Adams removed from team successfully', undefined),
    );
    const del = requests.find((r) => r.method === 'DELETE');
    expect(del?.url.searchParams.get('team_id')).toBe(`eq.${TEAM}`);
    expect(del?.url.searchParams.get('person_id')).toBe('eq.p1');
    // Still in the other team; gone from this one after the refetch.
    expect(memberships).toContainEqual({ team_id: 'team-2', person_id: 'p1' });
    await waitFor(() => expect(within(table).queryByText('Alice Adams')).not.toBeInTheDocument());
  });

  it('adds the chosen people in one request and names them in the toast', async () => {
    const user = userEvent.setup();
    renderMembers('admin');
    await screen.findByRole('table', { name: 'Team members' });
    await user.click(screen.getByRole('button', { name: 'Add users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add users' });
    // Members already in the team are not offered.
    await user.click(await within(dialog).findByRole('button', { name: /Users/ }));
    expect(screen.queryByRole('checkbox', { name: /Alice Adams/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Carol Clark/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Carol Clark added to the team successfully', undefined),
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual([{ team_id: TEAM, person_id: 'p3' }]);
    expect(await screen.findByText('Carol Clark')).toBeInTheDocument();
  });

  it('shows the empty text, and offers no writes to a role the backend refuses them', async () => {
    memberships = [];
    renderMembers('editor');
    expect(
      await screen.findByText("You haven't added any team members to the team yet."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add users' })).not.toBeInTheDocument();
  });

  it('shows Unauthorized when the backend refuses the read', async () => {
    forbidden = true;
    renderMembers('guest');
    expect(await screen.findByText(/not authorized|unauthorized/i)).toBeInTheDocument();
  });
});
