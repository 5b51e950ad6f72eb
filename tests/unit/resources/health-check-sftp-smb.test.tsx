import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { EditorView } from '@codemirror/view';
import { parse } from 'yaml';
import { ResourceEditor } from '@/components/resources/resource-editor';
import { SessionProvider, type ClientSession } from '@/components/shell/session-provider';
import type { Endpoint } from '@/lib/backend/endpoint';
import { validateSpec } from '@/lib/embedded-backend/schemas';
import { bindEndpointFetcher } from '@/lib/queries/fetcher';
import { HEALTH_CHECK_TYPES } from '@/lib/resources/health-check-types';
import { detectSpecType } from '@/lib/resources/spec-mapping';
import { clientSession } from '../../helpers/client-session';
import { stubTextRangeLayout } from '../../helpers/codemirror-layout';

/**
 * 001 §3.6 "Other types (DNS, S3, SFTP, SMB, Kubernetes and others) are code-only" (issue 37): SFTP and SMB are
 * offered beside the other code-only types, start from a template the canary schema accepts (folder checks with an
 * sftpConnection or smbConnection), and a stored spec of either opens as that type, not as Folder.
 */

jest.setTimeout(30_000);
jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

beforeAll(stubTextRangeLayout);

const session: ClientSession = clientSession('editor', { user: { id: 'person-1', name: 'Editor' } });

function setup() {
  const client = bindEndpointFetcher(
    new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    (async (endpoint: Endpoint<unknown>) => {
      if (endpoint.path.startsWith('/schemas/')) return { data: { type: 'object' }, total: undefined };
      return { data: [], total: undefined };
    }) as never,
  );
  render(
    <QueryClientProvider client={client}>
      <SessionProvider session={session}>
        <ResourceEditor table="canaries" />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('SFTP and SMB health checks', () => {
  it.each([
    ['SFTP', 'sftpConnection', 'sftp://'],
    ['SMB', 'smbConnection', 'smb://'],
  ])('the picker offers %s as code-only, starting from its template', async (label, key, scheme) => {
    const user = setup();
    const grid = screen.getByRole('list', { name: 'Health Check types' });
    await user.click(within(grid).getByRole('button', { name: label }));
    expect(screen.getByRole('heading', { name: `Add Health Check: ${label}` })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Form' })).not.toBeInTheDocument();
    const view = EditorView.findFromDOM(await screen.findByRole('textbox', { name: 'Spec' }))!;
    const spec = parse(view.state.doc.toString()) as { folder: Record<string, unknown>[] };
    expect(spec.folder[0]).toHaveProperty(key);
    expect(String(spec.folder[0]?.path)).toMatch(new RegExp(`^${scheme}`));
  });

  it('templates pass the canary schema and are detected as their type; a plain folder check stays Folder', () => {
    for (const name of ['sftp', 'smb']) {
      const def = HEALTH_CHECK_TYPES.find((t) => t.name === name);
      expect(def?.mode).toBe('code');
      expect(validateSpec('canaries', def?.template)).toEqual([]);
      expect(detectSpecType(HEALTH_CHECK_TYPES, def?.template)?.name).toBe(name);
    }
    expect(detectSpecType(HEALTH_CHECK_TYPES, { folder: [{ name: 'b', path: '/backups' }] })?.name).toBe(
      'folder',
    );
  });
});
