import { patternRegex, routeTitleTable, titleFor } from '@/components/shell/route-titles';
import { matchRoute, ROUTES } from '@/lib/routes';

const table = routeTitleTable(ROUTES).map(([pattern, title]) => [patternRegex(pattern), title] as const);

function samplePaths(pattern: string): string[] {
  const one = pattern.replace(/\[\.\.\.\w+\]/g, 'a/b').replace(/\[\w+\]/g, 'x1');
  const other = pattern.replace(/\[\.\.\.\w+\]/g, 'only').replace(/\[\w+\]/g, 'changes');
  return [one, `${one}/`, other];
}

describe('header route titles', () => {
  it('gives the title matchRoute gives for every route of the registry', () => {
    for (const route of ROUTES) {
      for (const path of samplePaths(route.pattern)) {
        expect([path, titleFor(table, path)]).toEqual([path, matchRoute(path)?.route.title ?? '']);
      }
    }
  });

  it('prefers static segments and answers nothing for unknown paths', () => {
    for (const path of ['/catalog/changes', '/catalog/abc', '/settings/teams/t1', '/no/such/page', '/']) {
      expect(titleFor(table, path)).toBe(matchRoute(path)?.route.title ?? '');
    }
    expect(titleFor(table, '/no/such/page')).toBe('');
  });
});
