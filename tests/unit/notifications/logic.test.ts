import { sendHistoryEndpoint, silencePreviewEndpoint, silencesEndpoint } from '@/lib/notifications/endpoints';
import { logSearchEndpoint } from '@/lib/logs/endpoints';
import { parseInline, parseMarkdown, safeHref } from '@/lib/markdown';
import { durationToNanos, nanosToDuration } from '@/lib/notifications/durations';
import { ruleToValues, valuesToRuleWrite, type RuleFormValues } from '@/lib/notifications/rule-form';
import { logEvidence } from '@/lib/logs/log-evidence';
import { groupByOptions, mergeGroupByKeys } from '@/lib/notifications/group-by';
import {
  SILENCE_DURATIONS,
  silenceBody,
  silenceCriteria,
  silenceRange,
  silenceWindow,
} from '@/lib/notifications/silence-draft';
import { silenceState } from '@/lib/notifications/silence-state';
import { logSearchBody, logSearchRequest } from '@/lib/logs/queries';
import { sendHistoryQuery, sendHistorySearch } from '@/lib/notifications/send-history-search';
import { rangeWindow } from '@/lib/time-range/resolve';
import { logsSearch } from '@/lib/logs/search';
import { silenceAddHref } from '@/lib/notifications/search';

const NOW = new Date('2026-11-26T10:30:45.000Z');

describe('send history request', () => {
  it('maps the URL (resource_type, status, search, time range, sort, page) to one PostgREST query', () => {
    const values = sendHistorySearch.parse(
      new URLSearchParams(
        'resource_type=check&status=error&search=redis&rangeType=relative&range=now-24h&pageIndex=2',
      ),
    );
    const { range, ...query } = sendHistoryQuery(values, 50);
    // The key holds the range as the URL names it (server and browser share it); the fetch resolves it.
    expect(range).toMatchObject({ type: 'relative', range: 'now-24h' });
    const params = { ...query, ...rangeWindow(range, { now: NOW }) };
    expect(params.to).toBe('2026-11-26T10:30:45.000Z');
    expect(params.from).toBe('2026-11-25T10:30:45.000Z');
    const url = new URL(`http://x${sendHistoryEndpoint(params).path}`);
    expect(url.pathname).toBe('/db/notification_send_history_summary');
    expect(url.searchParams.get('resource_type.filter')).toBe('check');
    expect(url.searchParams.get('status.filter')).toBe('error');
    expect(url.searchParams.get('resource->>name')).toBe('ilike.*redis*');
    expect(url.searchParams.get('created_at')).toBe('gte.2026-11-25T10:30:45.000Z');
    expect(url.searchParams.getAll('order')).toEqual(['created_at.desc']);
    expect(url.searchParams.get('offset')).toBe('100');
    expect(sendHistoryEndpoint(params).headers).toEqual({ prefer: 'count=exact' });
  });

  it('falls back to the newest first and drops unknown filter values', () => {
    const values = sendHistorySearch.parse(new URLSearchParams('status=bogus&resource_type=planet'));
    expect(values.status).toBeNull();
    expect(values.resource_type).toBeNull();
    expect(sendHistoryQuery(values, 25).range).toBeNull();
    const url = new URL(
      `http://x${sendHistoryEndpoint({ ...sendHistoryQuery(values, 25), from: null, to: null }).path}`,
    );
    expect(url.searchParams.has('status.filter')).toBe(false);
    expect(url.searchParams.has('created_at')).toBe(false);
    expect(url.searchParams.get('limit')).toBe('25');
  });

  it('sorts by a column with the newest first among equals', () => {
    const values = sendHistorySearch.parse(new URLSearchParams('sortBy=status&sortDesc=true'));
    const url = new URL(
      `http://x${sendHistoryEndpoint({ ...sendHistoryQuery(values, 50), from: null, to: null }).path}`,
    );
    expect(url.searchParams.getAll('order')).toEqual(['status.desc,created_at.desc']);
  });

  it("lists only live silences, newest first or by the URL's sort, ties by id", () => {
    const order = (sortBy: string | null, sortDesc = false) => {
      const url = new URL(
        `http://x${silencesEndpoint({ sortBy, sortDesc, pageIndex: 0, pageSize: 50 }).path}`,
      );
      expect(url.searchParams.get('deleted_at')).toBe('is.null');
      return url.searchParams.getAll('order');
    };
    expect(order(null)).toEqual(['created_at.desc,id.asc']);
    expect(order('name')).toEqual(['name.asc,id.asc']);
    expect(order('until', true)).toEqual(['until.desc,id.asc']);
  });
});

