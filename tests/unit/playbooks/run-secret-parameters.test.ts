import { dehydrate } from '@tanstack/react-query';
import { redactSecretParameters, withoutSecretParameters } from '@/lib/playbooks/parameter-kinds';
import { playbookRunQueries } from '@/lib/playbooks/run-queries';
import { bindEndpointFetcher } from '@/lib/queries/fetcher';
import { createQueryClient } from '@/lib/queries/query-client';

/**
 * Issue 31 item 3, the console's half: whatever the backend sends, the run the cache keeps (and so the server HTML
 * of the run page, which carries the prefetched cache) has its password parameters masked and no `request` copy;
 * a re-run never prefills a secret (it would send the mask as the password).
 */

const SECRET = 'console-side-secret-19af';
const spec = {
  parameters: [
    { name: 'token', label: 'Token', type: 'text', properties: { format: 'password' } },
    { name: 'legacy', label: 'Legacy', type: 'secret' },
    { name: 'note', label: 'Note', type: 'text' },
  ],
};

describe('secret parameters of a playbook run in the console', () => {
  it('keeps only the mask in the prefetched run, whatever the backend sent', async () => {
    // A backend that does not store secrets write-only (a remote one, or an older embedded database).
    const backend = jest.fn(async () => ({
      data: [
        {
          id: 'run-1',
          status: 'completed',
          spec,
          parameters: { token: SECRET, legacy: `${SECRET}-legacy`, note: 'visible', unset: null },
          request: { source: 'api', params: { token: SECRET } },
        },
      ],
      total: undefined,
    }));
    const server = bindEndpointFetcher(createQueryClient(), backend as never);
    await server.prefetchQuery(playbookRunQueries.run('run-1'));
    const handedOver = JSON.stringify(dehydrate(server));
    expect(handedOver).not.toContain(SECRET);
    const [run] = server.getQueryData(playbookRunQueries.run('run-1').queryKey) ?? [];
    expect(run?.parameters).toEqual({ token: '********', legacy: '********', note: 'visible', unset: null });
    expect(run).not.toHaveProperty('request');
  });

  it('masks by the run’s own spec and leaves secrets out of a re-run’s prefill', () => {
    expect(redactSecretParameters({ token: 'x', note: 'y' }, spec.parameters, '********')).toEqual({
      token: '********',
      note: 'y',
    });
    expect(redactSecretParameters({ token: 'x' }, undefined, '********')).toEqual({ token: 'x' });
    expect(
      withoutSecretParameters({ token: '********', legacy: '********', note: 'y' }, spec.parameters),
    ).toEqual({ note: 'y' });
    expect(withoutSecretParameters(null, spec.parameters)).toBeNull();
  });
});
