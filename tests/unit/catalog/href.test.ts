import { catalogItemHref, componentInsightsHref } from '@/lib/catalog';
import { CONFIG_TABS } from '@/lib/catalog/item-tabs';
import { matchRoute } from '@/lib/routes';

const ODD = 'a/b c';

describe('catalog href builders', () => {
  it('encode the item id as one path segment of /catalog/[id]', () => {
    expect(catalogItemHref('c1')).toBe('/catalog/c1');
    expect(catalogItemHref(ODD)).toBe('/catalog/a%2Fb%20c');
    const match = matchRoute(catalogItemHref(ODD));
    expect(match?.route.pattern).toBe('/catalog/[id]');
    expect(decodeURIComponent(match?.params.id ?? '')).toBe(ODD);
  });

  it("build every tab's route of an item", () => {
    expect(catalogItemHref(ODD, 'changes')).toBe('/catalog/a%2Fb%20c/changes');
    expect(catalogItemHref(ODD, 'insights')).toBe('/catalog/a%2Fb%20c/insights');
    for (const { segment } of CONFIG_TABS) {
      const pattern = segment ? `/catalog/[id]/${segment}` : '/catalog/[id]';
      expect(matchRoute(catalogItemHref(ODD, segment))?.route.pattern).toBe(pattern);
    }
  });

  it('encode the component and type of the insights list', () => {
    expect(componentInsightsHref('c1', 'security')).toBe('/catalog/insights?component=c1&type=security');
    expect(componentInsightsHref(ODD, 'x&y')).toBe('/catalog/insights?component=a%2Fb%20c&type=x%26y');
  });
});