describe('silence draft', () => {
  it('offers durations ahead first, then Indefinitely and a time to silence until (issue 37)', () => {
    expect(SILENCE_DURATIONS.map((d) => d.label)).toEqual([
      '1 hour',
      '4 hours',
      '1 day',
      '1 week',
      'Indefinitely',
      'Until…',
    ]);
    const now = new Date('2026-12-06T10:00:00Z');
    const windowOf = (d: (typeof SILENCE_DURATIONS)[number]['value'], until?: string) =>
      silenceWindow(silenceRange(d, until, now), now);
    expect(windowOf('1h')).toEqual({ from: '2026-12-06T10:00:00.000Z', until: '2026-12-06T11:00:00.000Z' });
    expect(windowOf('4h')?.until).toBe('2026-12-06T14:00:00.000Z');
    expect(windowOf('1d')?.until).toBe('2026-12-07T10:00:00.000Z');
    expect(windowOf('1w')?.until).toBe('2026-12-13T10:00:00.000Z');
    expect(windowOf('indefinitely')).toEqual({ from: '2026-12-06T10:00:00.000Z', until: null });
    expect(windowOf('until', '2026-12-08T09:30:00.000Z')).toEqual({
      from: '2026-12-06T10:00:00.000Z',
      until: '2026-12-08T09:30:00.000Z',
    });
    // 'Until…' without its time is no range yet.
    expect(silenceRange('until', undefined, now)).toBeNull();
  });

  it('tells an active silence from an upcoming and an expired one', () => {
    const now = new Date('2026-12-06T10:00:00Z');
    expect(silenceState({ from: '2026-12-06T09:00:00Z', until: null }, now)).toBe('active');
    expect(silenceState({ from: null, until: '2026-12-06T11:00:00Z' }, now)).toBe('active');
    expect(silenceState({ from: '2026-12-06T12:00:00Z', until: '2026-12-06T13:00:00Z' }, now)).toBe(
      'upcoming',
    );
    expect(silenceState({ from: '2026-12-05T09:00:00Z', until: '2026-12-06T10:00:00Z' }, now)).toBe(
      'expired',
    );
  });

  it('from a resource, a filter or a label selector; nothing until one is given', () => {
    const base = { recursive: false, resource: null, filter: '', labelSelector: '' };
    expect(silenceCriteria({ ...base, mode: 'resource' })).toBeNull();
    expect(silenceCriteria({ ...base, mode: 'resource', resource: { id: 'c1', kind: 'checks' } })).toEqual({
      check_id: 'c1',
      recursive: false,
    });
    expect(
      silenceCriteria({ ...base, mode: 'resource', recursive: true, resource: { id: 'x', kind: 'configs' } }),
    ).toEqual({ config_id: 'x', recursive: true });
    expect(silenceCriteria({ ...base, mode: 'filter', filter: '  ' })).toBeNull();
    expect(silenceCriteria({ ...base, mode: 'filter', filter: " check.name == 'a' " })).toEqual({
      filter: "check.name == 'a'",
      recursive: false,
    });
    expect(silenceCriteria({ ...base, mode: 'labels', labelSelector: 'app=x' })).toEqual({
      selectors: [{ labelSelector: 'app=x' }],
      recursive: false,
    });
  });

  it('reads Indefinitely as an open end and a future range as from now until its end', () => {
    expect(silenceWindow({ type: 'relative', display: 'Indefinitely', range: 'indefinitely' }, NOW)).toEqual({
      from: NOW.toISOString(),
      until: null,
    });
    expect(silenceWindow({ type: 'relative', display: 'Next 2 hours', range: 'now+2h' }, NOW)).toEqual({
      from: NOW.toISOString(),
      until: '2026-11-26T12:30:45.000Z',
    });
    expect(silenceWindow(null, NOW)).toBeNull();
  });

  it('builds the create body the preview also reads', () => {
    const body = silenceBody(
      {
        name: ' db maintenance ',
        description: '',
        range: { type: 'relative', display: 'Indefinitely', range: 'indefinitely' },
        recursive: true,
        mode: 'resource',
        resource: { id: 'comp', kind: 'components' },
        filter: 'ignored',
        labelSelector: '',
      },
      NOW,
    );
    expect(body).toEqual({
      name: 'db maintenance',
      from: NOW.toISOString(),
      until: null,
      component_id: 'comp',
      recursive: true,
      source: 'UI',
    });
    expect(silencePreviewEndpoint({ check_id: 'c' })).toMatchObject({
      method: 'POST',
      path: '/notification/silence/preview',
    });
  });

  it('links the add page with the resource to prefill', () => {
    expect(silenceAddHref({ check_id: 'abc' })).toBe('/notifications/silences/add?check_id=abc');
    expect(silenceAddHref({})).toBe('/notifications/silences/add');
  });
});

