import { integrationHref } from '@/lib/operations/href';
import { matchRoute } from '@/lib/routes';

describe('integrationHref', () => {
  it('encodes the kind and id as the two segments of /settings/integrations/[type]/[id]', () => {
    expect(integrationHref('scrapers', 'a/b c')).toBe('/settings/integrations/scrapers/a%2Fb%20c');
    const match = matchRoute(integrationHref('scrapers', 'a/b c'));
    expect(match?.route.pattern).toBe('/settings/integrations/[type]/[id]');
    expect(decodeURIComponent(match?.params.id ?? '')).toBe('a/b c');
  });
});
