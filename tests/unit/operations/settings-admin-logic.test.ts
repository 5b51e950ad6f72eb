import { parse } from 'yaml';
import { triStateSummary } from '@/components/list/tri-state-select';
import {
  integrationsEndpoint,
  eventQueueEndpoint,
  logBackendsEndpoint,
  propertyRowsEndpoint,
} from '@/lib/operations/endpoints';
import { GITOPS_CHARTS } from '@/lib/operations/gitops-charts';
import { fluxSnippet, helmSnippet } from '@/lib/operations/gitops-snippets';
import { integrationHref } from '@/lib/operations/href';
import { isIntegrationKind, jobDetailsSummary } from '@/lib/operations/integration-types';
import { integrationsListParams, listSortOf, mergeFlags } from '@/lib/operations/queries';
import { eventQueueSearch, integrationsSearch, logBackendsSearch } from '@/lib/operations/search';
import {
  logBackendChanges,
  logBackendFormValues,
  logBackendSchema,
} from '@/lib/operations/log-backend-values';

const aws = GITOPS_CHARTS.find((c) => c.id === 'aws')!;

describe('GitOps snippets', () => {
  it('offers the six charts of the spec, each with a description and a values schema', () => {
    expect(GITOPS_CHARTS.map((c) => c.label)).toEqual([
      'AWS',
      'Azure',
      'Prometheus',
      'Flux',
      'Kubernetes',
      'Mission Control',
    ]);
    for (const c of GITOPS_CHARTS) {
      expect(c.description.length).toBeGreaterThan(20);
      expect(c.valuesSchema.type).toBe('object');
    }
  });

  it('Helm: adds the repository and installs with the values from standard input', () => {
    const text = helmSnippet(aws, 'mission-control', { region: ['eu-west-1'], assumeRole: "it's" });
    expect(text).toContain('helm repo add flanksource https://flanksource.github.io/charts');
    expect(text).toContain(
      "helm install mission-control-aws flanksource/mission-control-aws -n mission-control --create-namespace -f - <<'EOF'",
    );
    const values = text.split("<<'EOF'\n")[1]!.split('\nEOF')[0]!;
    expect(parse(values)).toEqual({ region: ['eu-west-1'], assumeRole: "it's" });
    expect(helmSnippet(aws, 'ops', {})).not.toContain('EOF');
  });

  it('Flux: a HelmRepository every 5m and a HelmRelease whose chart is checked every 1m, with the values', () => {
    const [repository, release] = fluxSnippet(aws, 'team-a', { compliance: false })
      .split('---\n')
      .map((d) => parse(d));
    expect(repository).toMatchObject({
      kind: 'HelmRepository',
      metadata: { name: 'flanksource', namespace: 'team-a' },
      spec: { interval: '5m', url: 'https://flanksource.github.io/charts' },
    });
    expect(release).toMatchObject({
      kind: 'HelmRelease',
      metadata: { name: 'mission-control-aws', namespace: 'team-a' },
      spec: {
        chart: {
          spec: {
            chart: 'mission-control-aws',
            interval: '1m',
            sourceRef: { kind: 'HelmRepository', name: 'flanksource' },
          },
        },
        values: { compliance: false },
      },
    });
  });
});

describe('log-backend form values', () => {
  const record = {
    id: '1',
    name: 'loki',
    labels: { env: 'prod' },
    spec: { loki: { url: 'http://loki:3100' } },
  };

  it('starts an edit from the stored record (the earlier console started empty)', () => {
    const values = logBackendFormValues(record);
    expect(values).toEqual({
      name: 'loki',
      labels: [{ key: 'env', value: 'prod' }],
      spec: 'loki:\n  url: http://loki:3100\n',
    });
    expect(logBackendSchema.parse(values)).toEqual({
      name: 'loki',
      labels: { env: 'prod' },
      spec: record.spec,
    });
  });

  it('is invalid without a name or with a spec that is not a YAML object', () => {
    expect(logBackendSchema.safeParse({ name: '', labels: [], spec: 'a: 1' }).success).toBe(false);
    expect(logBackendSchema.safeParse({ name: 'x', labels: [], spec: '- a' }).success).toBe(false);
  });

  it('a name alone is valid: an empty spec is written as {} (001 §2.4, issue 37)', () => {
    expect(logBackendSchema.parse({ name: 'x', labels: [], spec: '' })).toEqual({
      name: 'x',
      labels: {},
      spec: {},
    });
    expect(logBackendSchema.parse({ name: 'x', labels: [], spec: '  \n' }).spec).toEqual({});
  });

  it('an update sends only what changed, never the audit columns', () => {
    expect(logBackendChanges(record, { name: 'loki', labels: { env: 'prod' }, spec: record.spec })).toEqual(
      {},
    );
    expect(
      logBackendChanges(record, {
        name: 'loki-2',
        labels: { env: 'prod' },
        spec: { loki: { url: 'http://x' } },
      }),
    ).toEqual({ name: 'loki-2', spec: { loki: { url: 'http://x' } } });
  });
});