describe('rule form mapping', () => {
  it('converts Go durations and nanoseconds both ways', () => {
    expect(durationToNanos('5m')).toBe(300_000_000_000);
    expect(durationToNanos('1h30m')).toBe(5_400_000_000_000);
    expect(durationToNanos('')).toBeNull();
    expect(durationToNanos('5 minutes')).toBeNull();
    expect(nanosToDuration(300_000_000_000)).toBe('5m');
    expect(nanosToDuration(5_400_000_000_000)).toBe('1h30m');
    expect(nanosToDuration(null)).toBe('');
  });

  it('writes one recipient and the others as null', () => {
    const values: RuleFormValues = {
      name: ' on-call ',
      events: ['check.failed'],
      filter: '',
      title: 'T',
      template: '',
      recipientKind: 'team',
      recipient: 'team-1',
      repeatInterval: '4h',
      waitFor: '5m',
      groupBy: ['tag:namespace', ' label:app ', 'tag:namespace', ''],
    };
    expect(valuesToRuleWrite(values)).toEqual({
      name: 'on-call',
      events: ['check.failed'],
      filter: null,
      title: 'T',
      template: null,
      person_id: null,
      team_id: 'team-1',
      playbook_id: null,
      custom_services: null,
      repeat_interval: '4h',
      wait_for: 300_000_000_000,
      group_by: ['tag:namespace', 'label:app'],
    });
  });

  it('keeps URL services of a rule when its connection changes', () => {
    const stored = [
      { name: 'slack', connection: 'connection://default/alerts' },
      { name: 'email', url: 'smtp://ops@example.com' },
    ];
    const values = ruleToValues({ id: 'r', name: 'n', custom_services: stored, wait_for: 300_000_000_000 });
    expect(values).toMatchObject({
      recipientKind: 'connection',
      recipient: 'connection://default/alerts',
      waitFor: '5m',
    });
    const write = valuesToRuleWrite({ ...values, recipient: 'connection://ops/teams-chat' }, 'teams', stored);
    expect(write.custom_services).toEqual([
      { name: 'teams', connection: 'connection://ops/teams-chat' },
      { name: 'email', url: 'smtp://ops@example.com' },
    ]);
    expect(write.person_id).toBeNull();
  });
});

