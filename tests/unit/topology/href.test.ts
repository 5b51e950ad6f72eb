import { componentChecksHref, componentHref, componentStatusHref } from '@/lib/topology';
import { matchRoute } from '@/lib/routes';

const ODD = 'a/b c';

describe('topology href builders', () => {
  it('encode the component id as one path segment of /topology/[id]', () => {
    expect(componentHref('c1')).toBe('/topology/c1');
    expect(componentHref(ODD)).toBe('/topology/a%2Fb%20c');
    const match = matchRoute(componentHref(ODD));
    expect(match?.route.pattern).toBe('/topology/[id]');
    expect(decodeURIComponent(match?.params.id ?? '')).toBe(ODD);
  });

  it('build the checks section and status filter on the component page', () => {
    expect(componentChecksHref(ODD)).toBe('/topology/a%2Fb%20c?sections=checks');
    expect(componentStatusHref(ODD, 'healthy')).toBe('/topology/a%2Fb%20c?status=healthy');
  });
});
