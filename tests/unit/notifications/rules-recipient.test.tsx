import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RulesList } from '@/components/notifications/rules-list';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { SessionProvider, type ClientSession } from '@/components/shell/session-provider';
import { NO_RECIPIENT, recipientLabel } from '@/lib/notifications/recipient';
import { ruleToValues, valuesToRuleWrite } from '@/lib/notifications/rule-form';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/preferences';
import { clientSession } from '../../helpers/client-session';
import { jsonResponse } from '../../helpers/fetch-response';

/**
 * A notification rule needs no recipient (issue 37, 000 §3): the list says "No recipient", and such a rule is edited
 * and saved with every recipient column written as null.
 */

jest.setTimeout(20_000);
jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

const rules = [
  {
    id: 'r-quiet',
    name: 'quiet-rule',
    events: ['check.failed'],
    person_id: null,
    team_id: null,
    playbook_id: null,
    custom_services: null,
    created_at: '2026-11-20T00:00:00Z',
  },
  {
    id: 'r-team',
    name: 'paging-rule',
    events: ['check.failed'],
    person_id: null,
    team_id: 't-1',
    team: { id: 't-1', name: 'Platform' },
    created_at: '2026-11-19T00:00:00Z',
  },
];
const writes: { method: string; body: Record<string, unknown> }[] = [];

const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
  const u = new URL(url, 'http://console.test');
  const method = init?.method ?? 'GET';
  const json = jsonResponse;
  if (method !== 'GET') {
    writes.push({ method, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    return json(204, null);
  }
  if (u.pathname === '/api/db/notifications_summary')
    return json(200, rules, { 'content-range': `0-${rules.length - 1}/${rules.length}` });
  return json(200, []);
});

let session = (): ClientSession => clientSession('admin');

beforeEach(() => {
  writes.length = 0;
  global.fetch = fetchMock as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 5000 });
  window.history.replaceState(null, '', '/notifications/rules');
});

/** The rules screen as an admin sees it, with the server's page size. */
function renderRules() {
  return render(
    <SessionProvider session={session()}>
      <PreferencesProvider initial={DEFAULT_PREFERENCES}>
        <QueryClientProvider client={createQueryClient()}>
          <RulesList serverPageSize={50} />
        </QueryClientProvider>
      </PreferencesProvider>
    </SessionProvider>,
  );
}

describe('a notification rule without a recipient', () => {
  it('reads "No recipient" in the list beside a rule with a team', async () => {
    renderRules();
    const table = await screen.findByRole('table', { name: 'Notification rules' });
    expect(within(table).getByRole('columnheader', { name: /Recipient/ })).toBeInTheDocument();
    const quiet = within(table).getByRole('row', { name: /quiet-rule/ });
    expect(within(quiet).getByRole('cell', { name: NO_RECIPIENT })).toBeInTheDocument();
    const paging = within(table).getByRole('row', { name: /paging-rule/ });
    expect(within(paging).getByRole('cell', { name: 'Platform' })).toBeInTheDocument();
  });

  it('is edited and saved with the recipients sent as null', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/notifications/rules?id=r-quiet');
    renderRules();
    const dialog = await screen.findByRole('dialog', { name: 'quiet-rule' }, { timeout: 10_000 });
    const name = await within(dialog).findByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'quiet-rule-2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toMatchObject({
      name: 'quiet-rule-2',
      person_id: null,
      team_id: null,
      playbook_id: null,
      custom_services: null,
    });
  });

  it('shows a person who may read rules but not change them the rule, disabled, without Save or Delete', async () => {
    // A viewer granted the rules' read (the backend's answer allows it) but no write: what the text promises shows.
    session = () => clientSession('viewer');
    window.history.replaceState(null, '', '/notifications/rules?id=r-team');
    try {
      renderRules();
      const dialog = await screen.findByRole('dialog', { name: 'paging-rule' }, { timeout: 10_000 });
      expect(
        within(dialog).getByText('You may view notification rules but not change them.'),
      ).toBeInTheDocument();
      const name = await within(dialog).findByRole('textbox', { name: /Name/ });
      expect(name).toHaveValue('paging-rule');
      expect(name).toBeDisabled();
      expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
      expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    } finally {
      session = () => clientSession('admin');
    }
  });

  it('writes nulls for an empty recipient of any kind, and labels every kind', () => {
    for (const recipientKind of ['person', 'team', 'connection', 'playbook'] as const) {
      const body = valuesToRuleWrite({ ...ruleToValues(null), name: 'n', recipientKind, recipient: '' });
      expect([body.person_id, body.team_id, body.playbook_id, body.custom_services]).toEqual([
        null,
        null,
        null,
        null,
      ]);
    }
    expect(recipientLabel({ id: 'x' })).toBe(NO_RECIPIENT);
    expect(recipientLabel({ id: 'x', playbook_id: 'p' })).toBe('Playbook');
    expect(recipientLabel({ id: 'x', custom_services: [{ connection: 'connection://default/slack' }] })).toBe(
      'default/slack',
    );
  });
});
