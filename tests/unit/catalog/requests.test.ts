import {
  changeDetailEndpoint,
  configChecksEndpoint,
  configListEndpoint,
  insightListEndpoint,
  relatedConfigsEndpoint,
} from '@/lib/catalog/configs-endpoints';
import { configOrder } from '@/lib/catalog/constants';
import { groupSummary } from '@/lib/catalog/summary';
import { embed } from '@/lib/backend/refs';
import { catalogSummaryRequest, configListParams, summaryLabelFilter } from '@/lib/catalog/requests';
import { configChecksParams, insightListParams, relationshipWalks } from '@/lib/catalog/view-requests';
import { catalogChangesRequest } from '@/lib/catalog/changes-queries';
import { catalogSearch, isListMode } from '@/lib/catalog/search';
import { configChecksSearch, insightsSearch } from '@/lib/catalog/view-search';
import { changesSearch } from '@/lib/catalog/changes-search';

describe('catalog URL contract', () => {
  it('reads list mode from a type or a search, with the default sort type then name', () => {
    const v = catalogSearch.parse(new URLSearchParams('configType=Kubernetes::Pod'));
    expect(isListMode(v)).toBe(true);
    expect([v.sortBy, v.sortDesc]).toEqual(['type', false]);
    expect(isListMode(catalogSearch.parse(new URLSearchParams('search=%20%20')))).toBe(false);
  });

  it('writes tri-state labels with commas and colons escaped and reads them back', () => {
    const labels = { 'team=a,b': 1, 'url=http://x': -1 } as const;
    const search = catalogSearch.search({ labels });
    expect(search).toBe('?labels=team%3Da%252Cb%3A1%2Curl%3Dhttp%253A%2F%2Fx%3A-1');
    expect(catalogSearch.parse(new URLSearchParams(search)).labels).toEqual(labels);
  });

  it('falls back to the defaults for malformed values', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const v = catalogSearch.parse(
      new URLSearchParams('labels=nonsense&health=purple&sortBy=drop&pageIndex=-1'),
    );
    expect([v.labels, v.health, v.sortBy, v.pageIndex]).toEqual([{}, null, 'type', 0]);
    warn.mockRestore();
  });
});

