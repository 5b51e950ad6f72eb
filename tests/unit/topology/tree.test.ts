import { topologySearch, type TopologySearch } from '@/lib/topology/search';

const DEFAULT_TOPOLOGY_SEARCH = topologySearch.defaults;
import {
  ancestorIds,
  filterComponents,
  flattenComponents,
  sortablePropertyNames,
  topologyFacets,
} from '@/lib/topology/tree';
import { component, sampleTree } from './fixtures';

const search = (s: Partial<TopologySearch>): TopologySearch => ({ ...DEFAULT_TOPOLOGY_SEARCH, ...s });
const ids = (cs: { id: string }[]) => cs.map((c) => c.id);

describe('flattenComponents', () => {
  it('lists every component depth first, each once', () => {
    const tree = sampleTree();
    const first = tree[0];
    if (first?.components?.[0]) first.components.push(first.components[0]);
    expect(ids(flattenComponents(tree))).toEqual([
      'shop',
      'shop-api',
      'shop-db',
      'shop-db-pod-0',
      'shop-db-pod-1',
      'data',
      'data-pod',
    ]);
  });
});

describe('filterComponents', () => {
  const opts = { showHidden: true };

  it('keeps the roots without filters, sorted by status (worst first)', () => {
    expect(ids(filterComponents(sampleTree(), DEFAULT_TOPOLOGY_SEARCH, opts))).toEqual(['shop', 'data']);
  });

  it('flattens the tree when a type is chosen', () => {
    expect(
      ids(filterComponents(sampleTree(), search({ type: 'Pod', sortBy: 'name', sortOrder: 'asc' }), opts)),
    ).toEqual(['data-pod', 'shop-db-pod-0', 'shop-db-pod-1']);
  });

  it('drops hidden components when they are not shown', () => {
    expect(ids(filterComponents(sampleTree(), search({ type: 'Pod' }), { showHidden: false }))).toEqual([
      'data-pod',
      'shop-db-pod-0',
    ]);
  });

  it('filters by status, team (teams or owner), label and agent', () => {
    const tree = sampleTree();
    expect(ids(filterComponents(tree, search({ status: 'Healthy' }), opts))).toEqual(['data']);
    expect(ids(filterComponents(tree, search({ team: 'Payments' }), opts))).toEqual(['shop']);
    expect(ids(filterComponents(tree, search({ team: 'Data' }), opts))).toEqual(['data']);
    expect(ids(filterComponents(tree, search({ labels: 'tier=data' }), opts))).toEqual(['data']);
    expect(ids(filterComponents(tree, search({ agent: 'agent-1' }), opts))).toEqual(['shop']);
    expect(filterComponents(tree, search({ status: 'missing' }), opts)).toEqual([]);
  });
});

describe('status on a component page', () => {
  it('matches the leaves of the subtree, as the summary counts them', () => {
    const children = sampleTree()[0]?.components ?? [];
    const opts = { showHidden: true, statusMatchesLeaves: true };
    expect(
      ids(filterComponents(children, search({ status: 'healthy', sortBy: 'name', sortOrder: 'asc' }), opts)),
    ).toEqual(['shop-db-pod-0', 'shop-db-pod-1']);
    expect(ids(filterComponents(children, search({ status: 'unhealthy' }), opts))).toEqual(['shop-api']);
    expect(
      ids(
        filterComponents(children, search({ status: 'healthy', type: 'Pod' }), {
          showHidden: false,
          statusMatchesLeaves: true,
        }),
      ),
    ).toEqual(['shop-db-pod-0']);
  });
});

describe('topologyFacets', () => {
  it('prefers the backend facets', () => {
    expect(topologyFacets({ healthStatuses: ['b', 'a'], types: ['T'], teams: ['X'] }, sampleTree())).toEqual({
      statuses: ['a', 'b'],
      types: ['T'],
      teams: ['X'],
    });
  });

  it('derives them from the tree otherwise', () => {
    expect(topologyFacets({}, sampleTree())).toEqual({
      statuses: ['healthy', 'unhealthy', 'unknown', 'warning'],
      types: ['Application', 'Database', 'Pod', 'Service'],
      teams: ['Payments'],
    });
  });
});

describe('ancestorIds and sortable properties', () => {
  it('reads the path root first, without the component itself', () => {
    expect(ancestorIds({ id: 'c', path: 'a.b' })).toEqual(['a', 'b']);
    expect(ancestorIds({ id: 'c', path: 'a.b.c' })).toEqual(['a', 'b']);
    expect(ancestorIds({ id: 'c', path: '', parent_id: 'p' })).toEqual(['p']);
    expect(ancestorIds({ id: 'c', path: null })).toEqual([]);
  });

  it('offers numeric properties as sort keys', () => {
    const cs = [
      component('a', {
        properties: [
          { name: 'cpu', value: 5 },
          { name: 'docs', text: 'x' },
        ],
      }),
      component('b', { properties: [{ name: 'memory', value: 1 }] }),
    ];
    expect(sortablePropertyNames(cs)).toEqual(['cpu', 'memory']);
  });
});
