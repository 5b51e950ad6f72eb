import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ChangesList } from '@/components/catalog/changes-list';
import { ConfigTabs } from '@/components/catalog/config-tabs';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/preferences';
import { jsonResponse } from '../../helpers/fetch-response';

/**
 * Issue 37: the item page's Changes badge said 7 over an empty list. The badge is the total of the list's own query
 * (same body, one request), nothing until it is known, and never the detail summary's all-time count.
 */

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
jest.setTimeout(20_000);

type Change = { id: string; config_id: string; name: string; change_type: string; created_at: string };
let answer: { changes: Change[]; total: number };
let changeRequests: Record<string, unknown>[];
/** Holds the change feed's answer until released (to see the badge before the total is known). */
let release: () => void;

beforeEach(() => {
  changeRequests = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  release = open;
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const isChanges = url.includes('/catalog/changes');
    if (isChanges) {
      changeRequests.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      await gate;
    }
    const body = isChanges ? answer : [];
    return jsonResponse(200, body);
  }) as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 5000 });
});

function renderItem(path: string, withList: boolean) {
  window.history.replaceState(null, '', path);
  render(
    <PreferencesProvider initial={DEFAULT_PREFERENCES}>
      <QueryClientProvider client={createQueryClient()}>
        <ConfigTabs id="c1" summary={{ changes: 7, analysis: 2 }} serverPageSize={50} />
        {withList && <ChangesList serverPageSize={50} configId="c1" />}
      </QueryClientProvider>
    </PreferencesProvider>,
  );
}

const tabs = () => screen.getByRole('navigation', { name: 'Config item tabs' });
const changesTab = () => within(tabs()).getByRole('link', { name: /^Changes/ });

describe('the Changes tab badge', () => {
  it('says nothing over an empty list, whatever the summary counted, and asks the backend once', async () => {
    answer = { changes: [], total: 0 };
    renderItem('/catalog/c1/changes', true);
    // Until the total is known: no number at all.
    expect(changesTab()).toHaveAccessibleName('Changes');
    release();
    expect(await screen.findByText('No changes found')).toBeInTheDocument();
    expect(changesTab()).toHaveAccessibleName('Changes');
    expect(screen.queryByText('7')).not.toBeInTheDocument();
    // The other tabs keep the summary's counts.
    expect(within(tabs()).getByRole('link', { name: 'Insights 2' })).toBeInTheDocument();
    // The badge and the list share the one query.
    await waitFor(() => expect(changeRequests).toHaveLength(1));
  });

  it('shows the total of the list it sits over', async () => {
    answer = {
      changes: ['a', 'b', 'c'].map((id) => ({
        id,
        config_id: 'c1',
        name: `deploy-${id}`,
        change_type: 'diff',
        created_at: '2026-12-01T10:00:00Z',
      })),
      total: 3,
    };
    renderItem('/catalog/c1/changes?severity=high', true);
    release();
    expect(await screen.findByText('deploy-a')).toBeInTheDocument();
    await waitFor(() => expect(changesTab()).toHaveAccessibleName('Changes 3'));
    expect(changeRequests).toHaveLength(1);
    expect(changeRequests[0]).toMatchObject({ id: 'c1', severity: 'high', recursive: 'downstream' });
  });

  it("on another tab counts with the list's defaults, not that tab's parameters", async () => {
    answer = { changes: [], total: 4 };
    renderItem('/catalog/c1/insights?severity=high', false);
    release();
    await waitFor(() => expect(changesTab()).toHaveAccessibleName('Changes 4'));
    expect(changeRequests[0]).toMatchObject({ id: 'c1', recursive: 'downstream', page: 1, page_size: 50 });
    expect(changeRequests[0]).not.toHaveProperty('severity');
  });
});
