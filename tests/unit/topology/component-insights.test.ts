import { QueryClient } from '@tanstack/react-query';
import type { Endpoint } from '@/lib/backend/endpoint';
import { resourceNamesEndpoint } from '@/lib/backend/endpoints/resource-names';
import { componentInsightsEndpoint } from '@/lib/catalog/insights-endpoints';
import { bindEndpointFetcher } from '@/lib/queries/fetcher';
import { withConfigNames } from '@/lib/topology/insights';
import { topologyQueries } from '@/lib/topology/queries';

/** A component's Insights section (issue 37): rpc/lookup_analysis_by_component, names from config_names. */

describe("a component's insights", () => {
  it('reads the open insights from the rpc, newest first, with a total', () => {
    const e = componentInsightsEndpoint('c1');
    expect(e.path).toBe(
      '/db/rpc/lookup_analysis_by_component?id=c1&select=id,config_id,analysis_type,severity,first_observed&status=eq.open&order=first_observed.desc&limit=50',
    );
    expect(e.headers).toEqual({ prefer: 'count=exact' });
  });

  it('names configs from config_names, which keeps deleted items', () => {
    expect(resourceNamesEndpoint('configs', ['a', 'b']).path).toBe(
      '/db/config_names?select=id,name,type&id=in.(a,b)',
    );
  });

  it('puts each config name and type beside its insights, null when unknown', () => {
    const named = withConfigNames(
      [
        { id: 'i1', config_id: 'a' },
        { id: 'i2', config_id: 'x' },
        { id: 'i3', config_id: null },
      ],
      [{ id: 'a', name: 'web', type: 'Kubernetes::Pod' }],
    );
    expect(named.map((a) => [a.id, a.config_name, a.config_type])).toEqual([
      ['i1', 'web', 'Kubernetes::Pod'],
      ['i2', null, null],
      ['i3', null, null],
    ]);
  });

  it('asks for the names of the distinct configs once, and not at all without insights', async () => {
    const run = async (rows: { id: string; config_id: string }[]) => {
      const client = new QueryClient();
      const seen: string[] = [];
      bindEndpointFetcher(client, async <T>(endpoint: Endpoint<T>) => {
        seen.push(endpoint.path.split('?')[0]!);
        if (endpoint.path.includes('config_names'))
          return {
            data: [
              { id: 'b', name: 'db', type: 'T' },
              { id: 'a', name: 'web', type: 'T' },
            ] as T,
            total: undefined,
          };
        return { data: rows as T, total: 7 };
      });
      const result = await client.fetchQuery(topologyQueries.insights('c1'));
      return { seen, result };
    };
    const some = await run([
      { id: 'i1', config_id: 'b' },
      { id: 'i2', config_id: 'a' },
      { id: 'i3', config_id: 'b' },
    ]);
    expect(some.seen).toEqual(['/db/rpc/lookup_analysis_by_component', '/db/config_names']);
    expect(some.result.total).toBe(7);
    expect(some.result.data.map((a) => a.config_name)).toEqual(['db', 'web', 'db']);
    expect((await run([])).seen).toEqual(['/db/rpc/lookup_analysis_by_component']);
  });
});
