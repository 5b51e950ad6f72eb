import { canaryHref, scraperHref, teamHref, topologySettingsHref } from '@/lib/resources';
import { resourceHref } from '@/lib/resources/href';
import { RESOURCE_TABLES, SCRAPER_TABLE } from '@/lib/resources/resource-tables';
import { matchRoute } from '@/lib/routes';

const ODD = 'a/b c';

describe('resource href builders', () => {
  it('encode the id as one path segment of the table detail route', () => {
    expect(teamHref(ODD)).toBe('/settings/teams/a%2Fb%20c');
    expect(canaryHref(ODD)).toBe('/settings/canaries/a%2Fb%20c');
    expect(topologySettingsHref(ODD)).toBe('/settings/topologies/a%2Fb%20c');
    expect(scraperHref(ODD)).toBe('/catalog/scrapers/a%2Fb%20c');
    expect(resourceHref('incident_rules', 'r1')).toBe('/settings/incident_rules/r1');
  });

  it("land on each table's registered detail route, below its list page", () => {
    for (const def of [...RESOURCE_TABLES, SCRAPER_TABLE]) {
      const href = resourceHref(def.table, ODD);
      expect(href.startsWith(`${def.path}/`)).toBe(true);
      const match = matchRoute(href);
      expect(match?.route.pattern).toBe(`${def.path}/[id]`);
      expect(decodeURIComponent(match?.params.id ?? '')).toBe(ODD);
    }
  });
});
