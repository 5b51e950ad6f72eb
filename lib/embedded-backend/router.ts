import type { Route } from './endpoints/types';

interface CompiledRoute {
  route: Route;
  regex: RegExp;
  names: string[];
}

export type RouteMatch = { route: Route; params: Record<string, string> };

/** Compiles `/a/:id/*` patterns once; patterns come from our route files, never from requests. */
function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      if (segment === '*') {
        names.push('rest');
        return '(.*)';
      }
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { route, regex: new RegExp(`^${source}/?$`), names };
}

/** Finds the route for a method and path; `methodNotAllowed` when the path exists for other methods only. */
export function createRouter(routes: readonly Route[]) {
  const compiled = routes.map(compile);
  return (method: string, pathname: string): RouteMatch | { methodNotAllowed: true } | undefined => {
    let pathMatched = false;
    for (const c of compiled) {
      const m = c.regex.exec(pathname);
      if (!m) continue;
      pathMatched = true;
      if (c.route.method !== method.toUpperCase()) continue;
      const params: Record<string, string> = {};
      c.names.forEach((name, i) => {
        const raw = m[i + 1] ?? '';
        try {
          params[name] = decodeURIComponent(raw);
        } catch {
          params[name] = raw;
        }
      });
      return { route: c.route, params };
    }
    return pathMatched ? { methodNotAllowed: true } : undefined;
  };
}
