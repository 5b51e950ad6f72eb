import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ROUTES, SIDEBAR_ROUTES } from '@/lib/routes';

/**
 * Every registry route has a page or is a redirect, except the screens still to build. That list may only shrink:
 * a screen's issue adds the page and deletes the route's `planned` flag and its line here (the test fails until
 * both are done); a new route cannot be added without its page.
 */
const STILL_TO_BUILD: string[] = [];

const APP_DIR = path.join(process.cwd(), 'app');

/** Route patterns of the app's page (or route handler) files: route groups `(name)` are not part of the URL. */
function pagePatterns(dir = APP_DIR, segments: string[] = [], file = 'page.tsx'): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      const grouped = /^\(.+\)$/.test(entry.name);
      found.push(
        ...pagePatterns(path.join(dir, entry.name), grouped ? segments : [...segments, entry.name], file),
      );
    } else if (entry.name === file) {
      found.push(`/${segments.join('/')}`);
    }
  }
  return found;
}

describe('registry routes and their pages', () => {
  const pages = new Set(pagePatterns());

  it('every route is a redirect, has a page, or is marked planned', () => {
    const missing = ROUTES.filter(
      (r) => !r.redirectTo && !r.planned && !r.handler && !pages.has(r.pattern),
    ).map((r) => r.pattern);
    expect(missing).toEqual([]);
  });

  it('a handler route has its route.ts and no page (the public status pages, the preview: issue 38)', () => {
    const handlers = new Set(pagePatterns(APP_DIR, [], 'route.ts'));
    const wrong = ROUTES.filter((r) => r.handler && (!handlers.has(r.pattern) || pages.has(r.pattern)));
    expect(wrong.map((r) => r.pattern)).toEqual([]);
  });

  it('a planned route has no page yet (a built screen deletes its planned flag)', () => {
    const built = ROUTES.filter((r) => r.planned && pages.has(r.pattern)).map((r) => r.pattern);
    expect(built).toEqual([]);
  });

  it('the planned routes are exactly the list still to build, which may only shrink', () => {
    const planned = ROUTES.filter((r) => r.planned).map((r) => r.pattern);
    expect([...planned].sort()).toEqual([...STILL_TO_BUILD].sort());
  });

  it('a redirect has no page of its own', () => {
    expect(ROUTES.filter((r) => r.redirectTo && pages.has(r.pattern)).map((r) => r.pattern)).toEqual([]);
  });

  it('every page is a registry route (a route that is not in the registry does not exist)', () => {
    const patterns = new Set(ROUTES.map((r) => r.pattern));
    // The console's catch-all answers unknown addresses with the 404 inside the shell.
    const unknown = [...pages].filter((p) => !patterns.has(p) && p !== '/[...unknown]');
    expect(unknown).toEqual([]);
  });

  it('the sidebar never leads to a planned route', () => {
    expect(SIDEBAR_ROUTES.filter((r) => r.planned)).toEqual([]);
  });
});
