import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { IncidentPage } from '@/components/incidents/incident-page';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { canPostComments, computeGrants, type Role } from '@/lib/auth/permissions';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/preferences';
import { jsonResponse } from '../../helpers/fetch-response';

/**
 * Comments on a hypothesis (upstream's per-hypothesis thread): they show under their hypothesis, not with the
 * incident's own; a role that may post comments there with the hypothesis's id and deletes only its own; a role
 * that may not reads them without a box or a delete.
 */

jest.setTimeout(20_000);
jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

const ME = 'p-me';
const comment = (id: string, text: string, hypothesis_id: string | null, by: string, at: string) => ({
  id,
  comment: text,
  hypothesis_id,
  created_at: at,
  created_by: { id: by, name: by === ME ? 'Me Myself' : 'Other Person', avatar: null },
});

let comments: ReturnType<typeof comment>[] = [];
const posts: { url: string; body: Record<string, unknown> }[] = [];

const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
  const u = new URL(url, 'http://console.test');
  const method = init?.method ?? 'GET';
  const json = (status: number, body: unknown) => jsonResponse(status, body);
  if (method === 'POST' && u.pathname === '/api/db/comments') {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    posts.push({ url, body });
    comments.push(
      comment(
        `c${comments.length + 1}`,
        String(body.comment),
        (body.hypothesis_id as string) ?? null,
        ME,
        '2026-11-26T05:00:00Z',
      ),
    );
    return json(201, null);
  }
  if (method === 'GET' && u.pathname === '/api/db/incidents')
    return json(200, [
      {
        id: 'i-1',
        incident_id: 'INC-1',
        title: 'Checkout down',
        severity: 'high',
        status: 'open',
        type: 'availability',
        hypotheses: [
          {
            id: 'h-root',
            incident_id: 'i-1',
            parent_id: null,
            type: 'root',
            title: 'Checkout down',
            status: 'possible',
          },
          {
            id: 'h-db',
            incident_id: 'i-1',
            parent_id: 'h-root',
            type: 'factor',
            title: 'Disk full',
            status: 'likely',
          },
        ],
        comments,
      },
    ]);
  return json(200, []);
});

function renderPage(role: Role) {
  render(
    <PreferencesProvider initial={DEFAULT_PREFERENCES}>
      <QueryClientProvider client={createQueryClient()}>
        <IncidentPage
          incidentId="i-1"
          canWrite={role !== 'viewer'}
          canComment={canPostComments([role], computeGrants([role]))}
          personId={ME}
        />
      </QueryClientProvider>
    </PreferencesProvider>,
  );
}

beforeEach(() => {
  comments = [
    comment('c-inc', 'Customer impact confirmed.', null, 'p-other', '2026-11-25T10:00:00Z'),
    comment('c-mine', 'Rolled back the **deploy**.', 'h-root', ME, '2026-11-25T11:00:00Z'),
    comment('c-theirs', 'Dashboards attached.', 'h-root', 'p-other', '2026-11-25T12:00:00Z'),
  ];
  posts.length = 0;
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 5000 });
});

describe('comments on a hypothesis', () => {
  it('only roles that write comments may post: admin, commander and responder', () => {
    const may = (role: Role) => canPostComments([role], computeGrants([role]));
    expect((['admin', 'commander', 'responder'] as Role[]).every(may)).toBe(true);
    expect((['editor', 'viewer', 'guest'] as Role[]).some(may)).toBe(false);
  });

  it('lists them under their hypothesis; a commander posts one there and deletes only their own', async () => {
    const user = userEvent.setup();
    renderPage('commander');
    const thread = await screen.findByRole('list', { name: 'Comments on Checkout down' });
    expect(within(thread).getAllByRole('listitem')).toHaveLength(2);
    expect(within(thread).getByText('deploy').tagName).toBe('STRONG');
    // The incident's own comments hold only the one without a hypothesis.
    const own = screen.getByRole('list', { name: 'Comments' });
    expect(within(own).getByText('Customer impact confirmed.')).toBeInTheDocument();
    expect(within(own).queryByText('Dashboards attached.')).toBeNull();
    // Delete only on one's own comment.
    expect(within(thread).getAllByRole('button', { name: 'Delete comment' })).toHaveLength(1);

    // The factor's thread is closed while empty; opening it offers the box.
    const toggle = screen.getByRole('button', { name: 'Comments on Disk full (0)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    await user.type(screen.getByRole('textbox', { name: 'New comment on Disk full' }), 'Volume at 100 %');
    const form = screen
      .getByRole('textbox', { name: 'New comment on Disk full' })
      .closest('form') as HTMLElement;
    await user.click(within(form).getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toEqual({
      incident_id: 'i-1',
      hypothesis_id: 'h-db',
      created_by: ME,
      comment: 'Volume at 100 %',
    });
    // The page refetches: the new comment shows under the factor, and the box is empty again.
    const factorThread = await screen.findByRole('list', { name: 'Comments on Disk full' });
    expect(within(factorThread).getByText('Volume at 100 %')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New comment on Disk full' })).toHaveValue('');
  });

  it('a viewer reads them with no box and no delete', async () => {
    renderPage('viewer');
    const thread = await screen.findByRole('list', { name: 'Comments on Checkout down' });
    expect(within(thread).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('textbox', { name: /New comment/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Comment' })).toBeNull();
  });
});
