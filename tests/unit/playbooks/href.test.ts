import { playbookHref, playbookRunHref } from '@/lib/playbooks';
import { matchRoute } from '@/lib/routes';

const ODD = 'a/b c';

describe('playbookRunHref', () => {
  it('encodes the run id as one path segment of /playbooks/runs/[id]', () => {
    expect(playbookRunHref('r1')).toBe('/playbooks/runs/r1');
    expect(playbookRunHref(ODD)).toBe('/playbooks/runs/a%2Fb%20c');
    const match = matchRoute(playbookRunHref(ODD));
    expect(match?.route.pattern).toBe('/playbooks/runs/[id]');
    expect(decodeURIComponent(match?.params.id ?? '')).toBe(ODD);
  });
});

describe('playbookHref', () => {
  it('encodes the playbook id as one path segment of /playbooks/[id], apart from /playbooks/runs', () => {
    expect(playbookHref('p1')).toBe('/playbooks/p1');
    expect(matchRoute(playbookHref('p1'))?.route.pattern).toBe('/playbooks/[id]');
    const match = matchRoute(playbookHref(ODD));
    expect(match?.route.pattern).toBe('/playbooks/[id]');
    expect(decodeURIComponent(match?.params.id ?? '')).toBe(ODD);
    // 'runs' as an id would be the runs list; playbook ids are UUIDs, so none reads 'runs'.
    expect(matchRoute('/playbooks/runs')?.route.pattern).toBe('/playbooks/runs');
  });
});