describe('integrations, flags and the event queue', () => {
  it('checks the detail route type case-sensitively and builds its links', () => {
    expect(['scrapers', 'topologies', 'logging_backends'].every(isIntegrationKind)).toBe(true);
    expect(isIntegrationKind('Scrapers')).toBe(false);
    expect(isIntegrationKind('toString')).toBe(false);
    expect(integrationHref('scrapers', 'a b')).toBe('/settings/integrations/scrapers/a%20b');
    expect(jobDetailsSummary({ errors: ['boom', 'bang'] })).toBe('boom (+1 more)');
    expect(jobDetailsSummary({ scrape_summary: {} })).toBe('');
  });

  it('pages and sorts the integrations on the server', () => {
    const params = integrationsListParams(
      integrationsSearch.parse(new URLSearchParams('sortBy=name&sortOrder=asc&pageIndex=1')),
      50,
    );
    expect(integrationsEndpoint(params).path).toBe(
      '/db/integrations_with_status?select=*&deleted_at=is.null&order=name.asc&limit=50&offset=50',
    );
    expect(integrationsEndpoint(params).headers).toEqual({ prefer: 'count=exact' });
  });

  it('reads what the lists show, with the creator embedded', () => {
    expect(logBackendsEndpoint().path).toBe(
      '/db/logging_backends?select=id,name,labels,spec,source,agent_id,created_at,updated_at,created_by(id,name,avatar,email)&deleted_at=is.null&order=created_at.desc',
    );
    expect(propertyRowsEndpoint().path).toContain(
      '/db/properties?select=name,value,created_at,updated_at,created_by(',
    );
    expect(eventQueueEndpoint().path).toBe(
      '/db/event_queue_summary?select=*&order=last_failure.desc.nullslast',
    );
  });

  it('log backends and the event queue sort on the backend by the sort in the URL', () => {
    const logSort = listSortOf(logBackendsSearch.parse(new URLSearchParams('sortBy=name&sortOrder=asc')));
    expect(logSort).toEqual({ sortBy: 'name', sortDesc: false });
    expect(logBackendsEndpoint(logSort).path).toMatch(/&order=name\.asc\.nullslast,id\.asc$/);
    const queueSort = listSortOf(
      eventQueueSearch.parse(new URLSearchParams('sortBy=pending&sortOrder=desc')),
    );
    expect(eventQueueEndpoint(queueSort).path).toBe(
      '/db/event_queue_summary?select=*&order=pending.desc.nullslast,name.asc',
    );
    // No sort (or one the contract does not know) is the list's default order.
    expect(listSortOf(eventQueueSearch.parse(new URLSearchParams('sortBy=most_common_error')))).toEqual({
      sortBy: null,
      sortDesc: true,
    });
    expect(eventQueueEndpoint(listSortOf(eventQueueSearch.parse(new URLSearchParams('')))).path).toBe(
      eventQueueEndpoint().path,
    );
    expect(logBackendsEndpoint(listSortOf(logBackendsSearch.parse(new URLSearchParams('')))).path).toBe(
      logBackendsEndpoint().path,
    );
  });

  it('adds the stored rows’ audit columns to the flags, never to local ones', () => {
    const flags = mergeFlags(
      [
        { name: 'rls.enable', value: 'false', source: 'local' },
        { name: 'logs.disable', value: 'true', source: 'db' },
      ],
      [
        { name: 'rls.enable', created_at: 'x' },
        { name: 'logs.disable', created_at: '2026-01-01', created_by: { id: 'p', name: 'Admin' } },
      ],
    );
    expect(flags[0]).not.toHaveProperty('created_at');
    expect(flags[1]).toMatchObject({ created_at: '2026-01-01', created_by: { name: 'Admin' } });
    expect(mergeFlags([{ name: 'a', value: '1', source: 'db' }], undefined)).toEqual([
      { name: 'a', value: '1', source: 'db' },
    ]);
  });

  it('summarises a tri-state filter', () => {
    expect(triStateSummary({})).toBe('All');
    expect(triStateSummary({ SUCCESS: -1, FAILED: 1 })).toBe('not SUCCESS, FAILED');
    expect(triStateSummary({ a: 1, b: 1, c: 1, d: 1 })).toBe('4 selected');
  });
});
