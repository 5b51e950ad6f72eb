import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { EvidenceItem } from '@/components/incidents/evidence-item';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/preferences';
import { jsonResponse } from '../../helpers/fetch-response';

/** Config change evidence opens the catalog's change dialog with the change's diff (issue 17 with issue 16's dialog). */

jest.setTimeout(20_000);
jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);

const urls: string[] = [];
beforeEach(() => {
  urls.length = 0;
  global.fetch = jest.fn(async (url: string) => {
    urls.push(url);
    const body = url.includes('/db/config_changes')
      ? [
          {
            id: 'ch-1',
            config_id: 'cfg-1',
            change_type: 'diff',
            summary: 'replicas 2 → 3',
            created_at: '2026-11-25T10:00:00Z',
            diff: '--- a\n+++ b\n-replicas: 2\n+replicas: 3\n',
          },
        ]
      : [];
    return jsonResponse(200, body);
  }) as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 5000 });
});

it('shows the change type and summary, and its diff in the dialog on demand', async () => {
  const user = userEvent.setup();
  render(
    <PreferencesProvider initial={DEFAULT_PREFERENCES}>
      <QueryClientProvider client={createQueryClient()}>
        <ul>
          <EvidenceItem
            incidentId="i-1"
            canWrite={false}
            evidence={{
              id: 'e-1',
              hypothesis_id: 'h-1',
              type: 'config_change',
              description: 'the scale-up',
              config_change_id: 'ch-1',
              config_change: { id: 'ch-1', change_type: 'diff', summary: 'replicas 2 → 3' },
            }}
          />
        </ul>
      </QueryClientProvider>
    </PreferencesProvider>,
  );
  expect(screen.getByText('replicas 2 → 3')).toBeInTheDocument();
  expect(urls).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Show diff' }));
  const dialog = await screen.findByRole('dialog');
  const diff = await within(dialog).findByRole('region', { name: 'Diff' });
  expect(diff).toHaveTextContent('replicas: 3');
  expect(urls.some((u) => u.includes('/db/config_changes') && u.includes('ch-1'))).toBe(true);
});
