import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { IncidentTimeline } from '@/components/incidents/incident-timeline';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { shortenText, timelineQuote } from '@/lib/incidents/investigation';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/preferences';

/**
 * A comment on the timeline quotes its text (issue 37): short comments whole, long ones shortened with the whole
 * in the tooltip and behind "Show all"; the full comment comes from the embedded comment, not the cut description.
 */

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);

const LONG = `The checkout pods were OOM-killed after the deploy; ${'memory climbed steadily for an hour. '.repeat(6)}Rolled back at 12:40.`;
const me = { id: 'p-1', name: 'Ada Lovelace', avatar: null };
const history = [
  {
    id: 'h1',
    type: 'responder.commented',
    description: 'Customer impact confirmed.',
    created_at: '2026-11-25T10:00:00Z',
    created_by: me,
    hypothesis: { id: 'hy-1', title: 'Disk full' },
    comment: { id: 'c1', comment: 'Customer impact confirmed.' },
  },
  {
    id: 'h2',
    type: 'responder.commented',
    description: LONG.slice(0, 200),
    created_at: '2026-11-25T11:00:00Z',
    created_by: me,
    comment: { id: 'c2', comment: LONG },
  },
];
let requested = '';

beforeEach(() => {
  global.fetch = jest.fn(async (url: string) => {
    requested = url;
    return {
      ok: true,
      status: 200,
      headers: new Headers(),
      text: async () => JSON.stringify(history),
    } as Response;
  }) as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 5000 });
});

function renderTimeline() {
  render(
    <PreferencesProvider initial={DEFAULT_PREFERENCES}>
      <QueryClientProvider client={createQueryClient()}>
        <IncidentTimeline incidentId="i-1" />
      </QueryClientProvider>
    </PreferencesProvider>,
  );
}

describe('incident timeline comments', () => {
  it('quotes a short comment whole beside its hypothesis', async () => {
    renderTimeline();
    const list = await screen.findByRole('list', { name: 'Timeline' });
    const entry = within(list).getAllByRole('listitem')[1] as HTMLElement;
    expect(entry).toHaveTextContent('commented');
    expect(entry).toHaveTextContent('on "Disk full"');
    expect(within(entry).getByText('Customer impact confirmed.')).toBeInTheDocument();
    expect(within(entry).queryByRole('button', { name: 'Show all' })).not.toBeInTheDocument();
    expect(decodeURIComponent(requested)).toContain('comment:comments(id,comment)');
  });

  it('shortens a long comment, with the whole on hover and behind Show all', async () => {
    const user = userEvent.setup();
    renderTimeline();
    const list = await screen.findByRole('list', { name: 'Timeline' });
    const entry = within(list).getAllByRole('listitem')[0] as HTMLElement;
    const quote = within(entry).getByText(shortenText(LONG));
    expect(quote).toHaveAttribute('title', LONG);
    expect(entry).not.toHaveTextContent('Rolled back at 12:40.');
    await user.click(within(entry).getByRole('button', { name: 'Show all' }));
    expect(entry).toHaveTextContent('Rolled back at 12:40.');
    expect(within(entry).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('quotes only comments, falling back to the description', () => {
    expect(timelineQuote({ id: 'x', type: 'responder.commented', description: 'cut text' })).toBe('cut text');
    expect(timelineQuote({ id: 'x', type: 'hypothesis.created', description: 'Disk full' })).toBeNull();
    expect(shortenText('short')).toBe('short');
    expect(shortenText(LONG).endsWith('…')).toBe(true);
  });
});
