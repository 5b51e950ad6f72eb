/** @jest-environment node */
import { checkBackendHealth } from '@/lib/backend/health';
import { generateAgentEndpoint } from '@/lib/access/agents-endpoints';
import {
  catalogChangesEndpoint,
  catalogSummaryEndpoint,
  resourceSearchEndpoint,
} from '@/lib/catalog/endpoints';
import { testConnectionEndpoint } from '@/lib/connections/endpoints';
import { logSearchEndpoint } from '@/lib/logs/endpoints';
import { createSilenceEndpoint } from '@/lib/notifications/endpoints';
import {
  deletePersonEndpoint,
  inviteUserEndpoint,
  updatePersonEndpoint,
} from '@/lib/access/people-endpoints';
import {
  approvePlaybookRunEndpoint,
  cancelPlaybookRunEndpoint,
  playbookListEndpoint,
  playbookParamsEndpoint,
  runPlaybookEndpoint,
} from '@/lib/playbooks/endpoints';
import { apiGateFor } from '@/lib/backend/api-gates';
import type { Transport } from '@/lib/backend/transport';

describe('native endpoints', () => {
  it.each([
    [catalogSummaryEndpoint({ groupBy: ['type'] }), 'POST', '/catalog/summary', 'read', 'database'],
    [catalogChangesEndpoint({ page: 1 }), 'POST', '/catalog/changes', 'read', 'database'],
    [resourceSearchEndpoint('api', ['configs']), 'POST', '/resources/search', 'read', 'database'],
    [playbookListEndpoint({ check_id: 'c 1' }), 'GET', '/playbook/list?check_id=c%201', 'read', 'playbooks'],
    [playbookParamsEndpoint('p1', { config_id: 'x' }), 'POST', '/playbook/p1/params', 'write', 'playbooks'],
    [runPlaybookEndpoint({ id: 'p1', params: {} }), 'POST', '/playbook/run', 'write', 'playbook_runs'],
    [approvePlaybookRunEndpoint('r1'), 'POST', '/playbook/run/approve/r1', 'write', 'playbook_runs'],
    [cancelPlaybookRunEndpoint('r1'), 'POST', '/playbook/run/cancel/r1', 'write', 'playbook_runs'],
    [
      createSilenceEndpoint({ name: 'n', check_id: 'c' }),
      'POST',
      '/notification/silence',
      'write',
      'notifications',
    ],
    [
      inviteUserEndpoint({ firstName: 'a', lastName: 'b', email: 'e', role: 'viewer' }),
      'POST',
      '/auth/invite_user',
      'write',
      'identities',
    ],
    [updatePersonEndpoint({ id: 'p' }), 'POST', '/people/update', 'write', 'identities'],
    [deletePersonEndpoint('p/1'), 'DELETE', '/people/p%2F1', 'write', 'identities'],
    [generateAgentEndpoint({ name: 'a' }), 'POST', '/agent/generate', 'write', 'agents'],
    [testConnectionEndpoint('c1'), 'POST', '/connection/test/c1', 'write', 'connections'],
    [logSearchEndpoint({ id: 'c1' }), 'POST', '/logs', 'read', 'database'],
  ] as const)('%#: %s %s', (endpoint, method, path, action, area) => {
    expect(endpoint.method ?? 'GET').toBe(method);
    expect(endpoint.path).toBe(path);
    // The proxy gate every browser call of this endpoint meets.
    expect(apiGateFor(path.split('?')[0] ?? path, method)).toEqual({ action, target: area });
  });

  it('sends the bodies the backend expects', () => {
    expect(resourceSearchEndpoint('api', ['configs', 'checks'], 5).body).toEqual({
      limit: 5,
      configs: [{ agent: 'all', search: 'api' }],
      checks: [{ agent: 'all', search: 'api' }],
    });
    expect(logSearchEndpoint({ id: 'c1' }).body).toEqual({ id: 'c1', name: '' });
    expect(playbookParamsEndpoint('p1', { check_id: 'c' }).body).toEqual({ id: 'p1', check_id: 'c' });
  });
});

describe('checkBackendHealth', () => {
  it.each([
    [200, true],
    [404, true],
    [500, false],
    [503, false],
  ])('HTTP %i → %s', async (status, healthy) => {
    const transport: Transport = async () => new Response('{}', { status });
    expect(await checkBackendHealth(transport)).toBe(healthy);
  });

  it('is false when the backend is unreachable or slow', async () => {
    expect(await checkBackendHealth(() => Promise.reject(new Error('ECONNREFUSED')))).toBe(false);
    const slow: Transport = (_p, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    expect(await checkBackendHealth(slow, 50)).toBe(false);
    expect(await checkBackendHealth(() => new Promise<Response>(() => undefined), 50)).toBe(false);
  });
});
