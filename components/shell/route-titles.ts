/**
 * The header's title lookup without the route registry in the browser: the (console) layout (a server component)
 * turns lib/routes into a list of [pattern, title] in matching order, and the client header matches the live
 * pathname against it with the registry's own rules (tests/unit/shell/route-titles.test.ts compares the two).
 */
export type RouteTitle = readonly [pattern: string, title: string];

/** The regular expression of a pattern, as lib/routes builds it: `[param]` one segment, `[...param]` the rest. */
export function patternRegex(pattern: string): RegExp {
  const parts = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (/^\[\.\.\.(\w+)\]$/.test(segment)) return '(.+)';
      if (/^\[(\w+)\]$/.test(segment)) return '([^/]+)';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    });
  return new RegExp(`^/${parts.join('/')}/?$`);
}

function specificity(pattern: string): number[] {
  return pattern
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith('[...') ? 0 : s.startsWith('[') ? 1 : 2));
}

function compareSpecificity(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (b[i] ?? -1) - (a[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** Server side: the registry's routes in the order matchRoute tries them (static segments first). */
export function routeTitleTable(routes: readonly { pattern: string; title: string }[]): RouteTitle[] {
  return routes
    .map((r) => ({ entry: [r.pattern, r.title] as const, specificity: specificity(r.pattern) }))
    .sort((a, b) => compareSpecificity(a.specificity, b.specificity))
    .map((r) => r.entry);
}

/** Client side: the title of the first route whose pattern matches the pathname, or ''. */
export function titleFor(table: readonly (readonly [RegExp, string])[], pathname: string): string {
  return table.find(([regex]) => regex.test(pathname))?.[1] ?? '';
}
