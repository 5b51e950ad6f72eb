import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PermissionsList } from '@/components/access/permissions-list';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import type { Endpoint } from '@/lib/backend/endpoint';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/constants';
import { bindEndpointFetcher } from '@/lib/queries/fetcher';

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

const AGENT = '0193a1b2-0000-7000-8000-000000000001';
const ROWS = [
  {
    id: 'a',
    action: 'read',
    object: 'catalog',
    subject: 'guest',
    subject_type: 'role',
    tags: { cluster: 'prod' },
    agents: [AGENT, 'edge-name'],
    description: 'tag scoped',
  },
  {
    id: 'b',
    action: 'playbook:run',
    team_id: 't1',
    team: { id: 't1', name: 'SRE' },
    check_id: 'chk',
    check_object: { id: 'chk', name: 'api-health' },
    object_selector: { playbooks: [{ name: 'restart-*' }] },
    description: 'on a check',
  },
];

function setup(answer: (endpoint: Endpoint<unknown>) => unknown) {
  const client = bindEndpointFetcher(
    new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    (async (endpoint: Endpoint<unknown>) => ({ data: answer(endpoint), total: undefined })) as never,
  );
  render(
    <QueryClientProvider client={client}>
      <PreferencesProvider initial={DEFAULT_PREFERENCES}>
        <PermissionsList />
      </PreferencesProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => window.history.replaceState(null, '', '/settings/permissions'));

describe('PermissionsList (spec 001 §3.6)', () => {
  it("shows a permission's tags and agents (by name when found), its check and its object selector", async () => {
    const paths: string[] = [];
    setup((e) => {
      paths.push(e.path);
      if (e.path.startsWith('/db/permissions_summary')) return ROWS;
      if (e.path.startsWith('/db/agents')) return [{ id: AGENT, name: 'eu-west' }];
      return [];
    });
    const table = await screen.findByRole('table', { name: 'Permissions' });
    for (const column of ['Subject', 'Resource', 'Tags', 'Agents', 'Action'])
      expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
    const tagged = within(table).getByRole('row', { name: /tag scoped/ });
    expect(within(tagged).getByRole('list', { name: 'Tags' })).toHaveTextContent('clusterprod');
    expect(await within(tagged).findByText('eu-west')).toBeInTheDocument();
    expect(within(tagged).getByText('edge-name')).toBeInTheDocument();
    // Only ids are looked up (a name in the list would fail the uuid column's filter).
    const agentLookup = paths.find((p) => p.startsWith('/db/agents'));
    expect(agentLookup).toContain(AGENT);
    expect(agentLookup).not.toContain('edge-name');

    const onCheck = within(table).getByRole('row', { name: /on a check/ });
    expect(onCheck).toHaveTextContent('Check: api-health');
    expect(within(onCheck).getByText('playbooks: name=restart-*')).toBeInTheDocument();
  });
});
