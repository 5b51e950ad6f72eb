import { componentIncidentsHref, incidentHref } from '@/lib/incidents';
import { matchRoute } from '@/lib/routes';

const ODD = 'a/b c';

describe('incidents href builders', () => {
  it('encode the incident id as one path segment of /incidents/[id]', () => {
    expect(incidentHref('i1')).toBe('/incidents/i1');
    expect(incidentHref(ODD)).toBe('/incidents/a%2Fb%20c');
    const match = matchRoute(incidentHref(ODD));
    expect(match?.route.pattern).toBe('/incidents/[id]');
    expect(decodeURIComponent(match?.params.id ?? '')).toBe(ODD);
  });

  it('encode the component and type of the filtered list', () => {
    expect(componentIncidentsHref('c1', 'availability')).toBe('/incidents?component=c1&type=availability');
    expect(componentIncidentsHref(ODD, 'x&y')).toBe('/incidents?component=a%2Fb%20c&type=x%26y');
    const query = new URLSearchParams(componentIncidentsHref(ODD, 'x&y').split('?')[1]);
    expect([query.get('component'), query.get('type')]).toEqual([ODD, 'x&y']);
  });
});
