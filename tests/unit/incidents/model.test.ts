import { severityLabel } from '@/lib/format/severity';
import { isUuid } from '@/lib/uuid';
import {
  buildHypothesisTree,
  buildTimeline,
  byCreatedAt,
  childTypeOf,
  commentAuthor,
  splitComments,
  subtreeIds,
  timelineKindOf,
  timelineText,
} from '@/lib/incidents/investigation';
import { incidentsListParams } from '@/lib/incidents/queries';
import { incidentsSearch } from '@/lib/incidents/search';

const h = (id: string, parent_id: string | null, created_at: string, type = 'root') => ({
  id,
  parent_id,
  created_at,
  type,
  title: id,
});

describe('hypothesis tree', () => {
  it('nests root → factor → solution by parent, oldest first at every level', () => {
    const tree = buildHypothesisTree([
      h('s1', 'f1', '2026-01-03', 'solution'),
      h('f2', 'r', '2026-01-04', 'factor'),
      h('f1', 'r', '2026-01-02', 'factor'),
      h('r', null, '2026-01-01'),
    ]);
    expect(tree.map((n) => n.id)).toEqual(['r']);
    expect(tree[0]?.children.map((n) => n.id)).toEqual(['f1', 'f2']);
    expect(tree[0]?.children[0]?.children.map((n) => n.id)).toEqual(['s1']);
  });

  it('keeps orphans and breaks parent cycles as roots, so nothing is hidden', () => {
    const tree = buildHypothesisTree([h('a', 'b', '1'), h('b', 'a', '2'), h('o', 'gone', '3')]);
    const all = (nodes: typeof tree): string[] => nodes.flatMap((n) => [n.id, ...all(n.children)]);
    expect(all(tree).sort()).toEqual(['a', 'b', 'o']);
    expect(tree.map((n) => n.id)).toContain('o');
  });

  it('follows the child type chain and stops after solution', () => {
    expect(childTypeOf('root')).toBe('factor');
    expect(childTypeOf('factor')).toBe('solution');
    expect(childTypeOf('solution')).toBeNull();
  });

  it('deletes a node with all its descendants, not its siblings or parent', () => {
    const items = [
      h('r', null, '1'),
      h('f1', 'r', '2'),
      h('f2', 'r', '3'),
      h('s1', 'f1', '4'),
      h('s2', 'f1', '5'),
    ];
    expect(subtreeIds(items, 'f1').sort()).toEqual(['f1', 's1', 's2']);
    expect(subtreeIds(items, 's2')).toEqual(['s2']);
    expect(subtreeIds(items, 'r')).toHaveLength(5);
  });
});

describe('severity reading (001 §4)', () => {
  it('reads numeric 1–4 as Medium, High, Blocker, Critical and anything else as Low', () => {
    expect([1, 2, 3, 4, '3', 0, 9, 'nonsense', null].map(severityLabel)).toEqual([
      'Medium',
      'High',
      'Blocker',
      'Critical',
      'Blocker',
      'Low',
      'Low',
      'Low',
      'Low',
    ]);
    expect(severityLabel('critical')).toBe('Critical');
  });
});

