import {
  playbookRunActionsEndpoint,
  playbookRunEndpoint,
  playbookRunsEndpoint,
  runActionSchema,
} from '@/lib/playbooks/endpoints';
import { isCancellable, isFinalRunStatus, runDurationMs } from '@/lib/playbooks/run-status';
import { playbookRunsQuery } from '@/lib/playbooks/runs-queries';
import { playbookRunsHref, playbookRunsSearch } from '@/lib/playbooks/search';

const decoded = (path: string) => decodeURIComponent(path);

describe('the /playbooks/runs URL contract', () => {
  it('defaults to the last 7 days, sorted by creation, newest first, with nothing in the URL', () => {
    const values = playbookRunsSearch.parse(new URLSearchParams(''));
    expect(values).toMatchObject({
      playbook: null,
      status: null,
      rangeType: 'relative',
      range: 'now-7d',
      sortBy: 'created_at',
      sortDesc: true,
      pageIndex: 0,
    });
    expect(playbookRunsSearch.search(values)).toBe('');
    expect(playbookRunsQuery(values, 50)).toMatchObject({
      range: { type: 'relative', range: 'now-7d' },
      sortBy: 'created_at',
      sortDesc: true,
      pageSize: 50,
    });
  });

  it('reads filters, sort and page, and refuses an unknown sort', () => {
    const values = playbookRunsSearch.parse(
      new URLSearchParams('playbook=p1&status=failed&sortBy=status&sortDesc=false&pageIndex=2'),
    );
    expect(playbookRunsQuery(values, 25)).toMatchObject({
      playbookId: 'p1',
      status: 'failed',
      sortBy: 'status',
      sortDesc: false,
      pageIndex: 2,
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(playbookRunsSearch.parse(new URLSearchParams('sortBy=duration; drop table')).sortBy).toBe(
      'created_at',
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ignoring sortBy'));
    warn.mockRestore();
    expect(playbookRunsHref('abc')).toBe('/playbooks/runs?playbook=abc');
  });

  it("links to a playbook's runs exactly as the contract writes them (lib/playbooks/href.ts keeps the contract out)", () => {
    for (const id of ['abc', 'a b&c', 'ü/1']) {
      expect(playbookRunsHref(id)).toBe(`/playbooks/runs${playbookRunsSearch.search({ playbook: id })}`);
    }
  });
});

describe('playbook run endpoints', () => {
  it('sends the table sort to the server (upstream always sent created_at.desc) with the window and a count', () => {
    const e = playbookRunsEndpoint({
      playbookId: 'p1',
      status: 'failed',
      from: '2026-01-01T00:00:00.000Z',
      to: null,
      sortBy: 'start_time',
      sortDesc: false,
      pageIndex: 1,
      pageSize: 20,
    });
    const path = decoded(e.path);
    expect(path).toContain('order=start_time.asc.nullslast,id.desc');
    expect(path.match(/order=/g)).toHaveLength(1);
    expect(path).toContain('playbook_id=eq.p1');
    expect(path).toContain('status=eq.failed');
    expect(path).toContain('parent_id=is.null');
    expect(path).toContain(
      'or=(and(start_time.gte.2026-01-01T00:00:00.000Z),and(created_at.gte.2026-01-01T00:00:00.000Z))',
    );
    expect(path).toContain('limit=20');
    expect(path).toContain('offset=20');
    expect(e.headers).toEqual({ prefer: 'count=exact' });
  });

  it('reads one run with its children and approvals, and its actions through the rpc', () => {
    expect(decoded(playbookRunEndpoint('r1').path)).toContain('or=(id.eq.r1,parent_id.eq.r1)');
    expect(decoded(playbookRunEndpoint('r1').path)).toContain('playbook_approvals(');
    expect(playbookRunActionsEndpoint('r1').path).toBe('/db/rpc/get_playbook_run_actions?run_id=r1');
  });

  it("accepts artifact rows, the mask and null as an action's artifacts, and nothing else", () => {
    const base = { id: 'a', name: 'x' };
    expect(
      runActionSchema.safeParse({ ...base, artifacts: [{ id: 'f', filename: 'a.log', size: 3 }] }).success,
    ).toBe(true);
    expect(runActionSchema.safeParse({ ...base, artifacts: '********' }).success).toBe(true);
    expect(runActionSchema.safeParse({ ...base, artifacts: null }).success).toBe(true);
    expect(runActionSchema.safeParse({ ...base, artifacts: 'secret bytes' }).success).toBe(false);
  });
});

describe('run statuses', () => {
  it('knows which runs are live and which may be cancelled, and measures their duration', () => {
    expect(['completed', 'failed', 'cancelled', 'timed_out'].every(isFinalRunStatus)).toBe(true);
    expect(['running', 'scheduled', 'pending_approval', 'waiting'].some(isFinalRunStatus)).toBe(false);
    expect(isCancellable('pending_approval')).toBe(true);
    expect(isCancellable('completed')).toBe(false);
    expect(runDurationMs({ start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-01T00:01:30Z' })).toBe(
      90_000,
    );
    expect(runDurationMs({ start_time: '2026-01-01T00:00:00Z' }, Date.parse('2026-01-01T00:00:05Z'))).toBe(
      5000,
    );
    expect(runDurationMs({})).toBeNull();
  });
});
