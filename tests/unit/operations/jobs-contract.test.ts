import { playbookHref } from '@/lib/playbooks';
import { jobHistoryEndpoint } from '@/lib/operations/jobs-endpoints';
import { jobResourceHref, jobStatusTone } from '@/lib/operations/job-display';
import { jobsListParams, jobsWindow } from '@/lib/operations/jobs-queries';
import { jobsSearch } from '@/lib/operations/jobs-search';

const parse = (search: string) => jobsSearch.parse(new URLSearchParams(search));
const query = (search: string, resource?: { id: string; types?: string[] }) =>
  new URL(`http://x${jobHistoryEndpoint(jobsListParams(parse(search), resource)).path}`).searchParams;

describe('jobs URL contract', () => {
  it('hides SUCCESS, shows two days and pages by 150 by default', () => {
    const q = query('');
    expect(q.get('status.filter')).toBe('!SUCCESS');
    expect(q.get('created_at.filter')).toBe('>now-2d,<now');
    expect(q.get('limit')).toBe('150');
    expect(q.get('offset')).toBe('0');
    expect(q.get('order')).toBe('created_at.desc');
    expect(q.has('resource_type.filter')).toBe(false);
    expect(q.has('duration_millis')).toBe(false);
  });

  it('maps every filter to the backend query', () => {
    const q = query(
      'name=sync%3Acanary:1,cleanup:-1&resource_type=topology&status=FAILED:1&duration=2m&rangeType=relative&range=now-7d&sortBy=duration_millis&sortOrder=asc&pageIndex=2&pageSize=50',
    );
    expect(q.get('name.filter')).toBe('sync:canary,!cleanup');
    expect(q.get('resource_type.filter')).toBe('topology');
    expect(q.get('status.filter')).toBe('FAILED');
    expect(q.get('duration_millis')).toBe('gte.120000');
    expect(q.get('created_at.filter')).toBe('>now-7d,<now');
    expect(q.get('order')).toBe('duration_millis.asc');
    expect([q.get('limit'), q.get('offset')]).toEqual(['50', '100']);
  });

  it('writes "all statuses" as status=all, not as the default, and drops defaults from links', () => {
    expect(jobsSearch.search({ status: {} })).toBe('?status=all');
    expect(query('status=all').has('status.filter')).toBe(false);
    expect(jobsSearch.search({ status: { SUCCESS: -1 }, pageSize: 150 })).toBe('');
    expect(jobsSearch.search({ duration: '30s', resource_type: 'canary' })).toBe(
      '?resource_type=canary&duration=30s',
    );
  });

  it('falls back to the defaults for malformed values', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const v = parse('status=SUCCESS:7&duration=7s&resource_type=team&pageSize=33&pageIndex=-1');
    expect(v).toMatchObject({
      status: { SUCCESS: -1 },
      duration: null,
      resource_type: null,
      pageSize: 150,
      pageIndex: 0,
    });
    warn.mockRestore();
  });

  it('fixes the resource for a Job History tab, ignoring the type filter of the URL', () => {
    const q = query('resource_type=canary', { id: 'abc', types: ['topology'] });
    expect(q.get('resource_id')).toBe('eq.abc');
    expect(q.get('resource_type.filter')).toBe('topology');
    expect(query('resource_type=canary', { id: 'abc' }).has('resource_type.filter')).toBe(false);
  });

  it('turns every kind of time range into the backend window', () => {
    expect(jobsWindow({ type: 'relative', display: '1 hour', range: 'now-1h' })).toEqual({
      from: 'now-1h',
      to: 'now',
    });
    expect(jobsWindow({ type: 'mapped', display: 'Yesterday', from: 'now-1d/d', to: 'now-1d/d' })).toEqual({
      from: 'now-1d/d',
      to: 'now-1d/d',
    });
    expect(
      jobsWindow({
        type: 'absolute',
        display: 'x',
        from: '2026-01-01T00:00:00.000Z',
        to: '2026-01-02T00:00:00.000Z',
      }),
    ).toEqual({ from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' });
  });
});

describe('job display', () => {
  it('links each resource type to its page', () => {
    expect(jobResourceHref('canary', 'a')).toBe('/settings/canaries/a');
    expect(jobResourceHref('config_scraper', 'b')).toBe('/catalog/scrapers/b');
    expect(jobResourceHref('catalog_scraper', 'b')).toBe('/catalog/scrapers/b');
    expect(jobResourceHref('topology', 'c')).toBe('/settings/topologies/c');
    expect(jobResourceHref('config', 'd')).toBe('/catalog/d');
    // 001 §2.2: a job of type playbook opens the playbook's page.
    expect(jobResourceHref('playbook', 'e')).toBe('/playbooks/e');
    for (const id of ['e', 'a b/c?d&e', '0c5f…'])
      expect(jobResourceHref('playbook', id)).toBe(playbookHref(id));
    expect(jobResourceHref('team', 'f')).toBeNull();
    expect(jobResourceHref('canary', null)).toBeNull();
  });

  it('colours the statuses as the spec says', () => {
    expect(['RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED', 'STALE'].map(jobStatusTone)).toEqual([
      'yellow',
      'green',
      'orange',
      'red',
      'red',
      'gray',
    ]);
  });
});