describe('timeline', () => {
  const entries = [
    { id: '1', type: 'incident.created', description: 'Outage', created_at: '2026-01-01T00:00:00Z' },
    {
      id: '2',
      type: 'incident.status_updated',
      description: 'investigating',
      created_at: '2026-01-01T01:00:00Z',
    },
    {
      id: '3',
      type: 'incident.severity_updated',
      description: 'critical',
      created_at: '2026-01-01T02:00:00Z',
    },
    { id: '4', type: 'hypothesis.created', description: 'DNS', created_at: '2026-01-01T03:00:00Z' },
    { id: '5', type: 'responder.commented', description: 'looking', created_at: '2026-01-01T04:00:00Z' },
    { id: '6', type: 'responder.created', description: null, created_at: '2026-01-01T05:00:00Z' },
    { id: '7', type: 'evidence.created', description: 'check', created_at: '2026-01-01T06:00:00Z' },
  ];

  it('orders newest first and filters by kind', () => {
    expect(buildTimeline(entries, []).map((e) => e.id)).toEqual(['7', '6', '5', '4', '3', '2', '1']);
    expect(buildTimeline(entries, ['status', 'severity']).map((e) => e.kind)).toEqual(['severity', 'status']);
    expect(buildTimeline(entries, ['comment']).map((e) => e.id)).toEqual(['5']);
    expect(buildTimeline(entries, ['responder']).map((e) => e.id)).toEqual(['6']);
  });

  it('names each kind and says what happened', () => {
    expect(entries.map((e) => timelineKindOf(e.type))).toEqual([
      'incident',
      'status',
      'severity',
      'hypothesis',
      'comment',
      'responder',
      'evidence',
    ]);
    expect(timelineText(entries[1]!)).toBe('changed the status to investigating');
    expect(timelineText(entries[2]!)).toBe('changed the severity to critical');
    expect(timelineText(entries[3]!)).toBe('added the hypothesis "DNS"');
  });
});

describe('the /incidents URL contract', () => {
  it('defaults to open incidents, newest first, and maps all/filters to the request', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const values = incidentsSearch.parse(new URLSearchParams(''));
    expect(incidentsListParams(values, 50)).toMatchObject({
      status: 'open',
      sortBy: 'created_at',
      sortDesc: true,
      component: null,
    });
    const filtered = incidentsSearch.parse(
      new URLSearchParams('status=all&component=c1&type=security&severity=bogus'),
    );
    expect(incidentsListParams(filtered, 25)).toMatchObject({
      status: null,
      component: 'c1',
      type: 'security',
      severity: null,
      pageSize: 25,
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('severity=bogus'));
    warn.mockRestore();
  });

  it('treats only UUIDs as incident ids', () => {
    expect(isUuid('0193f3c4-1d1e-7c3a-9a55-0a0b0c0d0e0f')).toBe(true);
    expect(isUuid('INC-1')).toBe(false);
  });
});

describe('comments', () => {
  const c = (id: string, hypothesis_id: string | null, created_at: string | null) => ({
    id,
    hypothesis_id,
    created_at,
  });

  it('puts each comment under its hypothesis and keeps the rest, orphans included, with the incident', () => {
    const { incident, byHypothesis } = splitComments(
      [
        c('1', null, '2026-01-01'),
        c('2', 'h1', '2026-01-02'),
        c('3', 'gone', '2026-01-03'),
        c('4', 'h1', '2026-01-04'),
        c('5', 'h2', null),
      ],
      ['h1', 'h2'],
    );
    expect(incident.map((x) => x.id)).toEqual(['1', '3']);
    expect(byHypothesis.get('h1')?.map((x) => x.id)).toEqual(['2', '4']);
    expect(byHypothesis.get('h2')?.map((x) => x.id)).toEqual(['5']);
    expect(byHypothesis.has('gone')).toBe(false);
  });

  it('reads oldest first, undated first, without changing the input', () => {
    const input = [c('b', null, '2026-02-01'), c('a', null, '2026-01-01'), c('n', null, null)];
    expect(byCreatedAt(input).map((x) => x.id)).toEqual(['n', 'a', 'b']);
    expect(input.map((x) => x.id)).toEqual(['b', 'a', 'n']);
  });
});

describe('comment authors (spec 000 §3 Comment.responder_id)', () => {
  const ada = { id: 'p1', name: 'Ada' };
  it("shows a team responder's comment as the team's, via its writer", () => {
    expect(commentAuthor({ created_by: ada, responder: { team: { name: 'SRE', icon: null } } })).toEqual({
      author: { name: 'SRE', icon: null },
      via: 'Ada',
    });
  });
  it('shows the writer otherwise, then the external author, then nobody', () => {
    expect(commentAuthor({ created_by: ada, responder: { team: null } })).toEqual({ author: ada, via: null });
    expect(commentAuthor({ external_created_by: 'slack:U01' })).toEqual({
      author: { name: 'slack:U01' },
      via: null,
    });
    expect(commentAuthor({})).toEqual({ author: null, via: null });
  });
});
