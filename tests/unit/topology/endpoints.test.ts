import {
  componentConfigsEndpoint,
  configSearchEndpoint,
  linkConfigEndpoint,
  unlinkConfigEndpoint,
} from '@/lib/catalog/endpoints';
import { backendSortBy, topologyTreeEndpoint } from '@/lib/topology/endpoints';
import { snapshotPath } from '@/lib/topology/paths';

describe('topology endpoints', () => {
  it('sends only chosen filters, flatten with a type and hidden=false when hidden components are off', () => {
    expect(topologyTreeEndpoint({}).path).toBe('/canary/api/topology');
    expect(topologyTreeEndpoint({ showHidden: true, sortBy: 'status', sortOrder: 'desc' }).path).toBe(
      '/canary/api/topology?sortBy=status&sortOrder=desc',
    );
    expect(
      topologyTreeEndpoint({
        type: 'Pod',
        status: 'unhealthy',
        team: 'SRE',
        labels: 'tier=data',
        agentId: 'a1',
        showHidden: false,
      }).path,
    ).toBe(
      '/canary/api/topology?status=unhealthy&type=Pod&team=SRE&labels=tier%3Ddata&flatten=true&hidden=false&agent_id=a1',
    );
  });

  it('leaves sorts the backend does not know to the console', () => {
    expect(topologyTreeEndpoint({ sortBy: 'type', sortOrder: 'asc' }).path).toBe('/canary/api/topology');
    expect(topologyTreeEndpoint({ sortBy: 'field:cpu', sortOrder: 'asc' }).path).toBe(
      '/canary/api/topology?sortBy=field:cpu&sortOrder=asc',
    );
  });

  it('links and unlinks configs by hand with selector_id manual', () => {
    expect(linkConfigEndpoint('c1', 'k1')).toMatchObject({
      method: 'POST',
      path: '/db/config_component_relationships',
      body: { component_id: 'c1', config_id: 'k1', selector_id: 'manual' },
    });
    expect(unlinkConfigEndpoint('c1', 'k1')).toMatchObject({
      method: 'DELETE',
      path: '/db/config_component_relationships?component_id=eq.c1&config_id=eq.k1&selector_id=eq.manual',
    });
    expect(componentConfigsEndpoint('c1').path).toBe(
      '/db/config_component_relationships?component_id=eq.c1&deleted_at=is.null&select=*,configs!config_component_relationships_config_id_fkey(id,type,name,config_class,deleted_at)',
    );
  });

  it('searches configs by name with PostgREST syntax characters removed', () => {
    expect(configSearchEndpoint('  ').path).toBe(
      '/db/configs?select=id,name,config_class,type&deleted_at=is.null&order=name.asc&limit=20',
    );
    expect(configSearchEndpoint('a,b(*)').path).toContain('&name=ilike.*a%20b*');
  });

  it('forwards to the backend only the sort keys it understands', () => {
    expect(backendSortBy('status')).toBe('status');
    expect(backendSortBy('name')).toBe('name');
    expect(backendSortBy('field:cpu')).toBe('field:cpu');
    expect(backendSortBy('type')).toBeUndefined();
    expect(backendSortBy('updated_at')).toBeUndefined();
  });

  it('builds the snapshot download path', () => {
    expect(snapshotPath('c 1')).toBe('/snapshot/topology/c%201?start=15m&related=true');
  });
});
