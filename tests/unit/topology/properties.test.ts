import { formatBytes } from '@/lib/format/bytes';
import {
  agentOf,
  formatCost,
  formatMillicores,
  formatProperties,
  formatPropertyValue,
  safeHref,
} from '@/lib/topology/properties';
import { componentDetails } from '@/lib/topology/details';
import { NIL_AGENT_ID } from '@/lib/constants';

describe('property values with units', () => {
  it('formats bytes in binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(752877568)).toBe('718 MiB');
    expect(formatBytes(1024 ** 3)).toBe('1 GiB');
  });

  it('formats millicores as m below a core and cores above', () => {
    expect(formatMillicores(537)).toBe('537m');
    expect(formatMillicores(1000)).toBe('1 core');
    expect(formatMillicores(2500)).toBe('2.5 cores');
  });

  it('applies the unit, keeps unknown units and plain text', () => {
    expect(formatPropertyValue(537, 'millicores')).toBe('537m');
    expect(formatPropertyValue('1048576', 'bytes')).toBe('1 MiB');
    expect(formatPropertyValue(99.456, 'percent')).toBe('99.46%');
    expect(formatPropertyValue(3, 'replicas')).toBe('3 replicas');
    expect(formatPropertyValue(3, null)).toBe('3');
    expect(formatPropertyValue('v1.2', null)).toBe('v1.2');
    expect(formatPropertyValue(null, 'bytes')).toBe('');
  });
});

describe('formatProperties', () => {
  it('renders text, values and safe links', () => {
    expect(
      formatProperties([
        { name: 'cpu', value: 537, unit: 'millicores', icon: 'cpu' },
        {
          name: 'docs',
          text: 'Runbook',
          links: [{ url: 'javascript:alert(1)' }, { url: 'https://example.com/runbook', text: 'Runbook' }],
        },
        { name: 'site', type: 'url', text: 'https://example.com' },
        { name: 'bad', type: 'url', text: 'javascript:alert(1)' },
        {},
      ]),
    ).toEqual([
      { label: 'cpu', text: '537m', icon: 'cpu' },
      { label: 'docs', text: 'Runbook', href: 'https://example.com/runbook' },
      { label: 'site', text: 'https://example.com', href: 'https://example.com/' },
      { label: 'bad', text: 'javascript:alert(1)' },
    ]);
  });

  it('accepts only http(s) and same-origin paths as links', () => {
    expect(safeHref('/catalog/1')).toBe('/catalog/1');
    expect(safeHref('//evil.example')).toBeUndefined();
    expect(safeHref('data:text/html,x')).toBeUndefined();
    expect(safeHref('http://x.test/a')).toBe('http://x.test/a');
  });
});

describe('agents and details', () => {
  const agents = new Map([
    ['a1', { name: 'prod-eu-west' }],
    [NIL_AGENT_ID, { name: 'local' }],
  ]);

  it('names the agent unless it is the nil (local) one', () => {
    expect(agentOf('a1', agents)).toEqual({ id: 'a1', name: 'prod-eu-west' });
    expect(agentOf(NIL_AGENT_ID, agents)).toBeUndefined();
    expect(agentOf(null, agents)).toBeUndefined();
    expect(agentOf('unknown', agents)).toBeUndefined();
  });

  it('formats costs and prepares the details section', () => {
    expect(formatCost(0)).toBe('');
    expect(formatCost('12.5')).toBe('$12.50');
    expect(formatCost(0.0012)).toBe('$0.0012');
    expect(
      componentDetails({
        id: 'c',
        name: 'c',
        topology_id: 't',
        labels: { z: '1', a: '2' },
        cost_total_1d: 3,
        owner: 'SRE',
      }),
    ).toEqual({
      topologyId: 't',
      owner: 'SRE',
      labels: [
        ['a', '2'],
        ['z', '1'],
      ],
      properties: [],
      costs: [['Last day', '$3.00']],
    });
  });
});