describe('catalog requests', () => {
  it('builds the summary body the summary cache and the bench share', () => {
    const v = catalogSearch.parse(new URLSearchParams(''));
    expect(catalogSummaryRequest(v, false)).toEqual({
      groupBy: ['type'],
      deleted: false,
      filter: {},
      changes: { since: '30d' },
      analysis: { since: '30d' },
      cost: '30d',
    });
    expect(summaryLabelFilter({ 'env=prod': 1, 'env=dev': -1, 'team=a': 1 })).toEqual({
      env: '!dev,prod',
      team: 'a',
    });
  });

  it('lists a type in the index order, hides deleted items unless the preference shows them', () => {
    const v = catalogSearch.parse(new URLSearchParams('configType=Kubernetes::Pod'));
    const path = configListEndpoint(configListParams(v, 50, false)).path;
    expect(path).toContain('type=eq.Kubernetes::Pod');
    expect(path).toContain('order=type,name.asc');
    expect(path).toContain('deleted_at=is.null');
    expect(path).toContain('limit=50&offset=0');
    expect(configListEndpoint(configListParams(v, 50, true)).path).not.toContain('deleted_at=is.null');
  });

  it('searches name, type, description and namespace, and filters labels both ways', () => {
    const v = catalogSearch.parse(new URLSearchParams(`search=${encodeURIComponent('check*out,(x)')}`));
    const path = decodeURIComponent(
      configListEndpoint(configListParams({ ...v, labels: { 'env=prod': 1, 'tier=db': -1 } }, 25, false))
        .path,
    );
    expect(path).toContain(
      'or=(name.ilike."*check out x*",type.ilike."*check out x*",description.ilike."*check out x*",namespace.ilike."*check out x*")',
    );
    expect(path).toContain('and=(labels->>env.eq.prod,or(labels->>tier.neq.db,labels->>tier.is.null))');
  });

  it('orders other columns with ties by name', () => {
    expect(configOrder('cost_total_30d', true)).toBe('cost_total_30d.desc.nullslast,name.asc');
    expect(configOrder('type', true)).toBe('type.desc,name.desc');
    expect(configOrder('name', false)).toBe('name.asc');
  });

  it('asks the change feed for a page, newest first, last 2 days unless a range is chosen', () => {
    const v = changesSearch.parse(new URLSearchParams('pageIndex=2&changeType=diff&severity=high'));
    expect(catalogChangesRequest(v, 50, false)).toEqual({
      recursive: 'none',
      type: 'diff',
      severity: 'high',
      include_deleted_configs: false,
      sort_by: '-created_at',
      page: 3,
      page_size: 50,
    });
    const ranged = changesSearch.parse(
      new URLSearchParams('rangeType=relative&range=now-7d&display=Last+7+days&sortBy=name&sortDesc=false'),
    );
    expect(catalogChangesRequest(ranged, 20, true, 'abc')).toMatchObject({
      id: 'abc',
      recursive: 'downstream',
      depth: 5,
      from: 'now-7d',
      sort_by: 'name',
      include_deleted_configs: true,
    });
    // The simple ranges as datemath the backend parses: months are M there ('now-1mo' was a 400).
    const simple = (timeRange: string) =>
      catalogChangesRequest(changesSearch.parse(new URLSearchParams({ timeRange })), 50, false).from;
    expect(['1d', '1w', '3mo', '1y'].map(simple)).toEqual(['now-1d', 'now-1w', 'now-3M', 'now-1y']);
  });

  it('filters insights by the URL and scopes them to an item or a component', () => {
    const v = insightsSearch.parse(new URLSearchParams('type=security&severity=high'));
    const path = insightListEndpoint(insightListParams(v, 50, { configId: 'c1' })).path;
    expect(path).toContain('config_id=eq.c1');
    expect(path).toContain('status=eq.open');
    expect(path).toContain('analysis_type=eq.security');
    expect(path).toContain('order=first_observed.desc');
    expect(insightListEndpoint(insightListParams(v, 50, { componentConfigIds: [] })).path).toContain(
      'config_id=in.(00000000-0000-0000-0000-000000000000)',
    );
  });

  it('sorts and pages the Checks tab on the server, by name by default and as a tie-break', () => {
    const byName = configChecksEndpoint(
      configChecksParams('c1', configChecksSearch.parse(new URLSearchParams('')), 25),
    );
    expect(byName.path).toContain('config_id=eq.c1');
    expect(byName.path).toContain('order=name.asc');
    expect(byName.path).toContain('limit=25');
    expect(byName.headers).toEqual({ prefer: 'count=exact' });
    const v = configChecksSearch.parse(
      new URLSearchParams('sortBy=last_runtime&sortDesc=true&pageIndex=2&checkId=x'),
    );
    const byRun = configChecksEndpoint(configChecksParams('c1', v, 25)).path;
    expect(byRun).toContain('order=last_runtime.desc,name.asc');
    expect(byRun).toContain('offset=50');
    // An unknown column is not sent: the default sort applies.
    const bad = configChecksSearch.parse(new URLSearchParams('sortBy=password'));
    expect(configChecksParams('c1', bad, 25).sortBy).toBe('name');
  });

  it("embeds a change's and an insight's config with the shared reference columns", () => {
    expect(embed('configs', 'id,name', 'config')).toBe('config:configs(id,name)');
    expect(embed('created_by', 'id,name,avatar')).toBe('created_by(id,name,avatar)');
    expect(decodeURIComponent(changeDetailEndpoint('x').path)).toContain(
      'config:configs(id,name,type,config_class)',
    );
    const insights = insightListEndpoint(
      insightListParams(insightsSearch.parse(new URLSearchParams('')), 50),
    ).path;
    expect(decodeURIComponent(insights)).toContain('config:configs(id,name,type,config_class)');
  });

  it('walks incoming and outgoing relationships ten levels deep', () => {
    const walks = relationshipWalks('c1', { direction: 'all', relation: 'hard' }, false);
    expect(walks.map((w) => w.direction)).toEqual(['incoming', 'outgoing']);
    expect(relatedConfigsEndpoint(walks[0]!).path).toBe(
      '/db/rpc/related_configs_recursive?config_id=c1&type_filter=incoming&include_deleted_configs=false&max_depth=10&incoming_relation=hard',
    );
  });
});

describe('groupSummary', () => {
  it('groups types by class with summed counts, health, insights, changes and cost', () => {
    const rows = groupSummary([
      {
        type: 'Kubernetes::Pod',
        count: 3,
        health: { healthy: 2, unhealthy: 1 },
        analysis: { security: 2 },
        changes: 5,
        cost_30d: 1.5,
      },
      { type: 'AWS::EC2::Instance', count: 1, health: { warning: 1 }, changes: 0 },
      {
        type: 'Kubernetes::Deployment',
        count: 2,
        health: { healthy: 2 },
        analysis: { cost: 1 },
        changes: 1,
        cost_30d: 2,
      },
    ]);
    expect(rows.map((r) => r.name)).toEqual(['AWS', 'Kubernetes']);
    const k8s = rows[1]!;
    expect(k8s.kind === 'class' && k8s.children.map((c) => c.name)).toEqual([
      'Kubernetes::Deployment',
      'Kubernetes::Pod',
    ]);
    expect(k8s.totals).toEqual({
      count: 5,
      health: { healthy: 4, unhealthy: 1 },
      analysis: 3,
      changes: 6,
      cost30d: 3.5,
    });
  });
});