describe('group-by keys', () => {
  it('merges the three views into one sorted list without repeats or blanks', () => {
    expect(
      mergeGroupByKeys([
        [{ key: 'tag:namespace' }, { key: 'label:app' }],
        [{ key: 'label:app' }, { key: ' ' }],
        [{ key: 'label:env' }],
      ]),
    ).toEqual(['label:app', 'label:env', 'tag:namespace']);
  });

  it("keeps a rule's own keys the views no longer list", () => {
    expect(groupByOptions(['label:app'], ['label:app', 'type']).map((o) => o.value)).toEqual([
      'label:app',
      'type',
    ]);
  });

  it("reads a stored rule's keys as the picker's values, and no keys as null", () => {
    expect(ruleToValues({ id: 'r', name: 'n', group_by: ['label:app'] }).groupBy).toEqual(['label:app']);
    expect(
      valuesToRuleWrite({ ...ruleToValues(null), name: 'x', recipientKind: 'team', recipient: 't' }).group_by,
    ).toBeNull();
  });
});

describe('log search request', () => {
  it('sends the component, selector, query and the picked range (the earlier console dropped it)', () => {
    const values = logsSearch.parse(
      new URLSearchParams(
        'topologyId=c1&logsSelector=app&query=%20timeout%20&rangeType=relative&range=now-6h',
      ),
    );
    const query = logSearchRequest(values, values.logsSelector ?? '');
    // The key keeps the range as the URL names it; the body is resolved when fetched.
    expect(query?.range).toMatchObject({ type: 'relative', range: 'now-6h' });
    const request = logSearchBody(query!, NOW);
    expect(request).toEqual({
      id: 'c1',
      name: 'app',
      query: 'timeout',
      start: '2026-11-26T04:30:45.000Z',
      end: '2026-11-26T10:30:45.000Z',
      limit: 500,
    });
    expect(logSearchEndpoint(request!).body).toEqual(request);
  });

  it('asks for nothing without a component and for the last hour by default', () => {
    expect(logSearchRequest(logsSearch.parse(new URLSearchParams('')), '')).toBeNull();
    const query = logSearchRequest(logsSearch.parse(new URLSearchParams('topologyId=c1')), '');
    expect(query?.range).toBeNull();
    const request = logSearchBody(query!, NOW);
    expect(request).toMatchObject({
      name: '',
      start: '2026-11-26T09:30:45.000Z',
      end: '2026-11-26T10:30:45.000Z',
    });
    expect(request).not.toHaveProperty('query');
  });
});

describe('markdown of notification bodies', () => {
  it('reads headings, quotes, lists, code and emphasis', () => {
    const blocks = parseMarkdown(
      '### api is failed\n\n> TLS expired\n\n**Type:** redis  \n- a\n- b\n\n```\nx < y\n```',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'quote', 'paragraph', 'list', 'code']);
    expect(blocks[2]).toEqual({
      kind: 'paragraph',
      lines: [
        [
          { kind: 'strong', children: [{ kind: 'text', text: 'Type:' }] },
          { kind: 'text', text: ' redis' },
        ],
      ],
    });
    expect(blocks[4]).toEqual({ kind: 'code', text: 'x < y' });
  });

  it('links only web, mail and same-site addresses', () => {
    expect(parseInline('[Open](https://mc.example.com/health?checkId=1)')).toEqual([
      {
        kind: 'link',
        href: 'https://mc.example.com/health?checkId=1',
        children: [{ kind: 'text', text: 'Open' }],
      },
    ]);
    expect(parseInline('[x](javascript:alert(1))')[0]).not.toMatchObject({ kind: 'link' });
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('/health')).toBe('/health');
  });
});

describe('a log line as incident evidence', () => {
  it('is evidence of type log on the component, with the line shown and kept whole', () => {
    expect(
      logEvidence(
        { timestamp: '2026-11-26T05:00:00Z', message: 'ERROR timeout', labels: { pod: 'api-1' } },
        'comp-1',
      ),
    ).toEqual({
      type: 'log',
      component_id: 'comp-1',
      evidence: {
        lines: ['2026-11-26T05:00:00Z ERROR timeout'],
        logs: [{ timestamp: '2026-11-26T05:00:00Z', message: 'ERROR timeout', labels: { pod: 'api-1' } }],
      },
    });
    expect(logEvidence({ message: 'no time' }, 'c').evidence).toMatchObject({ lines: ['no time'] });
  });
});
