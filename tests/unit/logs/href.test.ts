import { componentLogsHref } from '@/lib/logs';
import { logsSearch } from '@/lib/logs/search';

describe('componentLogsHref', () => {
  it('encodes the component id, and the logs contract reads it back', () => {
    expect(componentLogsHref('c1')).toBe('/logs?topologyId=c1');
    expect(componentLogsHref('a/b c')).toBe('/logs?topologyId=a%2Fb%20c');
    const query = new URLSearchParams(componentLogsHref('a/b c').split('?')[1]);
    expect(logsSearch.parse(Object.fromEntries(query)).topologyId).toBe('a/b c');
  });
});
