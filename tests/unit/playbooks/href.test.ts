import { playbookRunHref } from '@/lib/playbooks';
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
